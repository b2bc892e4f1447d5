import Foundation
import NearbyTestSupport
import Testing

@testable import MapRender

/// The rule that keeps pins from hiding each other, on seeded random pins.
@Suite struct PinSpreadingTests {
    static let spreading = PinSpreading(gap: 4, clusterRadius: 26, imageWidth: 1200, imageHeight: 800)

    /// A pin's head: the circle above its tip.
    static func head(_ tip: PixelPoint, radius: Double) -> PixelPoint {
        PixelPoint(x: tip.x, y: tip.y - radius * PinPainter.stemLength)
    }

    /// Past a thousand pins they start gathered by grid cell, and the rule still
    /// holds: every pin once, in a cluster or free, and no two shapes touching.
    /// (43,718 pins took 82 s when every pair of groups was compared.)
    @Test(arguments: [1_001, 40_000])
    func aCrowdOfPinsIsGatheredAndStillNeverTouches(count: Int) {
        var random = SeededGenerator(seed: UInt64(count))
        let pins = (0..<count).map { _ in
            PinSpreading.Pin(
                tip: PixelPoint(x: .random(in: 0...1200, using: &random), y: .random(in: 0...800, using: &random)), headRadius: 18)
        }
        let placement = Self.spreading.place(pins)
        let clustered = placement.clusters.flatMap(\.members)
        let inClusters = Set(clustered)
        #expect(clustered.count == inClusters.count, "a pin in two clusters")
        var circles: [(PixelPoint, Double)] = pins.indices.filter { !inClusters.contains($0) }.map {
            (Self.head(placement.tips[$0], radius: 18), 18)
        }
        circles += placement.clusters.map { ($0.centre, $0.radius) }
        #expect(circles.count < 2_000, "\(circles.count) shapes: the crowd is drawn as clusters")
        for a in circles.indices {
            for b in circles.indices where b > a {
                let (p, r) = circles[a], (q, s) = circles[b]
                #expect(hypot(p.x - q.x, p.y - q.y) >= r + s + 4 - 1e-6, "shapes \(a) and \(b) touch")
            }
        }
    }

    @Test(arguments: [2, 5, 12, 40, 150, 400, 1000])
    func noHeadTouchesAnotherAndEveryPinIsDrawnOnce(count: Int) {
        var random = SeededGenerator(seed: UInt64(count))
        // Crowded into the middle third, where heads must collide.
        let pins = (0..<count).map { _ in
            PinSpreading.Pin(
                tip: PixelPoint(x: .random(in: 400...800, using: &random), y: .random(in: 300...560, using: &random)),
                headRadius: 18)
        }
        let placement = Self.spreading.place(pins)
        let clustered = placement.clusters.flatMap(\.members)
        #expect(clustered.count == Set(clustered).count, "a pin in two clusters")
        #expect(placement.clusters.allSatisfy { $0.members.count > 1 })
        // Every shape drawn: the heads of free pins and the cluster discs.
        var circles: [(PixelPoint, Double)] = pins.indices.filter { !clustered.contains($0) }.map {
            (Self.head(placement.tips[$0], radius: 18), 18)
        }
        circles += placement.clusters.map { ($0.centre, $0.radius) }
        for a in circles.indices {
            for b in circles.indices where b > a {
                let (p, r) = circles[a], (q, s) = circles[b]
                #expect(hypot(p.x - q.x, p.y - q.y) >= r + s + 4 - 1e-6, "shapes \(a) and \(b) touch")
            }
        }
        // Inside the image, heads and tips.
        for (centre, radius) in circles {
            #expect(centre.x - radius >= 0 && centre.x + radius <= 1200 && centre.y - radius >= 0)
        }
        for index in pins.indices where !clustered.contains(index) {
            #expect(placement.tips[index].y <= 800)
        }
    }

    @Test func pinsApartStayOnTheirPlaces() {
        let pins = [PixelPoint(x: 100, y: 200), PixelPoint(x: 300, y: 200), PixelPoint(x: 100, y: 600)]
            .map { PinSpreading.Pin(tip: $0, headRadius: 18) }
        let placement = Self.spreading.place(pins)
        #expect(placement.tips == pins.map(\.tip))
        #expect(placement.clusters.isEmpty)
    }

    /// Pins on one spot stand on a ring in list order, the first at the top.
    @Test func pinsOnOneSpotFormARingInListOrder() throws {
        let spot = PixelPoint(x: 600, y: 400)
        let placement = Self.spreading.place(Array(repeating: PinSpreading.Pin(tip: spot, headRadius: 18), count: 4))
        #expect(placement.clusters.isEmpty)
        let heads = placement.tips.map { Self.head($0, radius: 18) }
        let centre = PixelPoint(x: heads.map(\.x).reduce(0, +) / 4, y: heads.map(\.y).reduce(0, +) / 4)
        #expect(heads[0].y < centre.y - 1 && abs(heads[0].x - centre.x) < 1e-6, "the first pin is at the top")
        #expect(heads[1].x > centre.x + 1, "then clockwise: right")
        #expect(heads[2].y > centre.y + 1, "bottom")
        #expect(heads[3].x < centre.x - 1, "left")
    }

    /// More than a ring holds becomes one cluster with every pin in it.
    @Test func aCrowdOnOneSpotIsACluster() throws {
        let spot = PixelPoint(x: 600, y: 400)
        let placement = Self.spreading.place(
            Array(repeating: PinSpreading.Pin(tip: spot, headRadius: 18), count: PinSpreading.ringLimit + 1))
        let cluster = try #require(placement.clusters.first)
        #expect(placement.clusters.count == 1)
        #expect(cluster.members == Array(0...PinSpreading.ringLimit))
        #expect(cluster.centre == spot)
    }

    /// A pin far off the image is not pulled onto it.
    @Test func pinsOffTheImageStayOff() {
        let far = PixelPoint(x: -5000, y: 400)
        let placement = Self.spreading.place(Array(repeating: PinSpreading.Pin(tip: far, headRadius: 18), count: 3))
        #expect(placement.tips == [far, far, far])
    }
}

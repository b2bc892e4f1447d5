import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// The tip of a pin must be on the place: found in the decoded PNG, not
/// taken from the renderer's own arithmetic.
@Suite struct PinTipTests {
    @Test(arguments: [(0.004, 1), (0.01, 2), (0.05, 3), (0.3, 1), (0.02, 3), (0.002, 2)])
    func tipIsOnTheProjectedCoordinate(span: Double, scale: Int) throws {
        // No tiles: a plain land background makes the pin's pixels easy to tell.
        let empty = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let snapshotter = try TestSupport.snapshotter(tiles: empty)
        let place = TestSupport.louisXV
        // Off-centre, so the test cannot pass by finding the image centre.
        let centre = TestSupport.coordinate(place.latitude + span / 5, place.longitude - span / 7)
        let options = MapSnapshotOptions(
            region: Region(center: centre, span: .init(latitudeDelta: span, longitudeDelta: span)),
            width: 400, height: 300, scale: scale,
            annotations: [Annotation(coordinate: place, title: "Le Louis XV", subtitle: "", category: .restaurant)])
        let snapshot = try snapshotter.snapshot(options)
        let decoded = try PNGDecoder.decode(Data(snapshot.pngData()))

        // Where the projection says the tip is, computed independently of the
        // snapshotter: PROJ metres → XYZ world pixels → image pixels.
        let viewport = snapshot.viewport
        let projected = try TestSupport.projection.project(place).worldPixel(zoom: viewport.pixelZoom)
        let centreWorld = try TestSupport.projection.project(centre).worldPixel(zoom: viewport.pixelZoom)
        let expectedX = projected.x - centreWorld.x.rounded() + Double(viewport.pixelWidth) / 2
        let expectedY = projected.y - centreWorld.y.rounded() + Double(viewport.pixelHeight) / 2

        // The lowest row holding the pin's red, near the expected column.
        var lowest: (x: Int, y: Int)?
        for y in stride(from: decoded.height - 1, through: 0, by: -1) {
            let columns = (Int(expectedX) - 6...Int(expectedX) + 6).filter { x in
                guard let p = decoded.rgba(x: x, y: y) else { return false }
                return Int(p.red) - Int(p.green) > 40
            }
            if !columns.isEmpty {
                lowest = (columns.reduce(0, +) / columns.count, y)
                break
            }
        }
        let tip = try #require(lowest)
        // The tip point lies on the bottom edge of its pixel row.
        #expect(abs(Double(tip.y) + 1 - expectedY) <= 1, "tip row \(tip.y) vs \(expectedY) at zoom \(viewport.zoom), scale \(scale)")
        #expect(abs(Double(tip.x) + 0.5 - expectedX) <= 1, "tip column \(tip.x) vs \(expectedX)")
        #expect(abs(snapshot.pinTips[0].x - expectedX) < 1e-6)
    }

    /// A fitted map keeps every pin whole, clear of the edges and of the
    /// credit's box: pins at the four extremes of a list, found in the
    /// decoded PNG by their red, at sizes from a thumbnail to the largest.
    @Test(arguments: [(200, 150, 1), (200, 150, 2), (320, 240, 3), (600, 400, 2), (1024, 768, 1), (2048, 2048, 2)])
    func fittedPinsAreWholeAndClearOfTheCredit(width: Int, height: Int, scale: Int) throws {
        let empty = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let snapshotter = try TestSupport.snapshotter(tiles: empty)
        // North, south, west and east ends of Monaco, as a list would give them.
        let places = [(43.7519, 7.4397), (43.7247, 7.4091), (43.7300, 7.4080), (43.7490, 7.4420)]
        let options = MapSnapshotOptions(
            fittingAnnotations: places.enumerated().map { index, place in
                Annotation(
                    coordinate: TestSupport.coordinate(place.0, place.1), title: "", subtitle: "", category: .restaurant,
                    label: String(index + 1))
            },
            width: width, height: height, scale: scale)
        let snapshot = try snapshotter.snapshot(options)
        let decoded = try PNGDecoder.decode(Data(snapshot.pngData()))
        func isPin(_ x: Int, _ y: Int) -> Bool {
            guard let p = decoded.rgba(x: x, y: y) else { return false }
            return Int(p.red) - Int(p.green) > 60 && Int(p.red) - Int(p.blue) > 60
        }
        let credit = Int((LabelPainter.attributionHeight * Double(scale)).rounded(.up))
        var pinPixels = 0
        for y in 0..<decoded.height {
            for x in 0..<decoded.width where isPin(x, y) {
                pinPixels += 1
                #expect(y > 0 && x > 0 && x < decoded.width - 1, "a pin touches the edge at \(x),\(y)")
                #expect(y < decoded.height - credit, "a pin reaches the credit's box at \(x),\(y)")
            }
        }
        #expect(pinPixels > 4 * 100 * scale * scale, "every pin is drawn (\(pinPixels) red pixels)")
        // Each tip, where the snapshot says it is, is on a pin's red.
        for tip in snapshot.pinTips where !snapshot.clusters.contains(where: { $0.centre == tip }) {
            let x = Int(tip.x), y = Int(tip.y) - 2
            #expect((x - 2...x + 2).contains { isPin($0, y) }, "no pin above the tip \(tip)")
        }
    }

    /// A cluster of 21 must not read as pin 21: a white square, where a pin is
    /// a drop in its kind's colour (issue 30).
    @Test func aClusterLooksLikeNoPin() throws {
        let empty = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let snapshotter = try TestSupport.snapshotter(tiles: empty)
        let spot = TestSupport.louisXV
        let crowd = (1...PinSpreading.ringLimit + 1).map { number in
            Annotation(coordinate: spot, title: "", subtitle: "", category: .restaurant, label: String(number))
        }
        let options = MapSnapshotOptions(
            region: Region(center: spot, span: .init(latitudeDelta: 0.01, longitudeDelta: 0.01)), width: 600, height: 400, scale: 2,
            annotations: crowd)
        let snapshot = try snapshotter.snapshot(options)
        let cluster = try #require(snapshot.clusters.first)
        #expect(snapshot.clusters.count == 1 && cluster.members.count == crowd.count)
        let decoded = try PNGDecoder.decode(Data(snapshot.pngData()))
        // Towards a corner, clear of the count: white inside the square, where a disc would not reach.
        let corner = try #require(
            decoded.rgba(x: Int(cluster.centre.x + 0.55 * cluster.radius), y: Int(cluster.centre.y - 0.55 * cluster.radius)))
        #expect(corner.red > 240 && corner.green > 240 && corner.blue > 240, "\(corner)")
    }
}

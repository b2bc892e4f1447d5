import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// Static map requests drawn on plain land (an empty tile directory), checked
/// in the decoded PNG at positions computed from PROJ independently of the
/// snapshotter.
@Suite struct StaticMapDrawingTests {
    typealias RGBA = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

    struct Drawn {
        let snapshot: MapSnapshot
        let image: PixelBuffer
        let centre: Coordinate

        /// Where `coordinate` lands on the image, from PROJ alone.
        func expected(_ coordinate: Coordinate) throws -> PixelPoint {
            let zoom = snapshot.viewport.pixelZoom
            let point = try TestSupport.projection.project(coordinate).worldPixel(zoom: zoom)
            let middle = try TestSupport.projection.project(centre).worldPixel(zoom: zoom)
            return PixelPoint(
                x: point.x - middle.x.rounded() + Double(image.width) / 2,
                y: point.y - middle.y.rounded() + Double(image.height) / 2)
        }

        func pixel(_ point: PixelPoint, dx: Double = 0, dy: Double = 0) -> RGBA? {
            image.rgba(x: Int((point.x + dx).rounded(.down)), y: Int((point.y + dy).rounded(.down)))
        }
    }

    static func draw(_ query: String) throws -> Drawn {
        let empty = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let request = try StaticMapRequestTests.parse(query)
        let snapshot = try TestSupport.snapshotter(tiles: empty).snapshot(request.snapshotOptions)
        let image = try PNGDecoder.decode(Data(snapshot.pngData()))
        let centre: Coordinate
        switch request.framing {
        case .centred(let given, _): centre = given
        case .region(let region), .regionWithPerson(let region, _): centre = region.center
        case .fitting(let positions): centre = try #require(Region(fitting: positions)).center
        }
        return Drawn(snapshot: snapshot, image: image, centre: centre)
    }

    static func close(_ pixel: RGBA?, _ red: Int, _ green: Int, _ blue: Int, tolerance: Int = 3) -> Bool {
        guard let pixel else { return false }
        return abs(Int(pixel.red) - red) <= tolerance && abs(Int(pixel.green) - green) <= tolerance
            && abs(Int(pixel.blue) - blue) <= tolerance
    }

    @Test(arguments: [1, 2, 3])
    func markersAreInTheirColoursAtTheirPositions(scale: Int) throws {
        let drawn = try Self.draw(
            "center=43.7384,7.4246&zoom=16&size=400x300&scale=\(scale)"
                + "&markers=color:blue|43.7397159,7.4276948&markers=color:0x00AA00|size:mid|43.7389507,7.4245361")
        let places = [TestSupport.cafeDeParis, TestSupport.cmbATM]
        let colours = [(0, 0, 255), (0, 0xAA, 0)]
        let radii = [PinPainter.headRadius, 7.0]
        for index in 0..<2 {
            let tip = try drawn.expected(places[index])
            #expect(abs(drawn.snapshot.markerTips[index].x - tip.x) < 1e-6 && abs(drawn.snapshot.markerTips[index].y - tip.y) < 1e-6)
            // Inside the head, between its white centre and its rim.
            let head = radii[index] * Double(scale)
            let inHead = drawn.pixel(tip, dy: -head * PinPainter.stemLength + head * 0.7)
            #expect(
                Self.close(inHead, colours[index].0, colours[index].1, colours[index].2), "\(String(describing: inHead)) at scale \(scale)")
            #expect(Self.close(drawn.pixel(tip, dy: -head * PinPainter.stemLength), 255, 255, 255), "white centre")
            // Just below the tip is the map, not the pin.
            #expect(TestSupport.isLand(drawn.pixel(tip, dy: 2 * Double(scale))))
        }
    }

    /// The label's glyph is drawn on the head: dark pixels on a yellow pin,
    /// none without a label, and none on a tiny pin, which carries no label.
    @Test func labelsAreDrawnOnNormalAndMidPinsOnly() throws {
        func darkPixelsInHead(_ style: String, radius: Double) throws -> Int {
            let drawn = try Self.draw("center=43.7384,7.4246&zoom=16&size=200x200&scale=2&markers=color:yellow|\(style)43.7384,7.4246")
            let tip = try drawn.expected(Self.monaco)
            let head = radius * 2
            var dark = 0
            for y in Int(tip.y - head * (PinPainter.stemLength + 1))...Int(tip.y - head * (PinPainter.stemLength - 1)) {
                for x in Int(tip.x - head)...Int(tip.x + head) {
                    if let p = drawn.image.rgba(x: x, y: y), p.red < 90, p.green < 90, p.blue < 90 { dark += 1 }
                }
            }
            return dark
        }
        #expect(try darkPixelsInHead("", radius: PinPainter.headRadius) == 0)
        #expect(try darkPixelsInHead("label:A|", radius: PinPainter.headRadius) > 20)
        #expect(try darkPixelsInHead("label:7|size:mid|", radius: 7) > 10)
        #expect(try darkPixelsInHead("label:A|size:tiny|", radius: 3.5) == 0)
        // A label is one glyph, and different glyphs differ.
        let a = try Self.draw("center=43.7384,7.4246&zoom=16&size=100x100&markers=color:yellow|label:A|43.7384,7.4246")
        let b = try Self.draw("center=43.7384,7.4246&zoom=16&size=100x100&markers=color:yellow|label:B|43.7384,7.4246")
        #expect(try a.snapshot.pngData() != b.snapshot.pngData())
    }
    static let monaco = TestSupport.coordinate(43.7384, 7.4246)

    @Test func pathsAreStrokedInTheirColourAndWeight() throws {
        // West to east through the centre, 6 points wide at scale 2.
        let drawn = try Self.draw(
            "center=43.7384,7.4246&zoom=16&size=400x300&scale=2"
                + "&path=color:0xFF0000|weight:6|43.7384,7.4220|43.7384,7.4270"
                + "&path=color:0x0000FF80|weight:4|43.7400,7.4200|43.7400,7.4290")
        let west = try drawn.expected(TestSupport.coordinate(43.7384, 7.4220))
        let east = try drawn.expected(TestSupport.coordinate(43.7384, 7.4270))
        let middle = PixelPoint(x: (west.x + east.x) / 2, y: west.y)
        #expect(Self.close(drawn.pixel(middle), 255, 0, 0))
        #expect(Self.close(drawn.pixel(middle, dy: -5), 255, 0, 0), "6 points at 2x are 12 pixels")
        #expect(TestSupport.isLand(drawn.pixel(middle, dy: -8)))
        #expect(TestSupport.isLand(drawn.pixel(middle, dy: 8)))
        // Round caps: the line ends a half-width past its last point, no further.
        #expect(Self.close(drawn.pixel(east, dx: 4), 255, 0, 0))
        #expect(TestSupport.isLand(drawn.pixel(east, dx: 8)))
        // Half-transparent blue over land: the land shows through.
        let blue = try drawn.expected(TestSupport.coordinate(43.7400, 7.4245))
        let land = BasemapStyle.land
        let expectedRed = Int((land.r * 255 * (1 - 128.0 / 255)).rounded())
        #expect(
            Self.close(
                drawn.pixel(blue), expectedRed, Int((land.g * 255 * (1 - 128.0 / 255)).rounded()),
                Int((land.b * 255 * (1 - 128.0 / 255) + 128).rounded()), tolerance: 3),
            "\(String(describing: drawn.pixel(blue)))")
    }

    @Test func filledPolygonsAreFilledAndOutlined() throws {
        let corners = "43.7370,7.4230|43.7370,7.4260|43.7398,7.4260|43.7398,7.4230"
        let drawn = try Self.draw("center=43.7384,7.4246&zoom=16&size=400x300&path=fillcolor:0x00FF00|color:black|weight:2|\(corners)")
        let inside = try drawn.expected(TestSupport.coordinate(43.7384, 7.4245))
        #expect(Self.close(drawn.pixel(inside), 0, 255, 0))
        // The closing edge (back to the first corner) is drawn too.
        let westEdge = try drawn.expected(TestSupport.coordinate(43.7384, 7.4230))
        #expect(Self.close(drawn.pixel(westEdge), 0, 0, 0, tolerance: 40))
        let outside = try drawn.expected(TestSupport.coordinate(43.7384, 7.4220))
        #expect(TestSupport.isLand(drawn.pixel(outside)))
    }

    /// At zoom 20 New York is half a billion pixels away: the line towards it
    /// is clipped before cairo's fixed-point coordinates could overflow, and
    /// still leaves the image in New York's direction.
    @Test func farAwayPointsAreClippedNotGarbled() throws {
        let drawn = try Self.draw(
            "center=43.7384,7.4246&zoom=20&size=200x200&scale=3"
                + "&path=color:red|weight:4|43.7384,7.4246|40.7128,-74.0060&markers=40.7128,-74.0060")
        let start = try drawn.expected(Self.monaco)
        #expect(Self.close(drawn.pixel(start, dx: -20), 255, 0, 0), "the line runs west from the centre")
        #expect(TestSupport.isLand(drawn.pixel(start, dx: 20)))
        #expect(drawn.snapshot.markerTips[0].x < -1_000_000)
    }

    @Test func fittedMapsShowEveryMarkerPathPointAndVisibleLocation() throws {
        let visible = [TestSupport.coordinate(43.7300, 7.4150), TestSupport.coordinate(43.7510, 7.4390)]
        let drawn = try Self.draw(
            "size=320x240&scale=2&visible=43.7300,7.4150|43.7510,7.4390"
                + "&markers=color:red|43.7397159,7.4276948|43.7391072,7.4273334|43.747042,7.4385701"
                + "&path=43.7389507,7.4245361|43.7320,7.4200")
        let viewport = drawn.snapshot.viewport
        let points = try TestSupport.projection.project(visible + [TestSupport.cmbATM, TestSupport.coordinate(43.7320, 7.4200)])
        for pixel in drawn.snapshot.markerTips + points.map(viewport.pixel(for:)) {
            #expect((0...640).contains(pixel.x) && (0...480).contains(pixel.y), "\(pixel) at zoom \(viewport.zoom)")
        }
    }

    /// A fitted map shows whole markers, heads included, as Google's do: it
    /// zooms out when the fit of the positions alone would cut a head.
    @Test func fittedMapsShowWholeMarkerHeads() throws {
        var zoomedOut = 0
        for (size, north) in [("200x200", 43.7500), ("300x120", 43.7420), ("120x300", 43.7600), ("400x300", 43.7330)] {
            let query = "size=\(size)&scale=2&markers=43.7300,7.4246|\(north),7.4250"
            let drawn = try Self.draw(query)
            let request = try StaticMapRequestTests.parse(query)
            for tip in drawn.snapshot.markerTips {
                let radius = PinPainter.headRadius * 2
                #expect(tip.y - radius * (PinPainter.stemLength + 1) >= 0, "\(query): head cut at the top")
                #expect(tip.x - radius >= 0 && tip.x + radius <= Double(drawn.image.width), "\(query): head cut at a side")
            }
            let positionsOnly = try MapViewport(
                region: #require(Region(fitting: request.markers.map(\.coordinate))),
                width: request.width, height: request.height, scale: 2, projection: TestSupport.projection)
            if drawn.snapshot.viewport.zoom < positionsOnly.zoom { zoomedOut += 1 }
            #expect(drawn.snapshot.viewport.zoom >= positionsOnly.zoom - 1, "one level out is always enough here")
        }
        #expect(zoomedOut > 0, "no case needed the heads taken into account")
    }

    @Test func staticMapsCarryTheAttribution() throws {
        let drawn = try Self.draw("center=43.7384,7.4246&zoom=16&size=300x100")
        var dark = 0
        for y in 85..<100 {
            for x in 150..<300 {
                if let p = drawn.image.rgba(x: x, y: y), p.red < 120, p.green < 120, p.blue < 120 { dark += 1 }
            }
        }
        #expect(dark > 50)
    }
}

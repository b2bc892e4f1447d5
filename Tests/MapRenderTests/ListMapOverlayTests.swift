import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// The search circle and the scale bar a list's map carries.
@Suite struct ListMapOverlayTests {
    @Test(arguments: [
        (1234.0, DistanceUnit.kilometres, 1000.0, "1 km"),
        (450, .kilometres, 200, "200 m"),
        (7.5, .kilometres, 5, "5 m"),
        (26_000, .kilometres, 20_000, "20 km"),
        (300, .miles, 160.9344, "0.1 mi"),
        (5000, .miles, 3218.688, "2 mi"),
        (100, .miles, 60.96, "200 ft"),
    ])
    func aRoundLengthInTheUnits(atMost: Double, unit: DistanceUnit, metres: Double, text: String) throws {
        let length = try #require(ScaleBarPainter.length(atMost: atMost, unit: unit))
        #expect(abs(length.metres - metres) < 1e-6)
        #expect(length.text == text)
    }

    static func render(_ options: MapSnapshotOptions) throws -> (MapSnapshot, PixelBuffer) {
        let empty = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let snapshot = try TestSupport.snapshotter(tiles: empty).snapshot(options)
        return (snapshot, try PNGDecoder.decode(Data(snapshot.pngData())))
    }

    /// The rim passes through the points 500 m from the centre due north,
    /// east, south and west, each found on the ellipsoid by geographiclib's
    /// direct problem (PROJ) and checked back with the inverse.
    @Test func theCircleIsTheSearchRadiusOnTheGround() throws {
        let centre = TestSupport.userPosition
        var options = MapSnapshotOptions(framing: .centred(centre, zoom: 15), width: 400, height: 300, scale: 1)
        options.searchCircle = SearchCircle(centre: centre, radius: 500)
        let (snapshot, image) = try Self.render(options)
        for azimuth in [0.0, 90, 180, 270] {
            let rim = Geodesic.destination(from: centre, azimuth: azimuth, metres: 500)
            #expect(abs(Geodesic.karney(from: centre, to: rim) - 500) < 1e-6)
            let pixel = snapshot.viewport.pixel(for: try TestSupport.projection.project(rim))
            let near = (-1...1).flatMap { dx in (-1...1).compactMap { dy in image.rgba(x: Int(pixel.x) + dx, y: Int(pixel.y) + dy) } }
            #expect(near.contains { Int($0.blue) - Int($0.red) > 40 }, "no rim at azimuth \(azimuth) (\(pixel))")
        }
        // Inside is tinted, outside is plain land.
        let land = try #require(image.rgba(x: 2, y: 2))
        let inside = try #require(image.rgba(x: 200, y: 150 - 20))
        #expect(inside != land && Int(inside.blue) > Int(land.blue))
    }

    /// A circle far wider than a close map tints all of it: clipped before
    /// cairo sees it, since its outline lies millions of pixels away.
    @Test func aCircleWiderThanTheMapTintsAllOfIt() throws {
        let centre = TestSupport.userPosition
        var options = MapSnapshotOptions(framing: .centred(centre, zoom: 19), width: 200, height: 150, scale: 2)
        options.searchCircle = SearchCircle(centre: centre, radius: 2_000_000)
        let (_, image) = try Self.render(options)
        for (x, y) in [(0, 0), (399, 0), (0, 299), (399, 250), (200, 150)] {
            let pixel = try #require(image.rgba(x: x, y: y))
            // Plain land is F2EFE9; the tint takes red down and leaves blue up.
            #expect(pixel.red < 0xF0 && pixel.blue >= 0xE9, "(\(x), \(y)) is \(pixel)")
        }
    }

    /// The bar's drawn length, in pixels, times the ground size of a pixel
    /// at the centre (Web Mercator's scale: the equator's pixel size times
    /// the cosine of the latitude) is the length its text says, within 1%.
    @Test(arguments: [(15, 1, DistanceUnit.kilometres), (13, 2, .miles), (17, 3, .miles), (9, 1, .kilometres)])
    func theBarMeasuresWhatItSays(zoom: Int, scale: Int, unit: DistanceUnit) throws {
        let centre = TestSupport.userPosition
        var options = MapSnapshotOptions(framing: .centred(centre, zoom: zoom), width: 300, height: 200, scale: scale)
        options.scaleBar = unit
        let (snapshot, image) = try Self.render(options)
        // The bar's baseline is the longest dark run in the bottom rows.
        var longest = 0
        for y in (image.height - 12 * scale)..<image.height {
            var run = 0
            for x in 0..<image.width / 2 {
                if let p = image.rgba(x: x, y: y), p.red < 90, p.green < 90, p.blue < 90 {
                    run += 1
                    longest = max(longest, run)
                } else {
                    run = 0
                }
            }
        }
        let metresPerPixel =
            2 * Double.pi * Geodesic.equatorialRadius * cos(centre.latitude * .pi / 180)
            / (256 * pow(2, snapshot.viewport.pixelZoom))
        let maximum = ScaleBarPainter.maximumLength * Double(scale) * metresPerPixel
        let expected = try #require(ScaleBarPainter.length(atMost: maximum, unit: unit))
        #expect(longest > 20 * scale)
        // The ends are ticks as wide as the line, 1.5 points: the run is that much longer.
        let ends = 1.5 * Double(scale) + 2
        #expect(
            abs(Double(longest) * metresPerPixel - expected.metres) / expected.metres < 0.01 + ends / Double(longest),
            "\(longest) px for \(expected.text)")
    }
}

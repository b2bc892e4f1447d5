import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// The names on the basemap, on the Monaco extract.
@Suite struct BasemapLabelTests {
    static var renderer: BasemapTileRenderer? { BasemapTests.renderer }

    /// The names OpenStreetMap gives Monaco's quarters (place=suburb), and
    /// streets of each class, as osmium lists them from Data/monaco.osm.pbf.
    @Test func monacosNamesAreWritten() throws {
        let renderer = try #require(Self.renderer)
        let quarters = Set(renderer.labels(zoom: 14).all.map(\.name))
        for quarter in ["Monte-Carlo", "La Condamine", "Fontvieille"] {
            #expect(quarters.contains(quarter), "\(quarter) at zoom 14")
        }
        // Beside the city's own name at 14; room for both at 16.
        #expect(Set(renderer.labels(zoom: 16).all.map(\.name)).isSuperset(of: ["Monaco", "Monaco-Ville"]))
        let streets = Set(renderer.labels(zoom: 17).all.filter { $0.pieces.count > 1 }.map(\.name))
        #expect(streets.count > 40, "\(streets.count) street names at zoom 17")
        #expect(streets.contains("Boulevard Princesse Charlotte"))
        #expect(streets.contains("Boulevard du Larvotto"))
    }

    /// No two labels share a pixel, at any zoom, anywhere on the extract:
    /// they are placed once for the whole world, not tile by tile.
    @Test(arguments: [12, 14, 15, 16, 17, 18])
    func noTwoLabelsOverlap(zoom: Int) throws {
        let labels = try #require(Self.renderer).labels(zoom: zoom).all
        let boxes = labels.enumerated().flatMap { index, label in label.boxes.map { (index, $0) } }
        // One expectation for all pairs: one per pair made this a minute of the suite under a sanitizer.
        var overlapping: [String] = []
        for a in boxes.indices {
            for b in boxes.indices where b > a && boxes[a].0 != boxes[b].0 && boxes[a].1.overlaps(boxes[b].1) {
                overlapping.append("\(labels[boxes[a].0].name) and \(labels[boxes[b].0].name)")
            }
        }
        #expect(overlapping.isEmpty, "at zoom \(zoom): \(overlapping.prefix(10))")
    }

    /// Street names read left to right: no letter leans more than 10° past vertical.
    @Test func streetNamesAreNeverUpsideDown() throws {
        for label in try #require(Self.renderer).labels(zoom: 17).all where label.pieces.count > 1 {
            for piece in label.pieces {
                #expect(cos(piece.angle) >= cos(100 * Double.pi / 180) - 1e-9, "\(label.name) at \(piece.angle) rad")
            }
            // And each letter stands after the one before it.
            for (a, b) in zip(label.pieces, label.pieces.dropFirst()) {
                #expect((b.x - a.x) * cos(a.angle) + (b.y - a.y) * sin(a.angle) > 0, "\(label.name)")
            }
        }
    }

    /// A label crossing a tile border is whole on both sides: the two tiles
    /// drawn apart are, pixel for pixel, the block drawn at once.
    @Test func labelsCrossTileBordersWhole() throws {
        let renderer = try #require(Self.renderer)
        let zoom = 17
        let labels = renderer.labels(zoom: zoom).all
        // A street name that straddles a vertical border between two columns.
        let crossing = try #require(
            labels.first { label in
                label.pieces.count > 1 && Int(label.bounds.minX / 256) != Int(label.bounds.maxX / 256)
                    && Int(label.bounds.minY / 256) == Int(label.bounds.maxY / 256)
            })
        let column = Int(crossing.bounds.minX / 256), row = Int(crossing.bounds.minY / 256)
        let block = renderer.draw(zoom: zoom, column: column, row: row, columns: 2, rows: 1)
        let left = renderer.draw(TileKey(z: zoom, x: column, y: row))
        let right = renderer.draw(TileKey(z: zoom, x: column + 1, y: row))
        var largest = 0, differing = 0, inLabel = 0
        for y in 0..<256 {
            for x in 0..<512 {
                let whole = try #require(block.rgba(x: x, y: y))
                let part = try #require(x < 256 ? left.rgba(x: x, y: y) : right.rgba(x: x - 256, y: y))
                let difference = max(
                    abs(Int(whole.red) - Int(part.red)), abs(Int(whole.green) - Int(part.green)), abs(Int(whole.blue) - Int(part.blue)))
                largest = max(largest, difference)
                if difference > 0 { differing += 1 }
                let world = (x: Double(column * 256 + x) + 0.5, y: Double(row * 256 + y) + 0.5)
                let letter = Int(whole.red) + Int(whole.green) + Int(whole.blue) < 300
                if letter,
                    crossing.boxes.contains(where: { $0.minX <= world.x && world.x <= $0.maxX && $0.minY <= world.y && world.y <= $0.maxY })
                {
                    inLabel = max(inLabel, difference)
                }
            }
        }
        // The label's letters are the same on both sides of the border. Elsewhere cairo
        // strokes thin building outlines a shade differently where a
        // surface ends, a few levels on a few pixels.
        #expect(inLabel <= 1, "\(crossing.name) differs by \(inLabel)")
        #expect(largest <= 4 && differing < 300, "\(differing) pixels differ, by up to \(largest)")
        // And the label is drawn: dark letters on both sides of the border.
        func darkPixels(_ tile: PixelBuffer, columns: Range<Int>) -> Int {
            (0..<256).reduce(0) { count, y in
                count
                    + columns.filter { x in tile.rgba(x: x, y: y).map { Int($0.red) + Int($0.green) + Int($0.blue) < 250 } ?? false }.count
            }
        }
        #expect(darkPixels(left, columns: 240..<256) > 0 && darkPixels(right, columns: 0..<16) > 0)
    }

    /// DejaVu Sans has a glyph for every character of every name in the
    /// extract, accents, Greek and Cyrillic included.
    @Test func theFontCarriesEveryName() throws {
        let renderer = try #require(Self.renderer)
        let metrics = GlyphMetrics()
        let names = Set(renderer.labels(zoom: 18).all.map(\.name) + renderer.labels(zoom: 14).all.map(\.name))
        #expect(names.contains { $0.contains("é") || $0.contains("è") || $0.contains("ô") }, "some name has an accent")
        for name in names.sorted() {
            #expect(metrics.missingGlyphs(name, .street(zoom: 17)).isEmpty, "\(name)")
        }
        #expect(metrics.missingGlyphs("Αθήνα Москва Zürich", .street(zoom: 17)).isEmpty)
    }
}

import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// No name of the basemap under a pin, a pin's name bubble or the person's
/// dot: each tile under one is drawn again from the extract without the
/// names that would lie there, on Monaco's real data.
@Suite struct LabelsUnderPinsTests {
    /// Draws Monaco's tiles with every name left out: the ground the cleared tiles show where a name was.
    final class Ground: TileRendering {
        let renderer: BasemapTileRenderer
        init(_ renderer: BasemapTileRenderer) { self.renderer = renderer }
        func renderTile(_ key: TileKey) throws -> PixelBuffer {
            renderer.draw(zoom: key.z, column: key.x, row: key.y, columns: 1, rows: 1, omitting: Set(renderer.labels(zoom: key.z).all))
        }
    }

    /// Draws Monaco's tiles whole, as before names kept out of pins: a renderer that knows no names' places.
    final class Whole: TileRendering {
        let renderer: BasemapTileRenderer
        init(_ renderer: BasemapTileRenderer) { self.renderer = renderer }
        func renderTile(_ key: TileKey) throws -> PixelBuffer { try renderer.renderTile(key) }
    }

    static func snapshot(_ options: MapSnapshotOptions, _ basemap: any TileRendering, tiles: any TileSet = NoTiles()) throws -> MapSnapshot
    {
        try MapSnapshotter(tiles: TileSource(tiles: tiles, onDemand: basemap), projection: TestSupport.projection).snapshot(options)
    }

    /// What the map's overlays cover, in image pixels: each pin standing
    /// alone from its head's top to its tip, each name bubble, the person's dot.
    static func covered(_ snapshot: MapSnapshot, _ options: MapSnapshotOptions) -> [CollisionGrid.Box] {
        let pins = PinPainter(scale: Double(options.scale))
        let clustered = Set(snapshot.clusters.flatMap(\.members))
        var boxes = options.annotations.indices.filter { !clustered.contains($0) }.map { index in
            let selected = options.annotations[index].isSelected, tip = snapshot.pinTips[index]
            let radius = pins.headRadius(selected: selected)
            return CollisionGrid.Box(minX: tip.x - radius, minY: tip.y - pins.height(selected: selected), maxX: tip.x + radius, maxY: tip.y)
        }
        boxes += snapshot.titleBoxes.values
        if let dot = snapshot.userPosition, snapshot.userArrow == nil {
            let radius = UserPositionPainter.dotRadius * Double(options.scale)
            boxes.append(CollisionGrid.Box(minX: dot.x - radius, minY: dot.y - radius, maxX: dot.x + radius, maxY: dot.y + radius))
        }
        return boxes
    }

    /// The basemap's names on the image, each as its boxes in image pixels.
    static func labels(on snapshot: MapSnapshot, _ renderer: BasemapTileRenderer) -> [[CollisionGrid.Box]] {
        let viewport = snapshot.viewport, origin = viewport.origin, scale = viewport.tileScale
        let image = CollisionGrid.Box(minX: 0, minY: 0, maxX: Double(viewport.pixelWidth), maxY: Double(viewport.pixelHeight))
        return renderer.labels(zoom: viewport.tileZoom).all.map { label in
            label.boxes.map { box in
                CollisionGrid.Box(
                    minX: box.minX * scale - origin.x, minY: box.minY * scale - origin.y,
                    maxX: box.maxX * scale - origin.x, maxY: box.maxY * scale - origin.y)
            }
        }.filter { $0.contains(where: image.overlaps) }
    }

    /// How many pixels inside `boxes` differ between two images of one size.
    static func differences(_ a: MapSnapshot, _ b: MapSnapshot, in boxes: [CollisionGrid.Box]) -> Int {
        var count = 0
        for box in boxes {
            let left = max(Int(box.minX.rounded(.down)), 0), right = min(Int(box.maxX.rounded(.up)), a.image.width)
            let top = max(Int(box.minY.rounded(.down)), 0), bottom = min(Int(box.maxY.rounded(.up)), a.image.height)
            guard left < right, top < bottom else { continue }
            let xs = left..<right, ys = top..<bottom
            for y in ys {
                for x in xs where a.image.rgba(x: x, y: y)! != b.image.rgba(x: x, y: y)! { count += 1 }
            }
        }
        return count
    }

    static let cafes: [(Double, Double)] = [
        (43.7397159, 7.4276948), (43.7391072, 7.4273334), (43.7389507, 7.4245361), (43.7383, 7.4251), (43.7377, 7.4262),
        (43.7388, 7.4238), (43.7392, 7.4231), (43.7379, 7.4240),
    ]

    /// The Café de Paris' own map, as `nearby show n4316767531 --png` draws
    /// it (the person at the demo position), and a list of pins around the
    /// demo position: every name under a pin, a bubble or the dot is gone
    /// (its boxes show the ground, pixel for pixel), each was drawn there
    /// before, and the names clear of them are still drawn.
    @Test(arguments: ["detail", "list"])
    func noNameLiesUnderAPinABubbleOrTheDot(map: String) throws {
        let renderer = try #require(BasemapTests.renderer)
        let options: MapSnapshotOptions =
            map == "detail"
            ? .detail(
                region: PersonOnMapTests.region, pin: PersonOnMapTests.cafeDeParis, user: TestSupport.userPosition,
                width: 600, height: 400, scale: 2)
            : .list(
                of: Self.cafes.enumerated().map { index, position in
                    Annotation(
                        coordinate: TestSupport.coordinate(position.0, position.1), title: "Café \(index + 1)", subtitle: "Café",
                        category: .cafe, label: "\(index + 1)")
                }, around: TestSupport.userPosition, radius: 300, units: .kilometres, width: 600, height: 400, scale: 1)
        let cleared = try Self.snapshot(options, renderer)
        let ground = try Self.snapshot(options, Ground(renderer))
        let whole = try Self.snapshot(options, Whole(renderer))
        let covered = Self.covered(cleared, options)
        let labels = Self.labels(on: cleared, renderer)
        let under = labels.filter { boxes in boxes.contains { $0.overlapsAny(of: covered) } }
        let clear = labels.filter { boxes in !boxes.contains { $0.overlapsAny(of: covered) } }
        #expect(!under.isEmpty, "no name of this map lies under a pin: the test shows nothing")
        for boxes in under {
            #expect(Self.differences(cleared, ground, in: boxes) == 0)
            #expect(Self.differences(whole, ground, in: boxes) > 0)
        }
        #expect(clear.contains { Self.differences(cleared, ground, in: $0) > 0 })
        #expect(clear.allSatisfy { Self.differences(cleared, whole, in: $0) == 0 })
    }

    /// The checkout's Tiles/ (nearby drew them: its metadata says so) are
    /// drawn again where a name lies under a pin, as when drawn on demand;
    /// tiles some other tool drew are kept as they are.
    @Test func tilesNearbyDrewAreDrawnAgainOthersKept() throws {
        let renderer = try #require(BasemapTests.renderer)
        let options = MapSnapshotOptions.detail(
            region: PersonOnMapTests.region, pin: PersonOnMapTests.cafeDeParis, user: TestSupport.userPosition,
            width: 600, height: 400, scale: 2)
        let folder = TileFolder(directory: TestSupport.tiles)
        #expect(folder.coverage?.drawnByNearby == true)
        let fromTiles = try Self.snapshot(options, renderer, tiles: folder)
        let ground = try Self.snapshot(options, Ground(renderer))
        let under = Self.labels(on: fromTiles, renderer).filter { $0.contains { $0.overlapsAny(of: Self.covered(fromTiles, options)) } }
        #expect(!under.isEmpty)
        for boxes in under { #expect(Self.differences(fromTiles, ground, in: boxes) == 0) }

        let other = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: other) }
        for key in try TestSupport.snapshotter().tileKeys(for: options) {
            let file = other.appendingPathComponent("\(key.z)/\(key.x)/\(key.y).png")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: folder.file(of: key), to: file)
        }
        let foreign = TileFolder(directory: other)
        #expect(foreign.coverage?.drawnByNearby != true)
        let kept = try Self.snapshot(options, renderer, tiles: foreign)
        let asTheyAre = try Self.snapshot(options, Whole(renderer), tiles: foreign)
        #expect(kept.image.rgba(x: 0, y: 0) != nil)
        #expect(Self.differences(kept, asTheyAre, in: under.flatMap { $0 }) == 0)
    }
}

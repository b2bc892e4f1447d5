import Testing

@testable import MapRender

struct TileKeyRangeTests {
    static let world = (
        minX: -MercatorPoint.halfWorld, minY: -MercatorPoint.halfWorld, maxX: MercatorPoint.halfWorld, maxY: MercatorPoint.halfWorld
    )

    @Test func theWholeWorldIsCountedNotListed() {
        let range = TileKeyRange(bounds: Self.world, zooms: 0...20, margin: 1)
        // 4^0 + 4^1 + … + 4^20 tiles, with no array of them made.
        #expect(range.count == (0...20).reduce(0) { $0 + (1 << (2 * $1)) })
        #expect(range.first == TileKey(z: 0, x: 0, y: 0))
        #expect(range.last == TileKey(z: 20, x: (1 << 20) - 1, y: (1 << 20) - 1))
    }

    @Test func listsColumnByColumnThenZoomByZoom() {
        // A box inside tile 1/1/0 (north-east quarter), one tile of margin.
        let box = (minX: 1000.0, minY: 1000.0, maxX: 2000.0, maxY: 2000.0)
        let range = TileKeyRange(bounds: box, zooms: 1...2, margin: 1)
        #expect(
            Array(range) == [
                TileKey(z: 1, x: 0, y: 0), TileKey(z: 1, x: 0, y: 1), TileKey(z: 1, x: 1, y: 0), TileKey(z: 1, x: 1, y: 1),
                TileKey(z: 2, x: 1, y: 0), TileKey(z: 2, x: 1, y: 1), TileKey(z: 2, x: 1, y: 2),
                TileKey(z: 2, x: 2, y: 0), TileKey(z: 2, x: 2, y: 1), TileKey(z: 2, x: 2, y: 2),
                TileKey(z: 2, x: 3, y: 0), TileKey(z: 2, x: 3, y: 1), TileKey(z: 2, x: 3, y: 2),
            ])
    }
}

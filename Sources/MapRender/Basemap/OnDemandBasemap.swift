import Foundation
import NIOConcurrencyHelpers

/// A `TileRendering` that reads the OpenStreetMap extract only when a
/// snapshot first needs a tile the tile directory lacks. Reading and
/// projecting the extract takes a few hundred milliseconds, which a
/// `nearby show --png` served entirely from Tiles/ should not pay.
public final class OnDemandBasemap: TileRendering, @unchecked Sendable {
    public let extract: URL
    private let projection: WebMercatorProjection?
    private let loaded = NIOLockedValueBox<Result<BasemapTileRenderer, BasemapError>?>(nil)

    /// Nil when the extract is not there: then missing tiles are plain land.
    public init?(extract: URL, projection: WebMercatorProjection? = nil) {
        guard FileManager.default.fileExists(atPath: extract.path) else { return nil }
        self.extract = extract
        self.projection = projection
    }

    /// Whether the extract has been read (for tests and diagnostics).
    public var isLoaded: Bool {
        loaded.withLockedValue { $0 != nil }
    }

    public func renderTile(_ key: TileKey) throws -> PixelBuffer {
        // Loaded under the lock so that concurrent tile requests read the
        // extract once; a failure is kept and not retried for every tile.
        let renderer = loaded.withLockedValue { state in
            if let state { return state }
            let result = Result { () throws(BasemapError) in try BasemapTileRenderer(extract: extract, projection: projection) }
            state = result
            return result
        }
        return try renderer.get().renderTile(key)
    }
}

import Foundation
import NIOConcurrencyHelpers

/// A `TileRendering` that reads the OpenStreetMap extract only when a
/// snapshot first needs a tile the tile directory lacks. Reading and
/// projecting the extract takes a few hundred milliseconds, which a
/// `nearby show --png` served entirely from Tiles/ should not pay.
///
/// A server whose data moves on (an update brings the store's extract
/// forward) tells the basemap to `follow` where the extract is now: tiles
/// drawn from then on come from it, and `generation` tells caches that what
/// was drawn before is out of date.
public final class OnDemandBasemap: TileRendering, @unchecked Sendable {
    /// The extract's file, asked for when the extract is first read (it may
    /// be written then: a copy of the extract a store keeps). Throws
    /// `BasemapError.extractMissing` when there is none: the tiles it would
    /// draw are then missing, as without a basemap.
    public typealias Source = @Sendable () throws -> URL

    private struct State {
        var source: Source
        var generation: UInt64 = 0
        var loaded: Result<BasemapTileRenderer, BasemapError>?
    }

    private let projection: WebMercatorProjection?
    private let state: NIOLockedValueBox<State>

    /// Nil when the extract is not there: then missing tiles are plain land.
    public convenience init?(extract: URL, projection: WebMercatorProjection? = nil) {
        guard FileManager.default.fileExists(atPath: extract.path) else { return nil }
        self.init(source: { extract }, projection: projection)
    }

    public init(source: @escaping Source, projection: WebMercatorProjection? = nil) {
        self.projection = projection
        state = NIOLockedValueBox(State(source: source))
    }

    /// Whether the extract has been read (for tests and diagnostics).
    public var isLoaded: Bool {
        state.withLockedValue { $0.loaded != nil }
    }

    public var generation: UInt64 {
        state.withLockedValue { $0.generation }
    }

    /// Draws from `source` from now on, read when a tile is next drawn. A
    /// draw already under way finishes from the extract it started with.
    public func follow(_ source: @escaping Source) {
        state.withLockedValue { state in
            state = State(source: source, generation: state.generation + 1)
        }
    }

    public func renderTile(_ key: TileKey) throws -> PixelBuffer {
        try renderer().renderTile(key)
    }

    public func renderTile(_ key: TileKey, clearOf clearance: LabelClearance) throws -> PixelBuffer? {
        guard !clearance.isEmpty else { return nil }
        return try renderer().renderTile(key, clearOf: clearance)
    }

    private func renderer() throws(BasemapError) -> BasemapTileRenderer {
        // Loaded under the lock so that concurrent tile requests read the
        // extract once; a failure is kept and not retried for every tile.
        let renderer = state.withLockedValue { state in
            if let loaded = state.loaded { return loaded }
            let result = Result { () throws(BasemapError) in
                let extract: URL
                do {
                    extract = try state.source()
                } catch let error as BasemapError {
                    throw error
                } catch {
                    throw .extractUnavailable(error.localizedDescription)
                }
                return try BasemapTileRenderer(extract: extract, projection: projection)
            }
            state.loaded = result
            return result
        }
        return try renderer.get()
    }
}

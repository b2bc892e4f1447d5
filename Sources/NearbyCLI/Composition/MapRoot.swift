import Foundation
import MapRender

/// Where maps come from, for `--png` and for `serve`: one rule for the tile
/// folder and the extract, as `PlaceServiceRoot` is for places.
///
/// The tile folder is `--tiles`, else Tiles/ beside the data's folder, else
/// the checkout's (a database store has no folder). Tiles the folder lacks
/// are drawn from the OpenStreetMap extract the data was imported from, when
/// it lies beside the data.
struct MapRoot {
    let tileDirectory: URL
    /// The extract beside the data, named by the dataset (`DatasetInfo.source`).
    let extract: URL?
    let basemap: OnDemandBasemap?

    /// - Parameters:
    ///   - tiles: `--tiles`, checked to be a folder when given.
    ///   - dataURL: the places file, when the places come from one.
    ///   - source: the extract's file name, as the dataset records it.
    init(tiles: String?, dataURL: URL?, source: String?) throws(CLIError) {
        tileDirectory =
            tiles.map { URL(fileURLWithPath: $0) }
            ?? dataURL.map { $0.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tiles") }
            ?? ServiceOptions.besideCheckout("Tiles")
        var isDirectory: ObjCBool = false
        if tiles != nil, !(FileManager.default.fileExists(atPath: tileDirectory.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw CLIError(message: "no tile directory at \(tileDirectory.path) (--tiles)", code: .noInput)
        }
        extract = source.flatMap { name in dataURL.map { $0.deletingLastPathComponent().appendingPathComponent(name) } }
        basemap = extract.flatMap { OnDemandBasemap(extract: $0) }
    }

    /// The tiles for one drawing. (The server makes one source from
    /// `tileDirectory` and `basemap`, shared by every request.)
    func tileSource() -> TileSource {
        TileSource(directory: tileDirectory, onDemand: basemap)
    }
}

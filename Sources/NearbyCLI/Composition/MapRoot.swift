import Foundation
import MapRender
import NearbyKit

/// Where maps come from, for `--png` and for `serve`: one rule for the tile
/// set and the extract, as `PlaceServiceRoot` is for places.
///
/// The tiles are `--tiles` (a folder of `{z}/{x}/{y}.png`, or an `.mbtiles`
/// file), else Tiles/ beside the data's folder, else the checkout's (a
/// database store has no folder). Tiles the set lacks are drawn from the
/// OpenStreetMap extract the data was imported from, when it lies beside the
/// data, or from where the caller says (`serve` and `--png`: the extract the
/// store keeps, `KeptExtract`).
struct MapRoot {
    let tiles: any TileSet
    /// The extract beside the data, named by the dataset (`DatasetInfo.source`).
    let extract: URL?
    let basemap: OnDemandBasemap?

    /// - Parameters:
    ///   - tiles: `--tiles`, checked to be a folder or a readable MBTiles file when given.
    ///   - dataURL: the places file, when the places come from one.
    ///   - source: the extract's file name, as the dataset records it.
    ///   - drawing: where the basemap reads its extract, instead of beside the data.
    init(tiles: String?, dataURL: URL?, source: String?, drawing: OnDemandBasemap.Source? = nil) throws(CLIError) {
        let location =
            tiles.map { URL(fileURLWithPath: $0) }
            ?? dataURL.map { $0.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tiles") }
            ?? ServiceOptions.besideCheckout("Tiles")
        if let tiles, TileSetKind(path: tiles) == .mbtiles {
            do {
                self.tiles = try MBTilesFile(url: location)
            } catch {
                throw CLIError(
                    message: "\(error.localizedDescription) (--tiles)",
                    code: FileStamp(atPath: location.path) == nil ? .noInput : .dataError)
            }
        } else {
            var isDirectory: ObjCBool = false
            if tiles != nil, !(FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                throw CLIError(
                    message: "no tile directory at \(location.path) (--tiles: a folder of {z}/{x}/{y}.png or an .mbtiles file)",
                    code: .noInput)
            }
            self.tiles = TileFolder(directory: location)
        }
        extract = Self.extract(beside: dataURL, named: source)
        basemap = drawing.map { OnDemandBasemap(source: $0) } ?? extract.flatMap { OnDemandBasemap(extract: $0) }
    }

    /// The extract the dataset names (`DatasetInfo.source`), in the data's folder.
    static func extract(beside dataURL: URL?, named source: String?) -> URL? {
        source.flatMap { name in dataURL.map { $0.deletingLastPathComponent().appendingPathComponent(name) } }
    }

    /// The tile folder, when the tiles are one.
    var tileDirectory: URL? { (tiles as? TileFolder)?.directory }

    /// The MBTiles file, when the tiles are one: an input no output may replace.
    var tileFile: URL? { (tiles as? MBTilesFile)?.url }

    /// The tiles and the basemap, from which `--png` makes a snapshotter for its one
    /// drawing and the server one for every request.
    var sources: MapSources { MapSources(tiles: tiles, basemap: basemap) }
}

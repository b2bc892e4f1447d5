import Foundation
import NearbyKit

/// Where `BasemapTileRenderer.renderTiles` puts the tiles it draws, from
/// every core at once: a folder (`TileFolderWriter`) or an MBTiles file
/// being built (`MBTilesWriter`).
public protocol TileSink: Sendable {
    func write(_ png: [UInt8], for key: TileKey) throws(PNGError)
}

/// Writes each tile as `{z}/{x}/{y}.png` under a folder, atomically: a
/// render stopped half way leaves whole tiles, each old or new.
public struct TileFolderWriter: TileSink {
    public let directory: URL
    /// Files never written over (the extract being read, whatever `--out` says).
    public let inputs: Set<FileIdentity>

    public init(directory: URL, inputs: Set<FileIdentity> = []) {
        self.directory = directory
        self.inputs = inputs
    }

    public func write(_ png: [UInt8], for key: TileKey) throws(PNGError) {
        let folder = directory.appendingPathComponent("\(key.z)/\(key.x)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .notWritable(path: folder.path, reason: error.localizedDescription)
        }
        try AtomicFileWriter.write(png, to: folder.appendingPathComponent("\(key.y).png"), inputs: inputs)
    }
}

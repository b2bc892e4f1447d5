import Foundation
import NIOConcurrencyHelpers
import NearbyKit

/// Tiles laid out as `{z}/{x}/{y}.png` under a folder (the OpenStreetMap/XYZ
/// convention), with a `metadata.json` beside `{z}/` naming their credit.
/// Nothing outside the folder is read, whatever symlinks inside it say.
public final class TileFolder: TileSet {
    public let directory: URL
    public let attribution: TileSetAttribution
    /// The folder, symlinks resolved, so that a tile's real path can be checked to lie inside it.
    private let realDirectory: String?
    /// `metadata.json`'s coverage, and the file's stamp when it was read.
    private let readCoverage = NIOLockedValueBox<(stamp: FileStamp?, coverage: TileCoverage?)?>(nil)

    /// Larger files are not read at all (a 1024-pixel tile is a few MB).
    public static let maximumFileBytes = 32 << 20

    public init(directory: URL) {
        self.directory = directory
        attribution = TileSetAttribution(directory: directory)
        realDirectory = Self.realPath(directory.path)
    }

    public var path: String { directory.path }

    /// From `metadata.json` (`nearby tiles render` writes it), read again when it changes.
    public var coverage: TileCoverage? {
        let file = TileSetAttribution.metadataFile(in: directory)
        let stamp = FileStamp(atPath: file.path)
        return readCoverage.withLockedValue { memo in
            if let memo, memo.stamp == stamp { return memo.coverage }
            let object = stamp == nil ? nil : TileSetAttribution.readMetadata(file).flatMap { try? JSONSerialization.jsonObject(with: $0) }
            let metadata = object as? [String: Any] ?? [:]
            let coverage = TileCoverage(
                minzoom: metadata["minzoom"], maxzoom: metadata["maxzoom"], bounds: metadata["bounds"],
                extractBounds: metadata["extract_bounds"],
                drawnByNearby: metadata["generator"] as? String == TileSetMetadata.generator)
            memo = (stamp, coverage)
            return coverage
        }
    }

    public func file(of key: TileKey) -> URL {
        directory.appendingPathComponent("\(key.z)/\(key.x)/\(key.y).png")
    }

    public func version(of key: TileKey) -> FileStamp? {
        FileStamp(atPath: file(of: key).path)
    }

    public func read(_ key: TileKey) -> TileRead {
        let file = file(of: key).path
        guard let stamp = FileStamp(atPath: file) else { return .missing }
        // A FIFO would block the read for ever.
        guard stamp.isRegularFile else { return .unreadable(reason: "not a regular file") }
        guard stamp.size <= Self.maximumFileBytes else { return .oversized(reason: "the file is \(stamp.size >> 20) MB") }
        guard let realDirectory, let real = Self.realPath(file), real.hasPrefix(realDirectory + "/") else { return .missing }
        guard let data = FileManager.default.contents(atPath: real) else { return .unreadable(reason: "cannot read \(file)") }
        return .png([UInt8](data))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

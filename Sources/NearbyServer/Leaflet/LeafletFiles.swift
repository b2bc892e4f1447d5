import Foundation
import Hummingbird
import NIOCore
import NearbyKit
import NearbyViews

/// Leaflet, from where Debian's `libjs-leaflet` puts it, for the pages'
/// moving map (which lays out its own pins and clusters). Only
/// the files the map uses are served, read once at start (about 200 KB, and
/// Debian's gzip copies beside them): nothing else in the folder is reachable.
struct LeafletFiles: Sendable {
    /// The files the pages load, by their name under the folder and `/leaflet/`.
    static let served: [String: String] = [
        "leaflet.min.js": "text/javascript; charset=utf-8", "leaflet.css": "text/css; charset=utf-8",
        "images/layers.png": "image/png", "images/layers-2x.png": "image/png", "images/marker-icon.png": "image/png",
        "images/marker-icon-2x.png": "image/png", "images/marker-shadow.png": "image/png",
    ]
    /// Larger files are not Leaflet's: not read.
    static let maximumFileBytes = 4 << 20

    struct File: Sendable {
        let bytes: ByteBuffer
        /// Debian's gzip copy (`NAME.gz`), when there is one.
        let gzipped: ByteBuffer?
        let contentType: String
        let etag: String
    }

    let directory: URL
    let files: [String: File]

    /// nearby's own script for the map (`MovingMapScript`), served beside Leaflet.
    static let movingMapScript: File = {
        var hash = FNV1a()
        hash.combine(MovingMapScript.bytes)
        return File(
            bytes: ByteBuffer(bytes: MovingMapScript.bytes), gzipped: nil, contentType: "text/javascript; charset=utf-8",
            etag: "\"m\(hash.hex)\"")
    }()

    /// Reads every served file; the first missing one, by name, is named in the error.
    init(directory: URL) throws(LeafletMissing) {
        self.directory = directory
        var files: [String: File] = [:]
        for (name, contentType) in Self.served.sorted(by: { $0.key < $1.key }) {
            guard let bytes = Self.read(directory.appendingPathComponent(name)) else {
                throw LeafletMissing(directory: directory, file: name)
            }
            var hash = FNV1a()
            hash.combine(bytes)
            files[name] = File(
                bytes: ByteBuffer(bytes: bytes), gzipped: Self.read(directory.appendingPathComponent(name + ".gz")).map(ByteBuffer.init),
                contentType: contentType, etag: "\"l\(hash.hex)\"")
        }
        self.files = files
    }

    /// A regular file's bytes, when it is one of a sane size.
    private static func read(_ file: URL) -> [UInt8]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            (attributes[.size] as? NSNumber)?.intValue ?? Int.max <= maximumFileBytes,
            let data = FileManager.default.contents(atPath: file.path)
        else { return nil }
        return [UInt8](data)
    }
}

/// Why the pages' maps stay static: a file Leaflet needs is not there.
struct LeafletMissing: Error, Sendable {
    let directory: URL
    let file: String

    /// The line `serve` logs at start.
    var message: String {
        "the pages' maps stay static (no moving map): \(file) is not in \(directory.path) "
            + "(Debian's libjs-leaflet puts Leaflet there; scripts/setup installs it)"
    }
}

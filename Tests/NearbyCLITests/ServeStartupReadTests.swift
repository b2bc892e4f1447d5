import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `nearby serve` reads its data once at start: the extract's name (for the
/// tiles it draws) and the places it answers from come from one load.
struct ServeStartupReadTests {
    @Test(arguments: ["places.gpkg", "places.geojson"])
    func readsTheDataOnceAtStart(file: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-serve-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let data = scratch.appendingPathComponent(file)
        try FileManager.default.copyItem(at: NearbyBinary.repository.appendingPathComponent("Data/\(file)"), to: data)

        let opens = try FileOpenings(of: data)
        let (server, port) = try ServeCommandTests.serve(["--data", data.path])
        defer { server.stop() }
        #expect(ServeCommandTests.placeCount(port) == 803)
        // Once to tell an unreadable file at once (InputFile.check), then one
        // load: its first bytes to tell GeoPackage from GeoJSON, then the read.
        // (Loading twice, as serve once did, makes five.)
        #expect(opens.count() == 3)
    }
}

/// Counts the openings of one file, as the kernel reports them (inotify).
/// Closes are watched too: the kernel merges an event into an identical one
/// queued just before it, so two opens in a row would count as one.
private final class FileOpenings {
    private let descriptor: Int32
    private var seen = 0

    init(of url: URL) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, url.path, UInt32(IN_OPEN | IN_CLOSE)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(descriptor) }

    /// The openings reported so far.
    func count() -> Int {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let length = read(descriptor, &buffer, buffer.count)
            guard length > 0 else { return seen }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= length {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                if event.mask & UInt32(IN_OPEN) != 0 { seen += 1 }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}

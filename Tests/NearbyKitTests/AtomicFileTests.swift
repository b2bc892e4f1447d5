import Foundation
import NearbyKit
import Testing

final class AtomicFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    @Test func aFailedWriteIsAnIOErrorAndLeavesTheTargetAndNoTemporaryFile() throws {
        let target = directory.appendingPathComponent("places.geojson")
        try Data("old".utf8).write(to: target)
        #expect(throws: AtomicFile.WriteError.writeFailed(target.path, reason: "No space left on device")) {
            try AtomicFile.write(to: target) { handle in
                try handle.write(contentsOf: Data("new, half".utf8))
                throw POSIXError(.ENOSPC)
            }
        }
        #expect(try Data(contentsOf: target) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["places.geojson"])
    }

    @Test func aNewFileGetsTheUmasksModeAndAReplacedOneKeepsItsOwn() throws {
        let fresh = directory.appendingPathComponent("fresh")
        try AtomicFile.write(Data("x".utf8), to: fresh)
        let mask = umask(0o022)
        umask(mask)
        #expect(try mode(fresh) == 0o666 & ~mask)

        let kept = directory.appendingPathComponent("kept")
        try Data("x".utf8).write(to: kept)
        #expect(chmod(kept.path, 0o640) == 0)
        try AtomicFile.write(Data("y".utf8), to: kept)
        #expect(try mode(kept) == 0o640)
        #expect(try Data(contentsOf: kept) == Data("y".utf8))
    }

    @Test func anInputIsNeverWritten() throws {
        let input = directory.appendingPathComponent("input")
        try Data("keep".utf8).write(to: input)
        let link = directory.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: input)
        #expect(throws: AtomicFile.WriteError.isAnInput(link.path)) {
            try AtomicFile.write(Data("lost".utf8), to: link, inputs: FileIdentity.of([input]))
        }
        #expect(try Data(contentsOf: input) == Data("keep".utf8))
    }

    func mode(_ url: URL) throws -> mode_t {
        var info = stat()
        #expect(stat(url.path, &info) == 0)
        return info.st_mode & 0o7777
    }
}

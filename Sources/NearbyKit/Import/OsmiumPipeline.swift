import Foundation

/// `osmium tags-filter` into a temporary file, then `osmium export -f
/// geojsonseq` of it (export reads its input twice to assemble areas, so it
/// cannot read a pipe), with the export's output handed over one line at a
/// time so that a country-sized extract is never held in memory as text.
struct OsmiumPipeline {
    var osmium: URL
    var input: URL
    /// `tags-filter` expressions (`nwr/amenity`, `nwr/highway=bus_stop`).
    var filters: [String]
    var showProgress: Bool

    func run(eachLine: (Data) throws -> Void) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let filtered = scratch.appendingPathComponent("filtered.osm.pbf")

        let filter = try launch(
            ["tags-filter", input.path] + filters
                + ["-o", filtered.path, showProgress ? "--progress" : "--no-progress"], inheritErrors: showProgress)
        filter.process.waitUntilExit()
        try check(filter, step: "tags-filter")

        let output = Pipe()
        let export = try launch(
            [
                "export", filtered.path, "-f", "geojsonseq", "-x", "print_record_separator=false",
                "-a", "type,id", "--geometry-types=point,linestring,polygon", "-o", "-",
            ], stdout: output)
        try? output.fileHandleForWriting.close()

        var pending = Data()
        do {
            let reader = output.fileHandleForReading
            while let chunk = try reader.read(upToCount: 1 << 16), !chunk.isEmpty {
                pending.append(chunk)
                var start = pending.startIndex
                while let newline = pending[start...].firstIndex(of: 0x0A) {
                    if newline > start { try eachLine(pending[start..<newline]) }
                    start = pending.index(after: newline)
                }
                pending.removeSubrange(pending.startIndex..<start)
            }
        } catch {
            export.process.terminate()
            export.process.waitUntilExit()
            throw error
        }
        export.process.waitUntilExit()
        try check(export, step: "export")
        if !pending.isEmpty { try eachLine(pending) }
    }

    private struct Running {
        var process: Process
        var errors: CapturedStream?
    }

    private func launch(_ arguments: [String], stdout: Pipe? = nil, inheritErrors: Bool = false) throws -> Running {
        let process = Process()
        process.executableURL = osmium
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        if let stdout { process.standardOutput = stdout } else { process.standardOutput = FileHandle.nullDevice }
        let errors = inheritErrors ? nil : try CapturedStream()
        if let errors { process.standardError = errors.handle }
        do {
            try process.run()
        } catch {
            throw ImportError.osmiumFailed("cannot start \(osmium.path): \(error.localizedDescription)")
        }
        return Running(process: process, errors: errors)
    }

    private func check(_ running: Running, step: String) throws {
        let status = running.process.terminationStatus
        guard running.process.terminationReason == .exit, status == 0 else {
            throw ImportError.osmiumFailed(running.errors?.lastLine() ?? "osmium \(step) exited with status \(status)")
        }
    }
}

/// A child's stderr, kept in an unlinked temporary file: unlike a pipe it
/// cannot fill up and stall the child while we read its stdout.
private final class CapturedStream {
    let handle: FileHandle

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/nearby-osmium.XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw ImportError.osmiumFailed("cannot create a temporary file") }
        unlink(template)
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    func lastLine() -> String? {
        try? handle.seek(toOffset: 0)
        guard let data = try? handle.readToEnd(), let text = String(data: data, encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).last.map(String.init)
    }
}

import Foundation
import Testing

/// A one-shot command opens what it uses: PROJ (and the libcurl and GnuTLS
/// it links) only once something is projected or measured past 20 km,
/// libphonenumber only once a number is formatted, and nothing of
/// Foundation's networking. glibc's loader names every object it
/// opens when LD_DEBUG=files; LD_DEBUG_OUTPUT sends that trace to a file per
/// process (PREFIX.PID), so the child's own trace is read apart from any
/// other process's (a sanitizer's symbolizer inherits both variables), and
/// none of it reaches stderr, where a sanitizer report must stay readable.
struct LibraryLoadingTests {
    static func libraries(_ arguments: [String]) throws -> (run: NearbyBinary.Run, opened: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("trace")
        let run = try NearbyBinary.run(arguments, environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": prefix.path])
        let trace = try String(contentsOf: URL(fileURLWithPath: "\(prefix.path).\(run.pid)"), encoding: .utf8)
        let opened = trace.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "file=")?.upperBound else { return nil }
            return String(line[start...].prefix { $0 != " " })
        }
        return (run, opened)
    }

    static func isPROJOrNetworking(_ library: String) -> Bool {
        ["libproj", "libcurl", "libgnutls", "libFoundationNetworking", "libphonenumber", "libprotobuf"].contains {
            library.hasPrefix($0)
        }
    }

    @Test func aListOpensNeitherPROJNorANetworkLibrary() throws {
        let (run, opened) = try Self.libraries(["list", "--lat", "43.7384", "--lon", "7.4246"])
        #expect(run.status == 0)
        #expect(opened.contains { $0.hasPrefix("libsqlite3") }, "the loader's trace is read")
        #expect(!opened.contains(where: Self.isPROJOrNetworking), "\(opened.filter(Self.isPROJOrNetworking))")
    }

    @Test func aMapOpensPROJToProjectWith() throws {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-loading-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let (run, opened) = try Self.libraries(["show", "n4316767531", "--png", png.path])
        #expect(run.status == 0)
        #expect(!run.stderr.contains("file="), "the loader's trace stays out of stderr: \(run.stderr)")
        #expect(opened.contains { $0.hasPrefix("libproj") })
    }
}

import Foundation
import Testing

/// A one-shot command opens what it uses: PROJ (and the libcurl and GnuTLS
/// it links) only once something is projected or measured past 20 km, and
/// nothing of Foundation's networking. glibc's loader names every object it
/// opens when LD_DEBUG=files.
struct LibraryLoadingTests {
    static func libraries(_ arguments: [String]) throws -> (run: NearbyBinary.Run, opened: [String]) {
        let run = try NearbyBinary.run(arguments, environment: ["LD_DEBUG": "files"])
        let opened = run.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "file=")?.upperBound else { return nil }
            return String(line[start...].prefix { $0 != " " })
        }
        return (run, opened)
    }

    static func isPROJOrNetworking(_ library: String) -> Bool {
        ["libproj", "libcurl", "libgnutls", "libFoundationNetworking"].contains { library.hasPrefix($0) }
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
        #expect(opened.contains { $0.hasPrefix("libproj") })
    }
}

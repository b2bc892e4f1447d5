import Foundation
import NearbyTestSupport
import Testing

/// Output to a device that is full: every write to stdout is checked (74
/// and one line), and a stderr that cannot take the line is no crash.
struct FullDeviceTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    enum Stream { case stdout, stderr }

    /// Runs nearby with one of its outputs on /dev/full; returns the status and what the other output said.
    func run(_ arguments: [String], full stream: Stream) throws -> (Int32, String) {
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        defer { try? full.close() }
        let run = try ChildProcess.run(
            NearbyBinary.url, arguments, in: NearbyBinary.repository,
            standardOutput: stream == .stdout ? full : nil,
            standardError: stream == .stderr ? full : nil)
        return (run.status, stream == .stdout ? run.stderr : run.stdout)
    }

    @Test(arguments: [
        ["list"] + FullDeviceTests.position + ["--json"],
        ["list"] + FullDeviceTests.position,
        ["show", "n4316767531", "--json"],
        ["import", "Data/monaco.osm.pbf", "--out", "-"],
    ])
    func aFullStdoutIsAnIOError(arguments: [String]) throws {
        let (status, stderr) = try run(arguments, full: .stdout)
        #expect(status == 74)
        #expect(stderr.hasSuffix("nearby: cannot write to standard output: No space left on device\n"))
    }

    @Test func aFullStderrDoesNotCrash() throws {
        let (status, stdout) = try run(["list", "--lat", "999", "--lon", "0"], full: .stderr)
        #expect(status == 64)
        #expect(stdout.isEmpty)
    }
}

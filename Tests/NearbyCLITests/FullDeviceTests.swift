import Foundation
import Testing

/// Output to a device that is full: every write to stdout is checked (74
/// and one line), and a stderr that cannot take the line is no crash.
struct FullDeviceTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    /// Runs nearby with one of its outputs on /dev/full; returns the status and what the other output said.
    func run(_ arguments: [String], fullStream: ReferenceWritableKeyPath<Process, Any?>) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = NearbyBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = NearbyBinary.repository
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let other = Pipe()
        process.standardOutput = other
        process.standardError = other
        process[keyPath: fullStream] = full
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let said = other.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    @Test(arguments: [
        ["list"] + FullDeviceTests.position + ["--json"],
        ["list"] + FullDeviceTests.position,
        ["show", "n4316767531", "--json"],
        ["import", "Data/monaco.osm.pbf", "--out", "-"],
    ])
    func aFullStdoutIsAnIOError(arguments: [String]) throws {
        let (status, stderr) = try run(arguments, fullStream: \Process.standardOutput)
        #expect(status == 74)
        #expect(stderr.hasSuffix("nearby: cannot write to standard output: No space left on device\n"))
    }

    @Test func aFullStderrDoesNotCrash() throws {
        let (status, stdout) = try run(["list", "--lat", "999", "--lon", "0"], fullStream: \Process.standardError)
        #expect(status == 64)
        #expect(stdout.isEmpty)
    }
}

import Foundation
import NearbyTestSupport

/// Runs the built `nearby` as a user would: arguments in, stdout, stderr
/// and the exit status out.
struct NearbyBinary {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Beside the test bundle in the build folder, unless NEARBY_BIN says otherwise.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["NEARBY_BIN"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("nearby")
    }()

    typealias Run = ChildProcess.Run

    /// Runs `nearby` to its end, within `seconds` (ChildProcess says why files, not pipes).
    /// - Parameter environment: variables set (or, with nil, unset) for this run only.
    static func run(
        _ arguments: [String], in directory: URL = repository, environment: [String: String?] = [:],
        seconds: Double = ChildProcess.defaultSeconds
    ) throws -> Run {
        try ChildProcess.run(url, arguments, in: directory, environment: environment, seconds: seconds)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }
}

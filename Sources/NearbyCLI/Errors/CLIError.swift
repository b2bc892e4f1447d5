import ArgumentParser
import Foundation
import MapRender
import NearbyKit
import NearbyService

/// A failure the CLI reports as one line on stderr and a sysexits code.
struct CLIError: Error, LocalizedError {
    var message: String
    var code: ExitCode

    var errorDescription: String? { message }

    static func usage(_ message: String) -> CLIError { CLIError(message: message, code: .usage) }

    init(message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    init(_ error: NearbyAPIError) {
        self.init(message: error.localizedDescription, code: ExitCode(error.exitCode))
    }

    init(_ error: ImportError) {
        self.init(message: error.localizedDescription, code: ExitCode(error.exitCode))
    }

    init(_ error: AtomicFile.WriteError) {
        self.init(message: error.localizedDescription, code: ExitCode(error.exitCode))
    }

    init(_ error: SnapshotError) {
        self.init(message: error.localizedDescription, code: ExitCode(error.exitCode))
    }
}

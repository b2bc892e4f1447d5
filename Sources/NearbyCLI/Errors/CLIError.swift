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
        let code: ExitCode =
            switch error {
            case .dataMissing: .noInput
            case .dataUnreadable: .ioError
            case .invalidData: .dataError
            case .invalidCoordinate, .invalidRadius, .invalidLimit, .invalidRequest, .invalidServiceURL, .invalidStoreURL: .usage
            case .unknownPlace: .dataError
            case .serviceUnavailable, .badResponse, .serviceUnreachable, .serviceTimedOut, .serviceHTTPStatus: .unavailable
            case .storeUnavailable: .unavailable
            case .storeEmpty: .noInput
            }
        self.init(message: error.localizedDescription, code: code)
    }

    init(_ error: ImportError) {
        let code: ExitCode =
            switch error {
            case .osmiumMissing: .unavailable
            case .inputMissing: .noInput
            case .inputUnreadable: .ioError
            case .osmiumFailed: .dataError
            }
        self.init(message: error.localizedDescription, code: code)
    }

    init(_ error: AtomicFile.WriteError) {
        self.init(message: error.localizedDescription, code: ExitCode(error.exitCode))
    }

    init(_ error: SnapshotError) {
        self.init(message: error.localizedDescription, code: ExitCode(error.exitCode))
    }
}

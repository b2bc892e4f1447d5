import Foundation
import NearbyKit
import NearbyService

/// Why an update wrote nothing, in one sentence, and the sysexits(3) code a
/// command line ends with for it: the command line says it as its one line
/// and exit status, a server logs it as it is. Every failure an update or a
/// follower meets comes out as one of these (`init(_:)`).
public struct UpdateFailure: Error, LocalizedError, Equatable, Sendable {
    public var message: String
    /// 64 usage, 65 bad data, 66 no input, 69 unavailable, 70 a fault of
    /// nearby's, 73 cannot create, 74 an I/O fault, 75 busy (try again).
    public var exitCode: Int32

    public var errorDescription: String? { message }

    public init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// Any error met while updating, as an update failure: those of the
    /// lower modules by what each says of itself, anything else as a fault.
    public init(_ error: any Error) {
        switch error {
        case let error as UpdateFailure: self = error
        case let error as UpdateError: self.init(error.localizedDescription, exitCode: error.isNotAFile ? 74 : 65)
        case let error as UpdateWriteFailure: self.init(error.localizedDescription, exitCode: 74)
        case let error as ImportError: self.init(error.localizedDescription, exitCode: error.exitCode)
        case let error as NearbyAPIError: self.init(error.localizedDescription, exitCode: error.exitCode)
        case let error as AtomicFile.WriteError: self.init(error.localizedDescription, exitCode: error.exitCode)
        default: self.init("the update failed: \(error.localizedDescription)", exitCode: 70)
        }
    }
}

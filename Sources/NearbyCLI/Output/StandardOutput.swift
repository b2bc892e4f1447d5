import Foundation
import NearbyKit

/// Everything the CLI prints for programs and people goes through here, so
/// that a write that fails (a full disk, a closed pipe) ends the command
/// with status 74 and one line, instead of a crash or lost output.
enum StandardOutput {
    static func write(_ text: String) throws(CLIError) {
        try write(Data(text.utf8))
    }

    static func write(_ data: Data) throws(CLIError) {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw CLIError(message: "cannot write to standard output: \(reason(of: error))", code: .ioError)
        }
    }

    /// "No space left on device": the system's words for the errno behind
    /// Foundation's wrapper, without its "The operation could not be completed".
    private static func reason(of error: any Error) -> String {
        let error = error as NSError
        let posix = error.domain == NSPOSIXErrorDomain ? error : error.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix, posix.domain == NSPOSIXErrorDomain { return SystemError.text(Int32(posix.code)) }
        return error.localizedDescription
    }
}

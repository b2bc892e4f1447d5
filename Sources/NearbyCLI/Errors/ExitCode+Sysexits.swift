import ArgumentParser

/// The BSD sysexits codes the CLI uses (sysexits.h), so that scripts can tell
/// bad usage (64) from bad data (65) from a service that is down (69).
extension ExitCode {
    static let usage = ExitCode(64)
    static let dataError = ExitCode(65)
    static let noInput = ExitCode(66)
    static let unavailable = ExitCode(69)
    static let software = ExitCode(70)
    static let cannotCreate = ExitCode(73)
    static let ioError = ExitCode(74)
    /// Another `nearby feed` holds the pidfile, or another import or update is writing the store: try again once it has ended.
    static let tempFailure = ExitCode(75)
    static let noPermission = ExitCode(77)
}

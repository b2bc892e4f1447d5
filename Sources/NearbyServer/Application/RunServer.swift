import Foundation
import Hummingbird
import Logging
import NIOCore
import NearbyService
import ServiceLifecycle

/// Why `nearby serve` stopped with a failure.
public enum ServerError: Error, LocalizedError, Sendable {
    /// The data could not be loaded at start (missing: 66, bad: 65).
    case data(NearbyAPIError)
    /// The server could not listen on its address and port: why, in a few words (69).
    case cannotListen(String)
    /// The server stopped on an error (69).
    case unavailable(String)

    public var errorDescription: String? {
        switch self {
        case .data(let error): error.localizedDescription
        case .cannotListen(let reason): "cannot listen: \(reason)"
        case .unavailable(let reason): "the server stopped: \(reason)"
        }
    }
}

/// Runs `nearby serve` until SIGTERM or SIGINT: then it stops accepting
/// connections, finishes the requests in flight and returns normally.
///
/// - Parameter onReady: called with the bound port once the server listens
///   (the CLI writes its pidfile and a "listening" line there).
public func runServer(
    _ configuration: ServerConfiguration, onReady: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws(ServerError) {
    let app: any Service
    do {
        app = try await buildApplication(configuration, onReady: onReady)
    } catch {
        throw .data(error)
    }
    var group = ServiceGroupConfiguration(
        services: [app], gracefulShutdownSignals: configuration.shutdownSignals, logger: configuration.logger)
    group.maximumGracefulShutdownDuration = configuration.shutdownGracePeriod
    do {
        try await ServiceGroup(configuration: group).run()
    } catch {
        if let error = error as? IOError, let reason = listenFailure(error.errnoCode) { throw .cannotListen(reason) }
        throw .unavailable(String(describing: error))
    }
}

/// Why binding the listening socket failed, for the errors that only binding makes.
private func listenFailure(_ code: CInt) -> String? {
    switch code {
    case EADDRINUSE: "the address is already in use (another server is listening there)"
    case EADDRNOTAVAIL: "the address is not one of this machine's"
    case EACCES: "permission denied (ports below 1024 need privileges)"
    default: nil
    }
}

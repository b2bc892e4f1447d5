import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NearbyKit
import NearbyService

/// Turns what AsyncHTTPClient and NIO throw into a sentence about the
/// service, so that a user reads "refused the connection", never a dump of
/// NIO's error values.
enum TransportFailure {
    static func error(_ error: any Error, service: PlaceServiceURL, timeouts: HTTPTimeouts) -> NearbyAPIError {
        let url = service.description
        func unreachable(_ reason: String) -> NearbyAPIError { .serviceUnreachable(url: url, reason: reason) }

        switch error {
        case let error as NearbyAPIError:
            return error
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .serviceTimedOut(url: url, seconds: timeouts.connect)
            case .readTimeout:
                return .serviceTimedOut(url: url, seconds: timeouts.read)
            case .deadlineExceeded:
                return .serviceTimedOut(url: url, seconds: timeouts.whole)
            case .remoteConnectionClosed:
                return unreachable("closed the connection before it answered")
            case .cancelled:
                return unreachable("was not asked: the request was cancelled")
            case .alreadyShutdown:
                return unreachable("was not asked: the HTTP client is shut down")
            case .redirectCycleDetected:
                return unreachable("cannot be reached: its redirects go round in a cycle")
            case .redirectLimitReached:
                return unreachable("cannot be reached: it redirects more than 5 times")
            default:
                return unreachable("cannot be reached: \(TerminalSafeText.escaped(error.description, limit: 120))")
            }
        case is HTTPParserError:
            return unreachable("did not answer in HTTP: it is not a web server")
        case ChannelError.connectTimeout:
            return .serviceTimedOut(url: url, seconds: timeouts.connect)
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first {
                return Self.error(failure.error, service: service, timeouts: timeouts)
            }
            return unreachable("cannot be reached: no address found for \(service.host)")
        case is SocketAddressError.UnknownHost:
            return unreachable("cannot be reached: no address found for \(service.host)")
        case let error as IOError:
            return unreachable(sentence(errno: error.errnoCode))
        case is CancellationError:
            return unreachable("was not asked: the request was cancelled")
        default:
            // TLS and other failures: their type names the layer, their text may be long.
            let text = TerminalSafeText.escaped(String(describing: error), limit: 120)
            return unreachable("cannot be reached: \(text)")
        }
    }

    private static func sentence(errno code: CInt) -> String {
        switch code {
        case ECONNREFUSED: "refused the connection"
        case ECONNRESET: "reset the connection"
        case ETIMEDOUT: "cannot be reached: the connection timed out"
        case ENETUNREACH: "cannot be reached: the network is unreachable"
        case EHOSTUNREACH: "cannot be reached: no route to the host"
        case EADDRNOTAVAIL: "cannot be reached: the address is not available"
        default: "cannot be reached: \(String(cString: strerror(code)))"
        }
    }
}

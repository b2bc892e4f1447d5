import Foundation
import NearbyKit
import NearbyService
import NearbyUpdate
import PostgresNIO

/// Turns what postgres-nio and NIO throw into a sentence about the store, so
/// that a user reads "refused the connection" or "has no database nearby",
/// never a dump of error values. PSQLError's own description hides the
/// server's words on purpose; the fields taken from it here (the message of
/// an authentication failure, a server error) carry no password, and are
/// escaped before they reach a terminal.
enum StoreFailure {
    static func error(_ error: any Error, store: PostGISStoreURL) -> NearbyAPIError {
        let url = store.description
        func unavailable(_ reason: String) -> NearbyAPIError { .storeUnavailable(url: url, reason: reason) }
        func escaped(_ text: String?) -> String { TerminalSafeText.escaped(text ?? "", limit: 160) }

        switch error {
        case let error as NearbyAPIError:
            return error
        case let error as PSQLError:
            switch error.code {
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                let message = escaped(error.serverInfo?[.message])
                switch state {
                case "42P01": return .storeEmpty(url: url)
                case "3D000": return unavailable("has no database \(escaped(store.database))")
                case "28P01", "28000": return unavailable("refused user \(escaped(store.user)): \(message)")
                case "42883", "42704":
                    return unavailable("lacks PostGIS (\(message)): run CREATE EXTENSION postgis in database \(escaped(store.database))")
                case "3F000": return unavailable("has no schema \(store.schema)")
                case "57P01", "57P02", "57P03": return unavailable("is shutting down or starting up (\(message))")
                case "53300": return unavailable("has no connection to spare (\(message))")
                case "42501": return unavailable("does not let user \(escaped(store.user)) do this: \(message)")
                default: return unavailable("failed: \(message) (SQLSTATE \(escaped(state)))")
                }
            case .connectionError:
                return error.underlying.map { Self.error($0, store: store) } ?? unavailable("cannot be reached")
            case .serverClosedConnection, .uncleanShutdown:
                return unavailable("closed the connection")
            case .authMechanismRequiresPassword:
                return unavailable("asks user \(escaped(store.user)) for a password, and the URL gives none")
            case .unsupportedAuthMechanism, .saslError:
                return unavailable("asks for a way of signing in that nearby cannot do")
            case .sslUnsupported:
                return unavailable("does not speak TLS (sslmode=require)")
            case .queryCancelled, .clientClosedConnection, .poolClosed:
                return unavailable("was not asked: the request was cancelled")
            default:
                return unavailable("failed: \(error.code)")
            }
        case let error as PostgresDecodingError:
            return unavailable("holds a \(escaped(error.columnName)) column nearby cannot read; import the data again with this nearby")
        case ChannelError.connectTimeout(let amount):
            return unavailable("did not answer within \(amount.nanoseconds / 1_000_000_000) s")
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first { return Self.error(failure.error, store: store) }
            return unavailable("cannot be reached: no address found for \(escaped(store.host))")
        case is SocketAddressError.UnknownHost:
            return unavailable("cannot be reached: no address found for \(escaped(store.host))")
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED: return unavailable("refused the connection")
            case ECONNRESET: return unavailable("reset the connection")
            case ETIMEDOUT: return unavailable("cannot be reached: the connection timed out")
            case EHOSTUNREACH, ENETUNREACH: return unavailable("cannot be reached: no route to the host")
            default: return unavailable("cannot be reached: \(escaped(String(cString: strerror(error.errnoCode))))")
            }
        case is CancellationError:
            return unavailable("was not asked: the request was cancelled")
        default:
            return unavailable("cannot be reached: \(escaped(String(describing: type(of: error))))")
        }
    }

    /// A server that could not write what it was asked to — SQLSTATE class
    /// 53, insufficient resources (a full disk: 53100), or 58, a failing
    /// device — as an update's write failure; nil for anything else.
    static func writeFailure(_ error: PSQLError, store: PostGISStoreURL) -> UpdateWriteFailure? {
        guard error.code == .server, let state = error.serverInfo?[.sqlState], state.hasPrefix("53") || state.hasPrefix("58") else {
            return nil
        }
        let message = TerminalSafeText.escaped(error.serverInfo?[.message] ?? "", limit: 160)
        return UpdateWriteFailure(store: store.description, reason: "\(message) (SQLSTATE \(TerminalSafeText.escaped(state, limit: 5)))")
    }
}

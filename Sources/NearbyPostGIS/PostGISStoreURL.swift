import Foundation
import NearbyKit
import NearbyService

/// Where a PostGIS store is: `postgresql://USER[:PASSWORD]@HOST[:PORT]/DB`
/// (or `postgres://`), with nearby's own optional `?schema=NAME` for the
/// schema that holds its tables (`public` by default), `sslmode=disable`
/// (the default) or `require`, and `connect_timeout=SECONDS` (libpq's name,
/// so the same URL works with psql; 5 by default). Checked once, when `--store` or `--to` is
/// read, so that a typo is a usage error and not a network failure later.
/// Printed, it never shows the password.
public struct PostGISStoreURL: Hashable, Sendable, CustomStringConvertible {
    public let user: String
    public let password: String?
    public let host: String
    public let port: Int
    public let database: String
    public let schema: String
    public let requiresTLS: Bool
    /// How long a connection may take before the store is called unreachable.
    public let connectTimeoutSeconds: Int

    public static let defaultPort = 5432
    public static let defaultSchema = "public"
    public static let defaultConnectTimeoutSeconds = 5
    /// An hour: beyond it a command would look hung, which is what the timeout is for.
    static let connectTimeoutRange = 1...3600

    /// Whether `text` is meant as a database URL (its scheme), before it is checked.
    public static func names(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    public init(_ text: String) throws(NearbyAPIError) {
        func invalid(_ reason: String) -> NearbyAPIError {
            .invalidStoreURL(TerminalSafeText.escaped(Self.redacted(text), limit: 200), reason: reason)
        }
        guard !text.isEmpty else { throw invalid("it is empty") }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) else {
            throw invalid("it contains spaces or control characters")
        }
        guard Self.names(text) else { throw invalid("it must start with postgresql:// (postgresql://USER@HOST:PORT/DB)") }
        guard let parts = URLComponents(string: text) else { throw invalid("it is not a URL") }
        guard let user = parts.user, !user.isEmpty else { throw invalid("it names no user (postgresql://USER@HOST:PORT/DB)") }
        guard let host = parts.host, !host.isEmpty else { throw invalid("it names no host") }
        if let port = parts.port, !(1...65535).contains(port) { throw invalid("the port must be between 1 and 65535") }
        var path = parts.path
        if path.hasPrefix("/") { path.removeFirst() }
        guard !path.isEmpty else { throw invalid("it names no database (postgresql://USER@HOST:PORT/DB)") }
        guard !path.contains("/") else { throw invalid("the database name must not contain /") }
        guard parts.fragment == nil else { throw invalid("it must not have a fragment (#…)") }
        var schema = Self.defaultSchema
        var requiresTLS = false
        var connectTimeoutSeconds = Self.defaultConnectTimeoutSeconds
        for item in parts.queryItems ?? [] {
            switch item.name {
            case "schema":
                guard let value = item.value, Self.isPlainIdentifier(value) else {
                    throw invalid("schema must be a lower-case SQL name (letters, digits, _; at most 63)")
                }
                schema = value
            case "sslmode":
                switch item.value {
                case "disable": requiresTLS = false
                case "require": requiresTLS = true
                default: throw invalid("sslmode must be disable or require")
                }
            case "connect_timeout":
                guard let value = item.value, let seconds = Int(value), Self.connectTimeoutRange.contains(seconds) else {
                    throw invalid("connect_timeout must be whole seconds from 1 to 3600")
                }
                connectTimeoutSeconds = seconds
            default:
                throw invalid("unknown parameter \(item.name) (nearby knows schema, sslmode and connect_timeout)")
            }
        }
        self.user = user
        password = parts.password
        self.host = host
        port = parts.port ?? Self.defaultPort
        database = path
        self.schema = schema
        self.requiresTLS = requiresTLS
        self.connectTimeoutSeconds = connectTimeoutSeconds
    }

    /// `postgresql://nearby@127.0.0.1:5432/nearby`: how messages name the store, without the password.
    public var description: String {
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        var query: [String] = []
        if schema != Self.defaultSchema { query.append("schema=\(schema)") }
        if requiresTLS { query.append("sslmode=require") }
        if connectTimeoutSeconds != Self.defaultConnectTimeoutSeconds { query.append("connect_timeout=\(connectTimeoutSeconds)") }
        let text = "postgresql://\(user)@\(hostPart):\(port)/\(database)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        return TerminalSafeText.escaped(text, limit: 300)
    }

    /// Lower-case letters, digits and underscores, not starting with a digit:
    /// a name that never needs quoting, so SQL can carry it as it is.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), name.utf8.count <= 63 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The text with whatever stands between `user:` and `@` replaced, for error messages.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        guard let at = rest.lastIndex(of: "@") else { return text }
        let credentials = rest[..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(rest[at...])
    }
}

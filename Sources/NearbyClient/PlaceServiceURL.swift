import Foundation
import NearbyKit
import NearbyService

/// Where a nearby server answers: `http` or `https`, a host, an optional
/// port and an optional path prefix (a server behind a proxy at
/// `https://example.org/nearby`). Checked once, when `--service` is read, so
/// that a typo is a usage error and not a network failure later.
public struct PlaceServiceURL: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int?
    /// Without a trailing slash; empty for the server's root.
    public let pathPrefix: String

    public init(_ text: String) throws(NearbyAPIError) {
        func invalid(_ reason: String) -> NearbyAPIError {
            .invalidServiceURL(TerminalSafeText.escaped(text, limit: 200), reason: reason)
        }
        guard !text.isEmpty else { throw invalid("it is empty") }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) else {
            throw invalid("it contains spaces or control characters")
        }
        guard text.contains("://") else { throw invalid("it must start with http:// or https://") }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else {
            throw invalid("it is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw invalid("the scheme must be http or https, not \(scheme)")
        }
        guard let host = parts.host, !host.isEmpty else { throw invalid("it names no host") }
        guard parts.user == nil, parts.password == nil else {
            throw invalid("a user name or password in the URL is not supported")
        }
        if let port = parts.port, !(1...65535).contains(port) {
            throw invalid("the port must be between 1 and 65535")
        }
        guard parts.query == nil else { throw invalid("it must not have a query (?…)") }
        guard parts.fragment == nil else { throw invalid("it must not have a fragment (#…)") }
        var path = parts.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        self.scheme = scheme
        self.host = host
        port = parts.port
        pathPrefix = path
    }

    /// `http://127.0.0.1:8080/prefix`: how messages name the service.
    public var description: String {
        // An IPv6 literal keeps its brackets (URLComponents gives the host without them).
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(hostPart)\(port.map { ":\($0)" } ?? "")\(pathPrefix)"
    }

    /// The URL of one endpoint, its query percent-encoded here (not by
    /// Foundation, which leaves `+` and `&` ambiguous in values).
    func endpoint(_ path: String, query: [(name: String, value: String)] = []) -> String {
        let queryText = PercentEncoding.query(query)
        return description + path + (queryText.isEmpty ? "" : "?" + queryText)
    }
}

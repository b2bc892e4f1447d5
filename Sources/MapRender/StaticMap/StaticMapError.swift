import Foundation

/// Why a static map request was refused. Each case names the parameter at
/// fault and reads as one sentence; a server answers it with 400.
public enum StaticMapError: Error, Hashable, Sendable, LocalizedError {
    /// A parameter the request cannot do without (`size`).
    case missing(parameter: String)
    /// A parameter that may appear once appeared again.
    case repeated(parameter: String)
    /// The value does not have the expected shape; `expected` says what would do.
    case malformed(parameter: String, value: String, expected: String)
    /// The value has the right shape but is outside what is allowed.
    case outOfRange(parameter: String, value: String, allowed: String)
    /// A location given as an address (or otherwise not `lat,lng`): nothing is geocoded here.
    case notALocation(parameter: String, value: String)
    /// A valid Google value this server does not draw (satellite maps, JPEG, custom icons).
    case unsupported(parameter: String, value: String, reason: String)
    /// More markers, path points and visible locations than one image may hold.
    case tooManyPoints(parameter: String, limit: Int)
    /// The request as a whole is too long to be a map request.
    case tooLong(parameter: String, limit: Int)
    /// Neither a centre and zoom nor anything to fit the map to.
    case nothingToShow
    /// A centre without a zoom, and nothing to choose the zoom from.
    case zoomRequired
    /// A zoom without a centre, and nothing to centre the map on.
    case centerRequired
    /// The locations cannot all be shown on one map (wider than half the world).
    case cannotFit(parameter: String)

    /// The query parameter at fault.
    public var parameter: String {
        switch self {
        case .missing(let name), .repeated(let name), .malformed(let name, _, _), .outOfRange(let name, _, _),
            .notALocation(let name, _), .unsupported(let name, _, _), .tooManyPoints(let name, _),
            .tooLong(let name, _), .cannotFit(let name):
            name
        case .nothingToShow, .centerRequired: "center"
        case .zoomRequired: "zoom"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .missing(let name):
            "the \(name) parameter is required" + (name == "size" ? ", as WIDTHxHEIGHT such as 600x400" : "")
        case .repeated(let name):
            "the \(name) parameter may be given only once"
        case .malformed(let name, let value, let expected):
            "\(name) \(Self.quoted(value)) is not \(expected)"
        case .outOfRange(let name, let value, let allowed):
            "\(name) \(Self.quoted(value)) is out of range: \(allowed)"
        case .notALocation(let name, let value):
            "\(name) \(Self.quoted(value)) is not a latitude,longitude pair such as 43.7384,7.4246 (addresses are not geocoded)"
        case .unsupported(let name, let value, let reason):
            "\(name) \(Self.quoted(value)) is not supported: \(reason)"
        case .tooManyPoints(let name, let limit):
            "\(name) makes more than \(limit) markers, path points and visible locations in all"
        case .tooLong(let name, let limit):
            // Any name can be long; unlike the others it is not one this server knows.
            "\(Self.cleaned(name, limit: 40)) is too long: at most \(limit) characters"
        case .nothingToShow:
            "center and zoom are required when there are no markers, paths or visible locations"
        case .zoomRequired:
            "zoom is required with center when there are no markers, paths or visible locations"
        case .centerRequired:
            "center is required with zoom when there are no markers, paths or visible locations"
        case .cannotFit(let name):
            "the locations in \(name) span more than half the world and cannot be fitted on one map"
        }
    }

    /// The value as the message shows it: quoted, at most 40 characters,
    /// control characters and line breaks replaced, so that a hostile value
    /// cannot bloat, garble or split the answer (a page or terminal still
    /// escapes it).
    static func quoted(_ value: String) -> String {
        "\"" + cleaned(value, limit: 40, replacingQuotes: true) + "\""
    }

    static func cleaned(_ value: String, limit: Int, replacingQuotes: Bool = false) -> String {
        let breaking: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        let cleaned = String(
            String.UnicodeScalarView(
                value.unicodeScalars.prefix(limit + 1).map { scalar in
                    breaking.contains(scalar.properties.generalCategory) || (replacingQuotes && scalar == "\"") ? "\u{FFFD}" : scalar
                }))
        return cleaned.unicodeScalars.count > limit ? String(cleaned.prefix(limit - 1)) + "…" : cleaned
    }
}

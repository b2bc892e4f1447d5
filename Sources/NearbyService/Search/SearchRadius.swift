import NearbyKit

/// How far a search reaches, in metres: more than nothing and at most half
/// the equator, since no two places on Earth are further apart. Like
/// `Coordinate`, it can only be made valid, so code that holds one never
/// checks again; every input's radius goes through `init(metres:)`.
public struct SearchRadius: Hashable, Comparable, Sendable {
    public static let maximumMetres = 20_037_508.0
    public static let `default` = SearchRadius(valid: 1500)
    /// The whole Earth, from anywhere on it.
    public static let maximum = SearchRadius(valid: maximumMetres)

    public enum Failure: Error, Equatable, Sendable {
        /// Not a decimal number (`DecimalText`).
        case notDecimal
        /// Zero, negative or not a number.
        case notPositive(Double)
        /// More than half the equator, `1e400` included.
        case tooLarge(Double)
    }

    public let metres: Double

    /// The radius rule, the one every input keeps.
    public init(metres: Double) throws(Failure) {
        guard metres > 0 else { throw .notPositive(metres) }
        guard metres <= Self.maximumMetres else { throw .tooLarge(metres) }
        self.metres = metres
    }

    /// A radius's text: a decimal number of metres (`DecimalText`), then the rule.
    public init(text: String) throws(Failure) {
        let metres: Double
        do throws(DecimalText.Failure) {
            metres = try DecimalText.parse(text)
        } catch {
            switch error {
            case .notDecimal: throw .notDecimal
            case .tooLarge: throw .tooLarge(.infinity)
            }
        }
        try self.init(metres: metres)
    }

    private init(valid metres: Double) {
        self.metres = metres
    }

    public static func < (a: SearchRadius, b: SearchRadius) -> Bool { a.metres < b.metres }
}

import Foundation

/// How distances are shown: miles as the original app did, or kilometres.
public enum DistanceUnit: String, CaseIterable, Sendable, Codable {
    case miles = "mi"
    case kilometres = "km"

    public static let metresPerMile = 1609.344

    /// "0.18 mi": two decimals, as the original's `String(format: "%.2f mi", …)`.
    public func format(metres: Double) -> String {
        switch self {
        case .miles: String(format: "%.2f mi", metres / Self.metresPerMile)
        case .kilometres: String(format: "%.2f km", metres / 1000)
        }
    }
}

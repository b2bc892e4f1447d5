import Foundation

/// How distances are shown: miles as the original app did, or kilometres.
public enum DistanceUnit: String, CaseIterable, Sendable, Codable {
    case miles = "mi"
    case kilometres = "km"

    public static let metresPerMile = 1609.344

    /// "0.18 mi": two decimals, as the original's `String(format: "%.2f mi", …)`.
    public func format(metres: Double) -> String {
        switch self {
        case .miles: Self.twoDecimals(metres / Self.metresPerMile) + " mi"
        case .kilometres: Self.twoDecimals(metres / 1000) + " km"
        }
    }

    /// C's `%.2f`, the same digits as `String(format:)` without Foundation's
    /// formatter, which cost a home page more than its opening hours did.
    static func twoDecimals(_ value: Double) -> String {
        let capacity = 48
        let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String? in
            let count = withVaList([value]) { vsnprintf(buffer.baseAddress, capacity, "%.2f", $0) }
            guard count > 0, count < capacity else { return nil }
            return String(decoding: UnsafeRawBufferPointer(buffer).prefix(Int(count)), as: UTF8.self)
        }
        return text ?? String(format: "%.2f", value)
    }
}

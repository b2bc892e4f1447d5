import ArgumentParser
import NearbyKit

/// An option's decimal number, read as every input reads one (`DecimalText`).
enum DecimalNumber {
    static func parse(_ text: String) throws -> Double {
        do throws(DecimalText.Failure) {
            return try DecimalText.parse(text)
        } catch {
            switch error {
            case .notDecimal: throw ValidationError("not a decimal number")
            case .tooLarge: throw ValidationError("too large")
            }
        }
    }
}

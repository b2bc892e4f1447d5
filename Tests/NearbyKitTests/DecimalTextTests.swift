import NearbyKit
import Testing

/// The one decimal grammar every input reads numbers with.
struct DecimalTextTests {
    @Test(arguments: [
        ("43.7384", 43.7384), ("-7.4", -7.4), ("+7", 7), (".5", 0.5), ("5.", 5), ("-0", 0), ("1e1", 10), ("2.5E-1", 0.25),
        (" 5", 5), ("5\t", 5), ("00012", 12),
    ])
    func reads(text: String, value: Double) throws {
        #expect(try DecimalText.parse(text) == value)
    }

    @Test(arguments: [
        "", " ", ".", "-", "+-1", "1.2.3", "1e", "e5", "1e+", "0x1p3", "0x10", "nan", "NaN", "inf", "-infinity", "١٢", "1,5", "1 5",
        "5\n", String(repeating: "1", count: 33),
    ])
    func refuses(text: String) {
        #expect(throws: DecimalText.Failure.notDecimal) { try DecimalText.parse(text) }
    }

    @Test func aDecimalPastWhatADoubleHoldsIsTooLarge() {
        #expect(throws: DecimalText.Failure.tooLarge) { try DecimalText.parse("1e400") }
        #expect(throws: DecimalText.Failure.tooLarge) { try DecimalText.parse("-1e309") }
    }
}

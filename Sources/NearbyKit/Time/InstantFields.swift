import Foundation

/// The fields of an ISO 8601 date-time, each checked against the calendar:
/// `YYYY-MM-DD`, `T` (or a space), `hh:mm`, optionally `:ss` and a fraction,
/// optionally `Z` or an offset `±hh:mm` / `±hhmm` / `±hh`.
struct InstantFields: Equatable, Sendable {
    var year = 0, month = 0, day = 0
    var hour = 0, minute = 0, second = 0
    /// Of a second, 0 ..< 1.
    var fraction = 0.0
    /// East of UTC; nil when the text gives none (local time).
    var offsetSeconds: Int?

    init(_ text: String) throws(InstantError) {
        var scanner = Scanner(bytes: Array(text.utf8))
        func malformed() -> InstantError { .malformed(text) }
        guard let year = scanner.digits(4), scanner.take("-"),
            let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2),
            scanner.take("T") || scanner.take("t") || scanner.take(" "),
            let hour = scanner.digits(2), scanner.take(":"),
            let minute = scanner.digits(2)
        else { throw malformed() }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        if scanner.take(":") {
            guard let second = scanner.digits(2) else { throw malformed() }
            self.second = second
            if scanner.take(".") || scanner.take(",") {
                let digits = scanner.run { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                // Nanoseconds are more than a Date holds; more digits add nothing.
                guard !digits.isEmpty, digits.count <= 9 else { throw malformed() }
                fraction = Double(String(decoding: digits, as: UTF8.self)).map { $0 / pow(10, Double(digits.count)) } ?? 0
            }
        }
        if scanner.take("Z") || scanner.take("z") {
            offsetSeconds = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2) else { throw malformed() }
            var minutes = 0
            if scanner.take(":") {
                guard let m = scanner.digits(2) else { throw malformed() }
                minutes = m
            } else if let m = scanner.digits(2) {
                minutes = m
            }
            guard minutes < 60 else { throw .outOfRange(text, field: "offset minute \(minutes) (0 to 59)") }
            let seconds = hours * 3600 + minutes * 60
            guard seconds <= InstantParser.maximumOffsetSeconds else { throw .offsetTooLarge(text) }
            offsetSeconds = sign * seconds
        }
        guard scanner.atEnd else { throw malformed() }
        try check(text)
    }

    private func check(_ text: String) throws(InstantError) {
        guard year >= 1 else { throw .outOfRange(text, field: "year 0000 (from 0001)") }
        guard (1...12).contains(month) else { throw .outOfRange(text, field: "month \(month) (1 to 12)") }
        let days = LocalDay.daysIn(month: month, year: year)
        guard day >= 1 else { throw .outOfRange(text, field: "day 0 (from 1)") }
        guard day <= days else {
            throw .outOfRange(text, field: "\(day) \(Self.monthNames[month - 1]) \(year) does not exist (\(days) days)")
        }
        // 24:00 is ISO's "end of the day", which is ambiguous enough to refuse.
        guard hour <= 23 else { throw .outOfRange(text, field: "hour \(hour) (0 to 23)") }
        guard minute <= 59 else { throw .outOfRange(text, field: "minute \(minute) (0 to 59)") }
        // Leap seconds are not counted by Date, so :60 has no instant.
        guard second <= 59 else { throw .outOfRange(text, field: "second \(second) (0 to 59)") }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    /// Reads ASCII fields; any other byte simply does not match.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` ASCII digits.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// `+` or `-` (ASCII hyphen-minus, or U+2212 as ISO 8601 prints it).
        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            let minus: [UInt8] = [0xE2, 0x88, 0x92]
            if bytes[index...].starts(with: minus) {
                index += minus.count
                return -1
            }
            return nil
        }

        mutating func run(while matches: (UInt8) -> Bool) -> [UInt8] {
            let start = index
            while index < bytes.count, matches(bytes[index]) { index += 1 }
            return Array(bytes[start..<index])
        }
    }
}

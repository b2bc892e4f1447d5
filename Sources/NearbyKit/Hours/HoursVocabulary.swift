/// The words an `opening_hours` value may contain, in any letter case.
///
/// Words are folded into an integer (five bits a letter, nine letters at
/// most) so that looking one up costs no string allocation.
enum HoursVocabulary {
    static func kind(of letters: ArraySlice<UInt8>) -> HoursToken.Kind? {
        guard let key = fold(letters) else { return nil }
        return table[key]
    }

    private static func fold<C: Collection>(_ letters: C) -> UInt64? where C.Element == UInt8 {
        guard letters.count <= 12 else { return nil }
        var key: UInt64 = 0
        for letter in letters {
            let lower = letter | 0x20
            guard lower >= 0x61, lower <= 0x7A else { return nil }
            key = key << 5 | UInt64(lower - 0x60)
        }
        return key
    }

    private static let table: [UInt64: HoursToken.Kind] = {
        var words: [(String, HoursToken.Kind)] = [
            ("ph", .publicHoliday), ("sh", .schoolHoliday),
            ("off", .keyword(.off)), ("closed", .keyword(.off)), ("open", .keyword(.open)),
            ("unknown", .keyword(.unknown)), ("week", .keyword(.week)), ("easter", .keyword(.easter)),
            ("day", .keyword(.day)), ("days", .keyword(.day)),
            ("sunrise", .keyword(.sunrise)), ("sunset", .keyword(.sunset)),
            ("dawn", .keyword(.dawn)), ("dusk", .keyword(.dusk)),
        ]
        let weekdays = [
            ["mo", "mon", "monday"], ["tu", "tue", "tues", "tuesday"], ["we", "wed", "wednesday"],
            ["th", "thu", "thur", "thurs", "thursday"], ["fr", "fri", "friday"],
            ["sa", "sat", "saturday"], ["su", "sun", "sunday"],
        ]
        for (index, names) in weekdays.enumerated() {
            words += names.map { ($0, .weekday(index)) }
        }
        let months = [
            ["jan", "january"], ["feb", "february"], ["mar", "march"], ["apr", "april"], ["may"],
            ["jun", "june"], ["jul", "july"], ["aug", "august"], ["sep", "sept", "september"],
            ["oct", "october"], ["nov", "november"], ["dec", "december"],
        ]
        for (index, names) in months.enumerated() {
            words += names.map { ($0, .month(index + 1)) }
        }
        var table: [UInt64: HoursToken.Kind] = [:]
        for (word, kind) in words {
            if let key = fold(Array(word.utf8)) { table[key] = kind }
        }
        return table
    }()
}

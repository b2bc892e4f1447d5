/// Reads the tokens of an `opening_hours` value into rules, following the
/// OSM specification's grammar where the real data does, and its common
/// misspellings where they are unambiguous (`Mo-Fr: 9:00-18:00`,
/// `Mo-Tu, Fr`, a wide selector without its colon).
///
/// A `,` is read by what follows it: another item of the same list
/// (`Sa,Su`, `12:00-14:00,19:00-22:00`, `Nov 19,Dec 25`) or else the start
/// of an additional rule (`Mo-Sa 07:00-00:30, Su 07:00-24:00`).
struct HoursParser {
    let tokens: [HoursToken]
    var index = 0

    init(tokens: [HoursToken]) {
        self.tokens = tokens
    }

    static func rules(of raw: String) -> Result<[HoursRule], HoursSyntaxError> {
        switch HoursTokenizer.tokens(of: raw) {
        case .failure(let error):
            return .failure(error)
        case .success(let tokens):
            var parser = HoursParser(tokens: tokens)
            do {
                return .success(try parser.value())
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: Token access (the token list always ends with `.end`)

    var kind: HoursToken.Kind { tokens[index].kind }
    var offset: Int { tokens[index].offset }

    func peek(_ ahead: Int) -> HoursToken.Kind {
        let at = index + ahead
        return at < tokens.count ? tokens[at].kind : .end
    }

    mutating func advance(_ count: Int = 1) {
        index = min(index + count, tokens.count - 1)
    }

    var unexpected: HoursSyntaxError { .unexpected(at: offset) }

    // MARK: Rules

    mutating func value() throws(HoursSyntaxError) -> [HoursRule] {
        var rules: [HoursRule] = []
        var separator = HoursRule.Separator.normal
        while true {
            while kind == .semicolon { advance() }
            if kind == .end { break }
            var rule = try rule()
            rule.separator = separator
            rules.append(rule)
            switch kind {
            case .end: return rules
            case .semicolon: separator = .normal
            case .comma: separator = .additional
            case .fallback: separator = .fallback
            default: throw unexpected
            }
            advance()
        }
        if rules.isEmpty { throw .empty }
        return rules
    }

    mutating func rule() throws(HoursSyntaxError) -> HoursRule {
        let start = index
        var rule = HoursRule()
        if case .number(24, _) = kind, peek(1) == .slash, case .number(7, _) = peek(2) {
            advance(3)
        } else {
            try wideSelectors(into: &rule)
            try weekdaySelector(into: &rule)
            try timeSelector(into: &rule)
        }
        modifier(into: &rule)
        if index == start { throw unexpected }
        return rule
    }

    mutating func modifier(into rule: inout HoursRule) {
        var explicit = true
        switch kind {
        case .keyword(.off): rule.modifier = .closed
        case .keyword(.open): rule.modifier = .open
        case .keyword(.unknown): rule.modifier = .unknown
        default: explicit = false
        }
        if explicit { advance() }
        if case .comment(let text) = kind {
            rule.comment = text
            advance()
            // `Sa,Su "On request"`: a comment in place of hours says nothing certain.
            if !explicit, rule.times.isEmpty { rule.modifier = .unknown }
        }
    }

}

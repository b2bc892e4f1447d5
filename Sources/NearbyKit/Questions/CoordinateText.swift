/// A position written as people write one: "47.16,9.51", "47.16 9.51",
/// "47.150° N 9.534° E", "N 47 15 7 E 9 31 26", "47°15'7\"N 9°31'26\"E",
/// "9.534°E 47.150°N". Each number is a decimal (`DecimalText`); degrees,
/// minutes and seconds each below their bound; the hemisphere letters N, S,
/// E and W before or after their numbers, or none and latitude first.
public enum CoordinateText {
    /// The position, or nil when the text is anything else.
    public static func parse(_ text: some StringProtocol) -> Coordinate? {
        guard let tokens = tokens(of: text) else { return nil }
        if !tokens.contains(where: \.isHemisphere) {
            // Without letters only two plain decimals, latitude first: "47 15 7 9 31 26" says nothing sure.
            guard tokens.count == 2, case .number(let latitude) = tokens[0], case .number(let longitude) = tokens[1] else {
                return nil
            }
            return try? Coordinate(latitude: latitude, longitude: longitude)
        }
        guard let (first, second) = groups(tokens) else { return nil }
        guard first.axis != second.axis, let a = first.degrees, let b = second.degrees else { return nil }
        let (latitude, longitude) = first.axis == .latitude ? (a, b) : (b, a)
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    private enum Token {
        case number(Double)
        case hemisphere(Character)

        var isHemisphere: Bool {
            if case .hemisphere = self { true } else { false }
        }
    }

    private enum Axis { case latitude, longitude }

    private struct Group {
        var letter: Character
        var numbers: [Double]

        var axis: Axis { letter == "N" || letter == "S" ? .latitude : .longitude }

        /// Degrees, minutes, seconds: only the last may have a fraction; each below its bound.
        var degrees: Double? {
            guard (1...3).contains(numbers.count), numbers.allSatisfy({ $0 >= 0 }) else { return nil }
            guard numbers.dropLast().allSatisfy({ $0 == $0.rounded() }), numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
            let value = numbers.enumerated().reduce(0.0) { sum, part in
                sum + part.element / [1.0, 60, 3600][part.offset]
            }
            return letter == "S" || letter == "W" ? -value : value
        }
    }

    /// Numbers and hemisphere letters, the marks between them (° ' " ′ ″ , ;) taken as spaces; nil on anything else.
    private static func tokens(of text: some StringProtocol) -> [Token]? {
        var tokens: [Token] = []
        var number = ""
        func endNumber() -> Bool {
            defer { number = "" }
            guard !number.isEmpty else { return true }
            guard let value = DecimalText.value(number) else { return false }
            tokens.append(.number(value))
            return true
        }
        for character in text {
            switch character {
            case "0"..."9", ".", "-", "+":
                number.append(character)
            case "N", "S", "E", "W", "n", "s", "e", "w":
                guard endNumber() else { return nil }
                tokens.append(.hemisphere(Character(character.uppercased())))
            case " ", "\t", ",", ";", "°", "º", "'", "\"", "′", "″", "’", "”":
                guard endNumber() else { return nil }
            default:
                return nil
            }
            guard tokens.count <= 8 else { return nil }
        }
        guard endNumber(), !tokens.isEmpty else { return nil }
        return tokens
    }

    /// Two groups of numbers, each with its letter before ("N 47 15 7") or after ("47.15 N") them, alike in both.
    private static func groups(_ tokens: [Token]) -> (Group, Group)? {
        let letters = tokens.indices.filter { tokens[$0].isHemisphere }
        guard letters.count == 2 else { return nil }
        func numbers(_ range: Range<Int>) -> [Double]? {
            let values = tokens[range].compactMap { token -> Double? in
                if case .number(let value) = token { value } else { nil }
            }
            return values.count == range.count ? values : nil
        }
        func letter(_ index: Int) -> Character {
            if case .hemisphere(let letter) = tokens[index] { letter } else { " " }
        }
        let (i, j) = (letters[0], letters[1])
        if i == 0 {
            // Letters first: N 47 15 7 E 9 31 26.
            guard let a = numbers(1..<j), let b = numbers((j + 1)..<tokens.count) else { return nil }
            return (Group(letter: letter(i), numbers: a), Group(letter: letter(j), numbers: b))
        }
        // Letters after: 47 15 7 N 9 31 26 E.
        guard j == tokens.count - 1, let a = numbers(0..<i), let b = numbers((i + 1)..<j) else { return nil }
        return (Group(letter: letter(i), numbers: a), Group(letter: letter(j), numbers: b))
    }
}

import Foundation

/// The derived addresses checked against the data's own answers: the
/// places that carry `addr:*` tags, addressed as if they had none (their
/// own elements left out), compared part by part with what their tags say.
public struct AddressAccuracy: Sendable, Equatable {
    public struct Score: Sendable, Equatable {
        public var checked = 0
        public var matched = 0
        /// Misses by the rule that gave the derived value ("none": no rule gave one).
        public var missesByRule: [String: Int] = [:]

        mutating func compare(_ own: AddressComponent?, _ derived: AddressComponent?, or alternative: AddressComponent? = nil) {
            guard let own else { return }
            checked += 1
            if let derived, Self.same(own.longName, derived.longName) || alternative.map({ Self.same(own.longName, $0.longName) }) == true {
                matched += 1
            } else {
                missesByRule[derived?.rule.rawValue ?? "none", default: 0] += 1
            }
        }

        mutating func add(_ other: Score) {
            checked += other.checked
            matched += other.matched
            missesByRule.merge(other.missesByRule, uniquingKeysWith: +)
        }

        /// The same words, whatever their case, accents, hyphens and spacing
        /// ("Avenue saint laurent" is "Avenue Saint-Laurent").
        static func same(_ a: String, _ b: String) -> Bool {
            func normal(_ s: String) -> String {
                s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                    .split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "'" || $0 == "’" }).joined(separator: " ")
            }
            // Most often the very same text (a neighbour's `addr:city` and the town's name): no folding needed.
            return a == b || normal(a) == normal(b)
        }

        public var share: Double { checked == 0 ? 1 : Double(matched) / Double(checked) }

        var text: String {
            let misses = missesByRule.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.value) by \($0.key)" }
            return "\(AddressCoverage.percent(matched, checked)) of \(checked)"
                + (misses.isEmpty ? "" : " (missed: \(misses.joined(separator: ", ")))")
        }
    }

    public var street = Score()
    public var locality = Score()
    public var postcode = Score()

    public init() {}

    mutating func compare(own: PostalAddress, derived: PostalAddress?) {
        street.compare(own[.route], derived?[.route])
        // addr:city often names the district a town's addresses use (Monte-Carlo, in Monaco).
        locality.compare(own[.locality], derived?[.locality], or: derived?[.sublocality])
        postcode.compare(own[.postalCode], derived?[.postalCode])
    }

    mutating func add(_ other: AddressAccuracy) {
        street.add(other.street)
        locality.add(other.locality)
        postcode.add(other.postcode)
    }

    /// "derived as if untagged: street 93 % of 150 (missed: 8 by street, 2 by none), …"
    public var summary: String {
        "derived as if untagged, against the places' own addr:* tags: street \(street.text), locality \(locality.text), "
            + "postcode \(postcode.text)"
    }
}

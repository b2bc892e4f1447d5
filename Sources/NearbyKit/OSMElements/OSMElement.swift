import Foundation

/// One OpenStreetMap element as a line of osmium's OPL text format
/// (`n123 v2 dV c0 t… i0 u Tamenity=cafe,name=X x7.4170116 y43.7303564`):
/// what an update needs of it to export it again — its tags and its
/// location, nodes or members — kept as OPL writes them, so that an element
/// read from a store goes back to osmium without being decoded.
public struct OSMElement: Sendable, Hashable {
    public enum Kind: Character, Sendable, Hashable, Comparable {
        case node = "n"
        case way = "w"
        case relation = "r"

        /// osmium's name of the type (`node`, `way`, `relation`), as `TagFilter` matches it.
        public var name: String {
            switch self {
            case .node: "node"
            case .way: "way"
            case .relation: "relation"
            }
        }

        public static func < (a: Kind, b: Kind) -> Bool { a.rank < b.rank }
        private var rank: Int { self == .node ? 0 : self == .way ? 1 : 2 }
    }

    public var kind: Kind
    public var id: Int64
    public var version: Int64
    /// False for an element an osmChange deletes.
    public var visible: Bool
    /// A node's location in 1e-7 degrees, as OSM stores it; nil for ways and relations.
    public var x: Int64?
    public var y: Int64?
    /// The OPL tags field without its `T`: `k=v,k2=v2`, escaped as OPL escapes.
    public var tags: String
    /// A way's `N` field (`n1,n2`) or a relation's `M` field (`w1@outer,n2@`), without the letter.
    public var references: String
    /// `t`, when the line has one: `2021-04-21T21:21:46Z`.
    public var timestamp: String?

    public init(
        kind: Kind, id: Int64, version: Int64 = 0, visible: Bool = true, x: Int64? = nil, y: Int64? = nil, tags: String = "",
        references: String = "", timestamp: String? = nil
    ) {
        self.kind = kind
        self.id = id
        self.version = version
        self.visible = visible
        self.x = x
        self.y = y
        self.tags = tags
        self.references = references
        self.timestamp = timestamp
    }

    /// `n123`, `w456`, `r789`: the id places and address sources carry.
    public var placeID: PlaceID { "\(kind.rawValue)\(id)" }

    /// Reads one OPL line; nil when it is not one. Fields are found among
    /// the line's bytes (OPL escapes the spaces of text, and in UTF-8 an
    /// ASCII byte is never part of another character): an extract is
    /// millions of lines, and splitting each into Characters cost more than
    /// the rest of reading it.
    public init?(opl line: String) {
        var line = line
        guard let element = line.withUTF8(Self.parse) else { return nil }
        self = element
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> OSMElement? {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var element: OSMElement?
        var start = 0
        while start < bytes.count {
            guard bytes[start] != UInt8(ascii: " ") else {
                start += 1
                continue
            }
            var end = start + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: " ") { end += 1 }
            defer { start = end }
            let (key, value) = (bytes[start], (start + 1)..<end)
            guard var found = element else {
                guard let kind = Kind(rawValue: Character(Unicode.Scalar(key))), let id = Int64(text(value)) else { return nil }
                element = OSMElement(kind: kind, id: id)
                continue
            }
            switch key {
            case UInt8(ascii: "v"): found.version = Int64(text(value)) ?? 0
            case UInt8(ascii: "d"): found.visible = text(value) != "D"
            case UInt8(ascii: "t"): found.timestamp = value.isEmpty ? nil : text(value)
            case UInt8(ascii: "T"): found.tags = text(value)
            case UInt8(ascii: "N"), UInt8(ascii: "M"): found.references = text(value)
            case UInt8(ascii: "x"): found.x = Self.fixed(Substring(text(value)))
            case UInt8(ascii: "y"): found.y = Self.fixed(Substring(text(value)))
            default: continue
            }
            element = found
        }
        guard let element, element.kind != .node || !element.visible || (element.x != nil && element.y != nil) else { return nil }
        return element
    }

    /// The line osmium reads back: id, tags, and location or references (no metadata, which export does not use).
    public var opl: String {
        switch kind {
        case .node: "n\(id) T\(tags) x\(Self.decimal(x ?? 0)) y\(Self.decimal(y ?? 0))"
        case .way: "w\(id) T\(tags) N\(references)"
        case .relation: "r\(id) T\(tags) M\(references)"
        }
    }

    /// The node ids of a way's `N` field, in order.
    public var wayNodes: [Int64] {
        references.split(separator: ",").compactMap { $0.first == "n" ? Int64($0.dropFirst()) : nil }
    }

    /// A relation's members: type and id, without roles.
    public var members: [(kind: Kind, id: Int64)] {
        references.split(separator: ",").compactMap { member in
            guard let letter = member.first, let kind = Kind(rawValue: letter) else { return nil }
            let end = member.firstIndex(of: "@") ?? member.endIndex
            return Int64(member[member.index(after: member.startIndex)..<end]).map { (kind, $0) }
        }
    }

    /// The tags, unescaped: OPL writes a character outside plain text as `%hex%` (its code point).
    public var decodedTags: [String: String] {
        Dictionary(tagPairs.map { ($0.key, Self.unescaped($0.value)) }, uniquingKeysWith: { $1 })
    }

    /// The tags pair by pair, each key unescaped and its value as written
    /// (`unescaped` decodes it): what asks of a few keys decodes no more.
    var tagPairs: some Sequence<(key: String, value: Substring)> {
        // Bytes, not Characters: OPL escapes the commas and equals signs of text, and in UTF-8 an ASCII byte
        // is never part of another character.
        tags.utf8.split(separator: UInt8(ascii: ",")).lazy.map { pair in
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return (Self.unescaped(Substring(pair)), "") }
            return (Self.unescaped(Substring(pair[..<equals])), Substring(pair[pair.index(after: equals)...]))
        }
    }

    /// Scalars, not Characters: a percent sign followed by a combining mark is still one.
    static func unescaped(_ text: Substring) -> String {
        let percent: Unicode.Scalar = "%"
        var rest = text.unicodeScalars[...]
        guard rest.contains(percent) else { return String(text) }
        var result = String.UnicodeScalarView()
        while let start = rest.firstIndex(of: percent) {
            result.append(contentsOf: rest[..<start])
            let afterStart = rest.index(after: start)
            guard let end = rest[afterStart...].firstIndex(of: percent),
                let code = UInt32(String(rest[afterStart..<end]), radix: 16), let scalar = Unicode.Scalar(code)
            else {
                result.append(contentsOf: rest[start...])
                return String(result)
            }
            result.append(scalar)
            rest = rest[rest.index(after: end)...]
        }
        result.append(contentsOf: rest)
        return String(result)
    }

    /// `7.4170116` as 74170116; nil for anything else.
    static func fixed(_ text: Substring) -> Int64? {
        var digits = text[...]
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = Int64(parts[0]), parts.count == 1 || (parts[1].count <= 7 && parts[1].allSatisfy(\.isASCII)) else {
            return nil
        }
        var fraction: Int64 = 0
        if parts.count == 2 {
            guard let value = Int64(parts[1] + String(repeating: "0", count: 7 - parts[1].count)) else { return nil }
            fraction = value
        }
        let value = whole * 10_000_000 + fraction
        return negative ? -value : value
    }

    /// 74170116 as `7.4170116`.
    static func decimal(_ value: Int64) -> String {
        let magnitude = value.magnitude
        var fraction = String(magnitude % 10_000_000)
        fraction = String(repeating: "0", count: 7 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (value < 0 ? "-" : "") + String(magnitude / 10_000_000) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

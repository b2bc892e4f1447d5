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

    /// Reads one OPL line; nil when it is not one.
    public init?(opl line: String) {
        var fields = line.split(separator: " ", omittingEmptySubsequences: true).makeIterator()
        guard let first = fields.next(), let letter = first.first, let kind = Kind(rawValue: letter),
            let id = Int64(first.dropFirst())
        else { return nil }
        self.init(kind: kind, id: id)
        while let field = fields.next() {
            guard let key = field.first else { continue }
            let value = field.dropFirst()
            switch key {
            case "v": version = Int64(value) ?? 0
            case "d": visible = value != "D"
            case "t": timestamp = value.isEmpty ? nil : String(value)
            case "T": tags = String(value)
            case "N", "M": references = String(value)
            case "x": x = Self.fixed(value)
            case "y": y = Self.fixed(value)
            default: continue
            }
        }
        if kind == .node, visible, x == nil || y == nil { return nil }
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
        tags.split(separator: ",").lazy.map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.unescaped(parts[0]), parts.count == 2 ? parts[1] : "")
        }
    }

    static func unescaped(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var result = ""
        var rest = text[...]
        while let start = rest.firstIndex(of: "%") {
            result += rest[..<start]
            let afterStart = rest.index(after: start)
            guard let end = rest[afterStart...].firstIndex(of: "%"),
                let code = UInt32(rest[afterStart..<end], radix: 16), let scalar = Unicode.Scalar(code)
            else {
                result += rest[start...]
                return result
            }
            result.unicodeScalars.append(scalar)
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
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

/// JSON text written by hand for the values a store keeps a million of
/// (tags, an address's parts): Foundation's JSONEncoder took a sixth of a
/// whole import writing them. Keys sorted, as the encoder's `.sortedKeys`
/// writes them; strings escaped as RFC 8259 asks (quote, backslash, control
/// characters), everything else written as it is.
public enum JSONText {
    /// `{"key":"value",…}`, keys in order.
    public static func object(_ values: [String: String]) -> String {
        var out = "{"
        for (index, key) in values.keys.sorted().enumerated() {
            if index > 0 { out += "," }
            string(key, into: &out)
            out += ":"
            string(values[key]!, into: &out)
        }
        return out + "}"
    }

    /// `["a","b",…]`, in the order given: a list SQL reads with `json_each`.
    public static func array(_ values: some Sequence<String>) -> String {
        var out = "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            string(value, into: &out)
        }
        return out + "]"
    }

    public static func string(_ text: String, into out: inout String) {
        out += "\""
        // Most text needs no escape: written whole, not a scalar at a time.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension AddressComponent {
    /// A place's parts in their stored form (`AddressComponent`'s Codable
    /// form), as GeoPackage and PostGIS keep them.
    public static func json(_ components: [AddressComponent]) -> String {
        var out = "["
        for (index, component) in components.enumerated() {
            if index > 0 { out += "," }
            out += "{\"long_name\":"
            JSONText.string(component.longName, into: &out)
            out += ",\"short_name\":"
            JSONText.string(component.shortName, into: &out)
            out += ",\"source\":\"\(component.rule.rawValue)\",\"types\":["
            out += component.kind.googleTypes.map { "\"\($0)\"" }.joined(separator: ",")
            out += "]}"
        }
        return out + "]"
    }
}

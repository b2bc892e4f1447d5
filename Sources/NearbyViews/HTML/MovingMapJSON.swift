import Foundation
import NearbyKit
import NearbyViewModels

enum MovingMapJSON {
    /// The JSON of `value`, for an attribute the templates escape. The
    /// characters a page would obey (controls past U+001F, which JSON leaves
    /// raw, and bidirectional overrides) are written out as the rows write
    /// them, `\u{202e}`: escaping them for HTML afterwards would break the JSON.
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Both types are plain numbers and strings: encoding cannot fail.
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
            {
                out += "\\\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

import Foundation
import NearbyKit

/// The `jsonb` columns nearby writes, read back from their text: in place
/// where it is plain (`PlainJSON`: PostgreSQL's spacing, no escapes), else by
/// `JSONDecoder`, whose verdict stands; nil when neither can read it.
enum JSONColumn {
    /// Tags, names, `addr:*` values: an object of strings.
    static func strings(_ text: String) -> [String: String]? {
        PlainJSON.stringObject(text) ?? (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)))
    }

    /// A place's address parts, in `AddressComponent`'s stored form.
    static func addressComponents(_ text: String) -> [AddressComponent]? {
        PlainJSON.addressComponents(text) ?? (try? JSONDecoder().decode([AddressComponent].self, from: Data(text.utf8)))
    }
}

import Foundation
import NearbyKit
import NearbyService

/// The `jsonb` columns nearby writes, read back from their text: in place
/// where it is plain (`PlainJSON`: PostgreSQL's spacing, no escapes), else by
/// `JSONDecoder`, whose verdict stands; nil when neither can read it.
enum JSONColumn {
    /// Tags, names, `addr:*` values: an object of strings.
    static func strings(_ text: String) -> [String: String]? {
        PlainJSON.stringObject(text) ?? (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)))
    }

    /// The replication state the dataset row records; nil for none (`null`,
    /// or no text: a store imported before the column was added).
    static func replication(_ text: String?, store: PostGISStoreURL) throws(NearbyAPIError) -> ReplicationState? {
        guard let text, text != "null" else { return nil }
        guard let state = try? JSONDecoder().decode(ReplicationState.self, from: Data(text.utf8)) else {
            throw .storeUnavailable(
                url: store.description, reason: "holds a replication state nearby cannot read; import the data again with this nearby")
        }
        return state
    }

    /// A place's address parts, in `AddressComponent`'s stored form.
    static func addressComponents(_ text: String) -> [AddressComponent]? {
        PlainJSON.addressComponents(text) ?? (try? JSONDecoder().decode([AddressComponent].self, from: Data(text.utf8)))
    }
}

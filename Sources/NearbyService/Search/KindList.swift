import NearbyKit

/// The one reader of kinds of place, for every input that names them: the
/// CLI's `--category`, the API's `type=`, the pages' `category=`, and what
/// is left out. Each value may hold several names separated by commas;
/// each name is a category by its id or Google's type name (`cafe`,
/// `gas_station`), by its name as people type it (`Cafés`, `cash machine`),
/// by a word for one kind in another language (`Apotheke`, `farmacia`:
/// `KindVocabulary`, read in `language`, else in English, else in every
/// language, and taken only when that names one kind; folding drops control
/// characters, so a name holding one is refused first), or a whole group
/// (`food`), for all its categories.
///
/// `[String]`, not a generic sequence: a generic called from another module
/// runs unspecialised, and this is on the API's hot path.
public enum KindList {
    /// A name that is none of those, as given (callers escape it before showing it).
    public struct UnknownKind: Error, Equatable, Sendable {
        public let name: String
    }

    public static func read(_ values: [String], language: String? = nil) throws(UnknownKind) -> Set<PlaceCategory> {
        var kinds = Set<PlaceCategory>()
        for value in values {
            for name in value.split(separator: ",") {
                let name = String(name.trimmed())
                guard !name.isEmpty else { continue }
                if let category = PlaceCategory(apiType: name) ?? PlaceCategory(userInput: name) {
                    kinds.insert(category)
                } else if let group = PlaceCategoryGroup(userInput: name) {
                    kinds.formUnion(group.categories)
                } else if TerminalSafeText.isPlain(name),
                    case let named = KindVocabulary.shared.kinds(named: SearchWords.folded(name), language: language),
                    named.count == 1
                {
                    kinds.insert(named[0])
                } else {
                    throw UnknownKind(name: name)
                }
            }
        }
        return kinds
    }

    /// The names a value holds, trimmed, empty ones dropped: what a page
    /// passes on to its links as it was given.
    public static func names(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { String($0.trimmed()) } }.filter { !$0.isEmpty }
    }
}

import NearbyKit

/// `languageCode`: Google's codes are BCP 47 (`en-GB`); OpenStreetMap's
/// names are keyed by the language alone (`name:en`), so that is what is kept.
enum PlacesAPINewLanguageCode {
    static func read(_ text: String?) throws(RPCError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let language = String(text.split(separator: "-", omittingEmptySubsequences: false)[0]).lowercased()
        guard Place.isLanguageCode(language) else {
            throw .invalidArgument("languageCode \(TerminalSafeText.escaped(text, limit: 40)) is not a language code")
        }
        return language
    }
}

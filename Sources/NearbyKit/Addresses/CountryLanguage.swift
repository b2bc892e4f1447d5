import Foundation

/// The language most likely spoken in a country, as CLDR's likely subtags
/// say (through Foundation and ICU): "fr" for MC, "de" for LI and CH. A word
/// that names different kinds in different languages, asked in no language,
/// is read in the language of the country the question names.
public enum CountryLanguage {
    /// The language of an ISO 3166-1 alpha-2 code ("MC"); nil for anything else.
    public static func likely(in countryCode: String) -> String? {
        guard countryCode.utf8.count == 2, countryCode.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let identifier = Locale.Language(identifier: "und-" + countryCode.uppercased()).maximalIdentifier
        guard let language = identifier.split(separator: "-").first, language != "und" else { return nil }
        return String(language)
    }
}

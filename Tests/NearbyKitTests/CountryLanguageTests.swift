import NearbyKit
import Testing

/// `CountryLanguage`: a country's likely language, as CLDR's likely subtags say.
struct CountryLanguageTests {
    @Test(arguments: [("MC", "fr"), ("LI", "de"), ("CH", "de"), ("IT", "it"), ("JP", "ja"), ("RU", "ru"), ("mc", "fr")])
    func aCountrysLanguage(country: String, language: String) {
        #expect(CountryLanguage.likely(in: country) == language)
    }

    @Test(arguments: ["", "M", "MCO", "1A", "M\u{301}", "ÉT"])
    func anythingElseIsNone(text: String) {
        #expect(CountryLanguage.likely(in: text) == nil)
    }
}

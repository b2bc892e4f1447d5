import ArgumentParser
import NearbyKit

/// `--lang CODE`: names in that language where the data has them.
struct LanguageOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Show names in this language where a place has one (its name:CODE tag, e.g. fr, de, zh-Hant); else its name.",
            valueName: "code"))
    var lang: String?

    func validate() throws {
        if let lang, !Place.isLanguageCode(lang) {
            throw ValidationError(
                "--lang takes a language code such as fr, de or zh-Hant, not \(TerminalSafeText.escaped(lang, limit: 40))")
        }
    }
}

import Foundation
import Testing

@testable import NearbyServer

/// Issue 56's labels: a kind is named in the language asked where the
/// vocabulary has its label — `/v1`'s `primaryTypeDisplayName` with its
/// `languageCode`, the pages' kind column — and the pages follow the
/// browser's `Accept-Language` as the CLI follows `--lang`.
struct LanguageAskedTests {
    static let monaco = "lat=43.7384&lon=7.4246"

    @Test func primaryTypeDisplayNameIsInTheLanguageAsked() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        func label(_ language: String) async throws -> [String: String]? {
            let answer = try await server.post(
                PlacesAPINewTests.search,
                json: #"{"includedTypes": ["pharmacy"], "languageCode": "\#(language)", \#(PlacesAPINewTests.circle())}"#,
                headers: [("X-Goog-FieldMask", "places.primaryTypeDisplayName")])
            #expect(answer.status == 200)
            return try PlacesAPINewTests.places(answer).first?["primaryTypeDisplayName"] as? [String: String]
        }
        #expect(try await label("de") == ["text": "Apotheke", "languageCode": "de"])
        #expect(try await label("de-AT") == ["text": "Apotheke", "languageCode": "de"])
        #expect(try await label("fr") == ["text": "Pharmacie", "languageCode": "fr"])
        #expect(try await label("en-GB") == ["text": "Pharmacy", "languageCode": "en"])
        // A language the vocabulary does not name the kind in: English, and says so.
        #expect(try await label("tlh") == ["text": "Pharmacy", "languageCode": "en"])
    }

    @Test func thePagesFollowAcceptLanguageUnlessLangSaysOtherwise() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        let german = [("Accept-Language", "de-CH, de;q=0.9, en;q=0.5")]
        let home = try await server.get("/?\(Self.monaco)", headers: german)
        #expect(home.status == 200)
        #expect(home.headers["vary"]?.contains("Accept-Language") == true)
        #expect(home.text.contains(#"class="meta">Geldautomat · "#))
        // Asked again without the header: not the German page from the cache.
        let english = try await server.get("/?\(Self.monaco)").text
        #expect(english.contains(#"class="meta">ATM · "#) && !english.contains("Geldautomat"))
        // lang= wins over the header.
        let asked = try await server.get("/?\(Self.monaco)&lang=fr", headers: german).text
        #expect(asked.contains(#"class="meta">Distributeur de billets · "#) && !asked.contains("Geldautomat"))
        // A header nearby cannot read is no language, never a failed page.
        let odd = try await server.get("/?\(Self.monaco)", headers: [("Accept-Language", ";;q=x, *")])
        #expect(odd.status == 200 && odd.text.contains(#"class="meta">ATM · "#))
        let detail = try await server.get("/place/n4316767531?\(Self.monaco)", headers: [("Accept-Language", "fr")]).text
        #expect(detail.contains("Café · 0.18 mi away"))
    }
}

/// `AcceptLanguage`: RFC 9110's weighted list, read for the language nearby can name places in.
struct AcceptLanguageTests {
    @Test(
        arguments: [
            ("de-CH, de;q=0.9, en;q=0.5", "de"),
            ("en;q=0.2, fr", "fr"),
            ("zh-Hant-TW,zh;q=0.8", "zh-Hant"),
            ("sr-Latn", "sr-Latn"),
            ("PT-br", "pt"),
            ("*", nil),
            ("fr;q=0, *;q=0.1", nil),
            ("fr;q=2", nil),
            ("fr;q=abc, it;q=0.3", "it"),
            ("", nil),
            (",,;", nil),
        ] as [(String, String?)])
    func theHighestWeightedLanguageIsTaken(header: String, language: String?) {
        #expect(AcceptLanguage.preferred(header) == language)
    }
}

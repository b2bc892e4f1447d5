import NearbyService
import Testing

@testable import NearbyClient

struct PlaceServiceURLTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
        ("HTTPS://places.example.org/nearby//", "https://places.example.org/nearby"),
        ("http://[::1]:8080", "http://[::1]:8080"),
        ("http://localhost", "http://localhost"),
    ])
    func acceptsAndNormalises(text: String, expected: String) throws {
        #expect(try PlaceServiceURL(text).description == expected)
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("127.0.0.1:8080", "it must start with http:// or https://"),
        ("localhost", "it must start with http:// or https://"),
        ("ftp://example.org", "the scheme must be http or https, not ftp"),
        ("http://", "it names no host"),
        ("http:///places", "it names no host"),
        ("http://user:secret@example.org", "a user name or password in the URL is not supported"),
        ("http://example.org:0", "the port must be between 1 and 65535"),
        ("http://example.org:99999", "the port must be between 1 and 65535"),
        ("http://example.org/?key=1", "it must not have a query (?…)"),
        ("http://example.org/#top", "it must not have a fragment (#…)"),
        ("http://exa mple.org", "it contains spaces or control characters"),
    ])
    func refusesWithAReason(text: String, reason: String) {
        #expect(throws: NearbyAPIError.invalidServiceURL(text, reason: reason)) { try PlaceServiceURL(text) }
    }

    @Test func aControlCharacterIsShownEscaped() {
        let error = #expect(throws: NearbyAPIError.self) { try PlaceServiceURL("http://x\u{1b}[2J") }
        #expect(error?.localizedDescription == #"invalid place service URL "http://x\u{1b}[2J": it contains spaces or control characters"#)
    }

    @Test func queryValuesAreEncodedStrictly() throws {
        let url = try PlaceServiceURL("http://h:1/p")
        #expect(
            url.endpoint("/q", query: [("keyword", "fish & chips+1/2"), ("type", "bar,cafe")])
                == "http://h:1/p/q?keyword=fish%20%26%20chips%2B1%2F2&type=bar,cafe")
    }

    /// Positions and radii go out as the shortest decimal that reads back as
    /// the same Double, never in exponent form.
    @Test(arguments: [
        (43.7384, "43.7384"), (7.4246, "7.4246"), (1500, "1500"), (-0.0, "-0"), (0, "0"),
        (1e-5, "0.00001"), (-1.2345e-7, "-0.00000012345"), (1.5e16, "15000000000000000"),
        (20_037_508.342789244, "20037508.342789244"), (0.1 + 0.2, "0.30000000000000004"),
    ])
    func decimalsAreExactAndPlain(value: Double, text: String) {
        let written = NearbySearchParameters.decimal(value)
        #expect(written == text)
        #expect(Double(written)?.bitPattern == value.bitPattern)
    }
}

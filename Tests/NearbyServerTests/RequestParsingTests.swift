import Foundation
import MapRender
import NearbyServer
import NearbyService
import Testing

/// The readers the routes share with the fuzz harness (Fuzz/Sources/ServerFuzzer),
/// called as the routes call them, and the harness's findings kept fixed.
struct RequestParsingTests {
    static let here = "location=43.7384,7.4246&radius=1500"

    static func message(_ query: String) -> String? {
        do {
            _ = try RequestParsing.nearbySearch(query: query)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    static func isOneCleanLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }
    }

    @Test func aSearchIsNormalisedAndItsTokenStandsForTheSamePage() throws {
        let page = try RequestParsing.nearbySearch(
            query: "\(Self.here)&type=bar,cafe&type=cafe&exclude_type=atm&keyword=+caf%C3%A9+&opennow&at=2021-04-19T20:00:00.750%2B02:00")
        #expect(page.offset == 0)
        #expect(page.request.latitude == 43.7384 && page.request.longitude == 7.4246 && page.request.radius == 1500)
        #expect(page.request.types == ["bar", "cafe"] && page.request.excludedTypes == ["atm"])
        #expect(page.request.keyword == "café" && page.request.openNow)
        // 18:00:00.750 UTC, in whole seconds.
        #expect(page.request.at == 1_618_855_200)
        #expect(try RequestParsing.nearbySearch(query: "pagetoken=" + page.encoded) == page)
    }

    /// Fuzz finding (server harness, 2026-11-22): an `at=` after about the
    /// year 5138 was accepted, but the page token it made was refused.
    @Test(arguments: ["7520-04-19T20:00:00", "9999-12-31T23:59:59.999-18:00", "0001-01-01T00:00:00%2B18:00"])
    func everyInstantAcceptedMakesATokenThatReadsBack(at: String) throws {
        let page = try RequestParsing.nearbySearch(query: "\(Self.here)&at=\(at)")
        #expect(try RequestParsing.nearbySearch(query: "pagetoken=" + page.encoded) == page)
    }

    /// Fuzz finding (server harness, 2026-11-23): a forged token with an empty
    /// keyword (or unsorted types) was taken, though no request makes one.
    @Test(arguments: [
        #"{"la":43.7384,"lo":7.4246,"r":1500,"t":["cafe"],"x":[],"k":"","o":true}"#,
        #"{"la":43.7384,"lo":7.4246,"r":1500,"t":["cafe"],"x":[],"k":" cafe","o":true}"#,
        #"{"la":43.7384,"lo":7.4246,"r":1500,"t":["cafe","bar"],"x":[],"o":true}"#,
        #"{"la":43.7384,"lo":7.4246,"r":1500,"t":["cafe","cafe"],"x":[],"o":true}"#,
    ])
    func aForgedTokenWithWhatNoRequestMakesIsRefused(request: String) throws {
        let json = #"{"q":"# + request + #","o":20}"#
        let token = Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        #expect(Self.message("pagetoken=" + token)?.contains("invalid pagetoken") == true)
        // The same request made right reads back.
        let right = json.replacingOccurrences(of: #","k":"""#, with: "").replacingOccurrences(of: #""k":" cafe""#, with: #""k":"cafe""#)
            .replacingOccurrences(of: #"["cafe","bar"]"#, with: #"["bar","cafe"]"#).replacingOccurrences(
                of: #"["cafe","cafe"]"#, with: #"["cafe"]"#)
        let good = Data(right.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        #expect(Self.message("pagetoken=" + good) == nil)
    }

    /// Spaces and tabs around numbers and types are the client's padding;
    /// a keyword loses line breaks too; inside a value, nothing is trimmed.
    @Test func paddingAroundValuesIsTrimmed() throws {
        let page = try RequestParsing.nearbySearch(
            query: "location=%2043.7384%09,7.4246%20&radius=%091500%20&type=%20bar%20,%09cafe&keyword=%0A%20caf%C3%A9%20de%20paris%0D%0A")
        #expect(page.request.latitude == 43.7384 && page.request.longitude == 7.4246 && page.request.radius == 1500)
        #expect(page.request.types == ["bar", "cafe"])
        #expect(page.request.keyword == "café de paris")
        #expect(Self.message("\(Self.here)&keyword=%20%0A%09") == nil)
        #expect(try RequestParsing.nearbySearch(query: "\(Self.here)&keyword=%20%0A%09").request.keyword == nil)
        // A line break is not padding in a number.
        #expect(Self.message("location=43.7384%0A,7.4246&radius=1500") != nil)
    }

    /// Harness finding: Foundation's ISO 8601 formatter, which `at=` used,
    /// took dates and offsets that do not exist and read them as others.
    @Test(arguments: [
        "2021-02-30T10:00:00Z",  // read as 2 March
        "2021-04-19T20:00:00%2B99:00",  // an offset no zone has
        "2021-04-19T24:00:00Z",  // read as the next midnight
        "2021-04-19T20:00:00%2B02:60",  // a 60th minute
    ])
    func anInstantThatDoesNotExistIsRefused(_ at: String) {
        let message = Self.message("\(Self.here)&at=\(at)")
        #expect(message?.hasPrefix("invalid request: at: ") == true)
    }

    @Test func theInstantsRFC3339AllowsAreRead() throws {
        for (at, seconds) in [
            ("2021-04-19T18:00:00Z", 1_618_855_200.0), ("2021-04-19T20:00:00%2B0200", 1_618_855_200),
            ("2021-04-19t18:00:59.999z", 1_618_855_259), ("2024-02-29T23:30:00-01:00", 1_709_253_000),
        ] {
            #expect(try RequestParsing.nearbySearch(query: "\(Self.here)&at=\(at)").request.at == seconds, "\(at)")
        }
    }

    /// Harness finding: a parameter name or type decoded to a line break
    /// reached the error message raw.
    @Test(arguments: [
        "\(RequestParsingTests.here)&%0A%1B[2J=%ZZ",
        "\(RequestParsingTests.here)&type=cafe,%0Abar",
        "\(RequestParsingTests.here)&exclude_type=%E2%80%A8",
    ])
    func anErrorMessageIsOneCleanLine(_ query: String) throws {
        let message = try #require(Self.message(query))
        #expect(Self.isOneCleanLine(message), "\(message.debugDescription)")
        #expect(message.contains("\\u{"))
    }

    @Test func aStaticMapQueryIsDecodedStrictly() throws {
        let request = try RequestParsing.staticMap(query: "size=600x400&markers=color:red%7Clabel:S%7C43.7397,7.4277&scale=2")
        #expect(request.width == 600 && request.height == 400 && request.scale == 2)
        #expect(request.markers.count == 1 && request.markers.first?.label == "S")
        #expect(throws: StaticMapError.malformed(parameter: "markers", value: "color:%ZZ|0,0", expected: "percent-encoded UTF-8")) {
            try RequestParsing.staticMap(query: "size=10x10&markers=color:%ZZ|0,0")
        }
    }

    /// Harness finding: a static map value or name with a line break or
    /// line separator split the message.
    @Test(arguments: [
        "size=10x10&markers=Monte%E2%80%A8Carlo",
        "size=10x10&center=%0A0,0&zoom=1",
        "size=10x10&%0A=%ZZ",
        "size=10x10&%0Ax=" + String(repeating: "a", count: StaticMapRequest.maximumValueLength + 1),
    ])
    func aStaticMapErrorIsOneCleanLine(_ query: String) throws {
        do {
            _ = try RequestParsing.staticMap(query: query)
            Issue.record("\(query.prefix(60)) was accepted")
        } catch {
            let message = error.localizedDescription
            #expect(Self.isOneCleanLine(message), "\(message.debugDescription)")
        }
    }

    @Test func aTileKeyIsWithinItsZoom() throws {
        #expect(try RequestParsing.tile(z: "15", x: "17019", y: "11975") == TileKey(z: 15, x: 17019, y: 11975))
        #expect(try RequestParsing.tile(z: "22", x: "4194303", y: "0") == TileKey(z: 22, x: 4_194_303, y: 0))
        for (z, x, y) in [("23", "0", "0"), ("10", "1024", "0"), ("0", "0", "1")] {
            #expect(throws: TilePath.Problem.outOfRange) { try RequestParsing.tile(z: z, x: x, y: y) }
        }
        for (z, x, y) in [
            ("10", "-1", "0"), ("10", "..", "0"), ("10", "1", "1.5"), ("", "0", "0"), ("1", "0", nil), ("9999999999", "0", "0"),
        ] {
            #expect(throws: TilePath.Problem.malformed) { try RequestParsing.tile(z: z, x: x, y: y) }
        }
    }
}

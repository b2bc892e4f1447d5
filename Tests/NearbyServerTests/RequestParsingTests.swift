import Foundation
import MapRender
import NearbyKit
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
        #expect(page.search.center.latitude == 43.7384 && page.search.center.longitude == 7.4246 && page.search.radius.metres == 1500)
        #expect(page.search.kinds == [.bar, .cafe] && page.search.excludedKinds == [.atm])
        #expect(page.search.name == "café" && page.search.openNow)
        // 18:00:00.750 UTC, in whole seconds.
        #expect(page.search.instant == Date(timeIntervalSince1970: 1_618_855_200))
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
    /// keyword (or unsorted types) was taken, though no request makes one. A
    /// token is now read by the parameters' own reader: what it carries is
    /// normalised as a request's parameters are, and it stands for the same page.
    @Test(arguments: [
        "location=43.7384,7.4246&radius=1500&type=cafe&keyword=&opennow=true",
        "location=43.7384,7.4246&radius=1500&type=cafe&keyword=%20&opennow=true",
        "location=43.7384,7.4246&radius=1500&type=cafe,cafe&opennow=true",
    ])
    func aForgedTokenIsReadAsItsParametersAre(parameters: String) throws {
        let token = Self.token(parameters + "&offset=20")
        let page = try RequestParsing.nearbySearch(query: "pagetoken=" + token)
        let asked = try RequestParsing.nearbySearch(query: "location=43.7384,7.4246&radius=1500&type=cafe&opennow=true")
        #expect(page.search == asked.search && page.offset == 20)
    }

    @Test func theLongestRequestMakesATokenThatReadsBack() throws {
        let groups = PlaceCategoryGroup.allCases.map(\.rawValue).joined(separator: ",")
        let keyword = String(repeating: "%E6%97%A5", count: 66)  // 198 bytes of 日
        let page = try RequestParsing.nearbySearch(
            query: "\(Self.here)&type=\(groups)&exclude_type=\(groups)&keyword=\(keyword)&opennow&at=2021-04-19T20:00:00Z&language=zh-Hant")
        #expect(try RequestParsing.nearbySearch(query: "pagetoken=" + page.encoded) == page)
    }

    /// What a token must hold besides its search: an offset, a multiple of
    /// the page size, written plainly. Tokens of the format before 2026-11-26
    /// (JSON) are refused, as the README says.
    @Test(arguments: [
        "location=43.7384,7.4246&radius=1500", "location=43.7384,7.4246&radius=1500&offset=7",
        "location=43.7384,7.4246&radius=1500&offset=-20", "location=43.7384,7.4246&radius=1500&offset=020",
        "location=43.7384,7.4246&radius=0&offset=20",
        #"{"q":{"la":43.7384,"lo":7.4246,"r":1500,"t":["cafe"],"x":[],"o":false},"o":20}"#,
    ])
    func aTokenWithoutAPageIsRefused(contents: String) {
        #expect(Self.message("pagetoken=" + Self.token(contents)) == "invalid request: invalid pagetoken")
    }

    static func token(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Spaces and tabs around numbers and types are the client's padding;
    /// a keyword loses line breaks too; inside a value, nothing is trimmed.
    @Test func paddingAroundValuesIsTrimmed() throws {
        let page = try RequestParsing.nearbySearch(
            query: "location=%2043.7384%09,7.4246%20&radius=%091500%20&type=%20bar%20,%09cafe&keyword=%0A%20caf%C3%A9%20de%20paris%0D%0A")
        #expect(page.search.center.latitude == 43.7384 && page.search.center.longitude == 7.4246 && page.search.radius.metres == 1500)
        #expect(page.search.kinds == [.bar, .cafe])
        #expect(page.search.name == "café de paris")
        #expect(Self.message("\(Self.here)&keyword=%20%0A%09") == nil)
        #expect(try RequestParsing.nearbySearch(query: "\(Self.here)&keyword=%20%0A%09").search.name == nil)
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
            #expect(
                try RequestParsing.nearbySearch(query: "\(Self.here)&at=\(at)").search.instant == Date(timeIntervalSince1970: seconds),
                "\(at)")
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

import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// Google Static Maps requests, good and bad, read into snapshot options.
@Suite struct StaticMapRequestTests {
    /// "a=1&b=2" split as the route will (after percent-decoding).
    static func pairs(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&").map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(pieces[0]), pieces.count > 1 ? String(pieces[1]) : "")
        }
    }

    static func parse(_ query: String) throws(StaticMapError) -> StaticMapRequest {
        try StaticMapRequest.parse(pairs(query))
    }

    static let monaco = TestSupport.coordinate(43.7384, 7.4246)

    @Test func centreZoomSizeAndScale() throws {
        let request = try Self.parse("center=43.7384,7.4246&zoom=15&size=600x400&scale=2")
        #expect(request.framing == .centred(Self.monaco, zoom: 15))
        #expect(request.width == 600 && request.height == 400 && request.scale == 2)
        #expect(request.snapshotOptions.framing == .centred(Self.monaco, zoom: 15))
        #expect(request.markers.isEmpty && request.paths.isEmpty)
    }

    @Test func parametersGoogleWouldIgnoreAreIgnored() throws {
        let request = try Self.parse(
            "center=43.7384,7.4246&zoom=15&size=100x100&key=abc&signature=x&language=fr&region=mc"
                + "&format=png&maptype=roadmap&style=feature:all|element:labels|visibility:off&map_id=7&sensor=false&whatever=1")
        #expect(request.scale == 1)
        #expect(try Self.parse("center=0,0&zoom=1&size=10x10&format=PNG32&maptype=ROADMAP").width == 10)
        #expect(try Self.parse("center=0,0&zoom=1&size=10x10&format=PNG32").usesPalette == false)
        #expect(try Self.parse("center=0,0&zoom=1&size=10x10").usesPalette == false)
        #expect(try Self.parse("center=0,0&zoom=1&size=10x10&format=png8").usesPalette == true)
    }

    @Test func markerGroupsWithStyles() throws {
        let request = try Self.parse(
            "size=400x300&markers=color:blue|label:s|43.7397159,7.4276948|43.7391072,7.4273334"
                + "&markers=size:tiny|color:0xFFCC0080|43.7389507,7.4245361&markers=43.747042,7.4385701")
        #expect(request.markers.count == 4)
        #expect(
            request.markers[0] == MapMarker(coordinate: TestSupport.cafeDeParis, color: MapColor(red: 0, green: 0, blue: 255), label: "S"))
        #expect(request.markers[1].coordinate == TestSupport.louisXV && request.markers[1].label == "S")
        #expect(
            request.markers[2]
                == MapMarker(
                    coordinate: TestSupport.cmbATM,
                    color: MapColor(red: 0xFF, green: 0xCC, blue: 0, alpha: 0x80), size: .tiny))
        #expect(request.markers[3] == MapMarker(coordinate: TestSupport.jimmyz))
        #expect(request.framing == .fitting(request.markers.map(\.coordinate)))
    }

    @Test func pathsWithStylesFillAndPoints() throws {
        let request = try Self.parse(
            "size=400x300&path=color:0xff000080|weight:3|43.73,7.42|43.74,7.43"
                + "&path=fillcolor:green|color:black|weight:0|43.73,7.42| 43.74 , 7.43 |43.73,7.43&path=geodesic:true|0,0|1,1")
        #expect(request.paths.count == 3)
        #expect(request.paths[0].color == MapColor(red: 255, green: 0, blue: 0, alpha: 0x80))
        #expect(request.paths[0].weight == 3 && request.paths[0].fillColor == nil)
        #expect(request.paths[0].points == [TestSupport.coordinate(43.73, 7.42), TestSupport.coordinate(43.74, 7.43)])
        #expect(request.paths[1].fillColor == MapColor.named["green"] && request.paths[1].weight == 0)
        #expect(request.paths[1].points.count == 3)
        #expect(request.paths[2].color == MapPath.defaultColor && request.paths[2].weight == MapPath.defaultWeight)
    }

    /// Google's own example from the polyline algorithm page; it holds a "|",
    /// which must not end the polyline.
    @Test func encodedPolyline() throws {
        let request = try Self.parse("size=400x300&path=weight:2|enc:_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        let points = try #require(request.paths.first).points
        #expect(
            points == [
                TestSupport.coordinate(38.5, -120.2), TestSupport.coordinate(40.7, -120.95),
                TestSupport.coordinate(43.252, -126.453),
            ])
        #expect(request.paths[0].weight == 2)
    }

    @Test func framingFollowsGoogle() throws {
        // Only a centre: kept, with a zoom that shows every marker.
        let centred = try Self.parse("size=400x300&center=43.7384,7.4246&markers=43.747042,7.4385701")
        guard case .region(let region) = centred.framing else {
            Issue.record("\(centred.framing)")
            return
        }
        #expect(region.center == Self.monaco)
        #expect(region.span.latitudeDelta >= 2 * (43.747042 - 43.7384))
        // Only a zoom: centred on the markers at that zoom.
        let zoomed = try Self.parse("size=400x300&zoom=14&markers=43.73,7.42|43.75,7.44")
        guard case .centred(let centre, let zoom) = zoomed.framing else {
            Issue.record("\(zoomed.framing)")
            return
        }
        #expect(zoom == 14 && abs(centre.latitude - 43.74) < 1e-9 && abs(centre.longitude - 7.43) < 1e-9)
        // Visible locations are fitted too, with no marker drawn for them.
        let visible = try Self.parse("size=400x300&visible=43.73,7.42|43.75,7.44&markers=43.74,7.43")
        #expect(visible.markers.count == 1 && visible.visible.count == 2)
        #expect(
            visible.framing
                == .fitting([
                    TestSupport.coordinate(43.74, 7.43), TestSupport.coordinate(43.73, 7.42),
                    TestSupport.coordinate(43.75, 7.44),
                ]))
        // Signed zeros are numbers like any other.
        #expect(try Self.parse("size=10x10&center=-0,-0.0&zoom=0").framing == .centred(TestSupport.coordinate(0, 0), zoom: 0))
    }

    static let bad: [(query: String, error: StaticMapError, message: String)] = [
        (
            "center=0,0&zoom=1", .missing(parameter: "size"),
            "the size parameter is required, as WIDTHxHEIGHT such as 600x400"
        ),
        (
            "size=600", .malformed(parameter: "size", value: "600", expected: "WIDTHxHEIGHT in points, such as 600x400"),
            "size \"600\" is not WIDTHxHEIGHT in points, such as 600x400"
        ),
        (
            "size=99999999999999999999999x1",
            .malformed(parameter: "size", value: "99999999999999999999999x1", expected: "WIDTHxHEIGHT in points, such as 600x400"),
            "size \"99999999999999999999999x1\" is not WIDTHxHEIGHT in points, such as 600x400"
        ),
        (
            "size=0x400", .outOfRange(parameter: "size", value: "0x400", allowed: "each side 1 to 2048"),
            "size \"0x400\" is out of range: each side 1 to 2048"
        ),
        (
            "size=2049x10", .outOfRange(parameter: "size", value: "2049x10", allowed: "each side 1 to 2048"),
            "size \"2049x10\" is out of range: each side 1 to 2048"
        ),
        (
            "size=2048x100&scale=3&center=0,0&zoom=1",
            .outOfRange(parameter: "size", value: "2048x100 at scale 3", allowed: "at most 4096 pixels a side after scaling"),
            "size \"2048x100 at scale 3\" is out of range: at most 4096 pixels a side after scaling"
        ),
        (
            "size=10x10&scale=4", .outOfRange(parameter: "scale", value: "4", allowed: "1, 2 or 3"),
            "scale \"4\" is out of range: 1, 2 or 3"
        ),
        (
            "size=10x10&scale=1.5", .malformed(parameter: "scale", value: "1.5", expected: "1, 2 or 3"),
            "scale \"1.5\" is not 1, 2 or 3"
        ),
        (
            "size=10x10&zoom=21&center=0,0", .outOfRange(parameter: "zoom", value: "21", allowed: "0 to 20"),
            "zoom \"21\" is out of range: 0 to 20"
        ),
        (
            "size=10x10&zoom=1e400&center=0,0", .malformed(parameter: "zoom", value: "1e400", expected: "a whole number"),
            "zoom \"1e400\" is not a whole number"
        ),
        (
            "size=10x10&zoom=-1&center=0,0", .malformed(parameter: "zoom", value: "-1", expected: "a whole number"),
            "zoom \"-1\" is not a whole number"
        ),
        (
            "size=10x10&zoom=&center=0,0", .malformed(parameter: "zoom", value: "", expected: "a whole number"),
            "zoom \"\" is not a whole number"
        ),
        (
            "size=10x10&zoom=3&center=Monaco", .notALocation(parameter: "center", value: "Monaco"),
            "center \"Monaco\" is not a latitude,longitude pair such as 43.7384,7.4246 (addresses are not geocoded)"
        ),
        (
            "size=10x10&zoom=3&center=1e400,0", .notALocation(parameter: "center", value: "1e400,0"),
            "center \"1e400,0\" is not a latitude,longitude pair such as 43.7384,7.4246 (addresses are not geocoded)"
        ),
        (
            "size=10x10&zoom=3&center=nan,inf", .notALocation(parameter: "center", value: "nan,inf"),
            "center \"nan,inf\" is not a latitude,longitude pair such as 43.7384,7.4246 (addresses are not geocoded)"
        ),
        (
            "size=10x10&zoom=3&center=0x1p3,0", .notALocation(parameter: "center", value: "0x1p3,0"),
            "center \"0x1p3,0\" is not a latitude,longitude pair such as 43.7384,7.4246 (addresses are not geocoded)"
        ),
        (
            "size=10x10&zoom=3&center=1,2,3", .notALocation(parameter: "center", value: "1,2,3"),
            "center \"1,2,3\" is not a latitude,longitude pair such as 43.7384,7.4246 (addresses are not geocoded)"
        ),
        (
            "size=10x10&zoom=3&center=86,0",
            .outOfRange(
                parameter: "center", value: "86,0", allowed: "latitude within ±85.0511 (the Web Mercator map), longitude within ±180"),
            "center \"86,0\" is out of range: latitude within ±85.0511 (the Web Mercator map), longitude within ±180"
        ),
        (
            "size=10x10&zoom=3&center=0,180.5",
            .outOfRange(
                parameter: "center", value: "0,180.5", allowed: "latitude within ±85.0511 (the Web Mercator map), longitude within ±180"),
            "center \"0,180.5\" is out of range: latitude within ±85.0511 (the Web Mercator map), longitude within ±180"
        ),
        (
            "size=10x10&zoom=3&center=0,0&center=1,1", .repeated(parameter: "center"),
            "the center parameter may be given only once"
        ),
        (
            "size=10x10&zoom=3&center=0,0&format=jpg",
            .unsupported(parameter: "format", value: "jpg", reason: "maps are drawn as PNG only"),
            "format \"jpg\" is not supported: maps are drawn as PNG only"
        ),
        (
            "size=10x10&zoom=3&center=0,0&format=bmp", .malformed(parameter: "format", value: "bmp", expected: "png, png8 or png32"),
            "format \"bmp\" is not png, png8 or png32"
        ),
        (
            "size=10x10&zoom=3&center=0,0&maptype=satellite",
            .unsupported(parameter: "maptype", value: "satellite", reason: "only roadmap is drawn, from OpenStreetMap data"),
            "maptype \"satellite\" is not supported: only roadmap is drawn, from OpenStreetMap data"
        ),
        (
            "size=10x10&markers=color:pink|0,0",
            .malformed(parameter: "markers", value: "color:pink", expected: StaticMapParameterReader.colourShape),
            "markers \"color:pink\" is not a colour: "
                + "black, brown, green, purple, yellow, blue, gray, orange, red, white, 0xRRGGBB or 0xRRGGBBAA"
        ),
        (
            "size=10x10&markers=color:0xFFF|0,0",
            .malformed(parameter: "markers", value: "color:0xFFF", expected: StaticMapParameterReader.colourShape),
            "markers \"color:0xFFF\" is not a colour: "
                + "black, brown, green, purple, yellow, blue, gray, orange, red, white, 0xRRGGBB or 0xRRGGBBAA"
        ),
        (
            "size=10x10&markers=label:AB|0,0", .malformed(parameter: "markers", value: "label:AB", expected: "one character A-Z or 0-9"),
            "markers \"label:AB\" is not one character A-Z or 0-9"
        ),
        (
            "size=10x10&markers=label:é|0,0", .malformed(parameter: "markers", value: "label:é", expected: "one character A-Z or 0-9"),
            "markers \"label:é\" is not one character A-Z or 0-9"
        ),
        (
            "size=10x10&markers=size:huge|0,0",
            .malformed(parameter: "markers", value: "size:huge", expected: "tiny, small, mid or normal"),
            "markers \"size:huge\" is not tiny, small, mid or normal"
        ),
        (
            "size=10x10&markers=icon:https://example.com/i.png|0,0",
            .unsupported(parameter: "markers", value: "icon:https://example.com/i.png", reason: "custom marker icons are not drawn"),
            "markers \"icon:https://example.com/i.png\" is not supported: custom marker icons are not drawn"
        ),
        (
            "size=10x10&markers=Monte Carlo Casino", .notALocation(parameter: "markers", value: "Monte Carlo Casino"),
            "markers \"Monte Carlo Casino\" is not a latitude,longitude pair such as 43.7384,7.4246 (addresses are not geocoded)"
        ),
        (
            "size=10x10&path=weight:101|0,0|1,1", .outOfRange(parameter: "path", value: "weight:101", allowed: "weight 0 to 100"),
            "path \"weight:101\" is out of range: weight 0 to 100"
        ),
        (
            "size=10x10&path=weight:-1|0,0|1,1", .malformed(parameter: "path", value: "weight:-1", expected: "a weight in whole pixels"),
            "path \"weight:-1\" is not a weight in whole pixels"
        ),
        (
            "size=10x10&path=enc:!!!", .malformed(parameter: "path", value: "enc:!!!", expected: "an encoded polyline after enc:"),
            "path \"enc:!!!\" is not an encoded polyline after enc:"
        ),
        (
            "size=10x10&path=enc:_p~iF", .malformed(parameter: "path", value: "enc:_p~iF", expected: "an encoded polyline after enc:"),
            "path \"enc:_p~iF\" is not an encoded polyline after enc:"
        ),
        (
            "size=10x10&path=enc:~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~?",
            .malformed(parameter: "path", value: "enc:~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~?", expected: "an encoded polyline after enc:"),
            "path \"enc:~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~?\" is not an encoded polyline after enc:"
        ),
        (
            "size=10x10&visible=color:red|0,0", .notALocation(parameter: "visible", value: "color:red"),
            "visible \"color:red\" is not a latitude,longitude pair such as 43.7384,7.4246 (addresses are not geocoded)"
        ),
        (
            "size=10x10", .nothingToShow,
            "center and zoom are required when there are no markers, paths or visible locations"
        ),
        (
            "size=10x10&center=0,0", .zoomRequired,
            "zoom is required with center when there are no markers, paths or visible locations"
        ),
        (
            "size=10x10&zoom=3", .centerRequired,
            "center is required with zoom when there are no markers, paths or visible locations"
        ),
        (
            "size=10x10&markers=0,-170|0,170", .cannotFit(parameter: "markers"),
            "the locations in markers span more than half the world and cannot be fitted on one map"
        ),
    ]

    @Test(arguments: bad.indices)
    func refusesWithASentenceNamingTheParameter(index: Int) {
        let (query, expected, message) = Self.bad[index]
        #expect(throws: expected, "\(query)") { try Self.parse(query) }
        #expect(expected.errorDescription == message)
        #expect(message.contains(expected.parameter))
    }

    @Test func tooManyPointsInAll() throws {
        let five = Array(repeating: "43.73,7.42", count: 5).joined(separator: "|")
        let thousand = Array(repeating: "markers=" + Array(repeating: "43.73,7.42", count: 100).joined(separator: "|"), count: 10)
            .joined(separator: "&")
        #expect(try Self.parse("size=10x10&" + thousand).markers.count == 1000)
        #expect(throws: StaticMapError.tooManyPoints(parameter: "path", limit: 1000)) {
            try Self.parse("size=10x10&" + thousand + "&path=" + five)
        }
        #expect(throws: StaticMapError.tooManyPoints(parameter: "visible", limit: 1000)) {
            try Self.parse("size=10x10&" + thousand + "&visible=0,0")
        }
        // An encoded polyline of 1,001 points ("??" is a zero step).
        #expect(throws: StaticMapError.tooManyPoints(parameter: "path", limit: 1000)) {
            try Self.parse("size=10x10&path=enc:" + String(repeating: "??", count: 1001))
        }
        #expect(try Self.parse("size=10x10&path=enc:" + String(repeating: "??", count: 1000)).paths[0].points.count == 1000)
    }

    @Test func hugeValuesAreRefusedNotRead() {
        let long = String(repeating: "|", count: StaticMapRequest.maximumValueLength + 1)
        #expect(throws: StaticMapError.tooLong(parameter: "markers", limit: StaticMapRequest.maximumValueLength)) {
            try Self.parse("size=10x10&markers=" + long)
        }
        let many = Array(repeating: (name: "key", value: "x"), count: StaticMapRequest.maximumParameterCount + 1)
        #expect(throws: StaticMapError.tooLong(parameter: "query", limit: StaticMapRequest.maximumParameterCount)) {
            try StaticMapRequest.parse(many)
        }
    }

    @Test func messagesQuoteAtMostFortyCharactersWithoutControls() {
        let error = StaticMapError.notALocation(parameter: "center", value: "\u{1B}[31m" + String(repeating: "a", count: 100))
        let message = error.errorDescription ?? ""
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(message.hasPrefix("center \"\u{FFFD}[31maaaa"))
        #expect(message.contains("aaa…\" is not"))
    }

    /// Every prefix and every one-character change of good requests parses
    /// or fails with an error: no trap, whatever the bytes.
    @Test func mangledRequestsNeverTrap() {
        let seeds = [
            "center=43.7384,7.4246&zoom=15&size=600x400&scale=2&markers=color:blue|label:S|43.7397,7.4277",
            "size=400x300&path=fillcolor:0xFFFF0033|weight:3|enc:_p~iF~ps|U_ulLnnqC_mqNvxq`@&visible=43.75,7.44",
        ]
        let replacements: [Character] = ["|", ":", ",", "-", "0", "9", ".", "x", "e", "=", "&", " ", "~", "?"]
        var outcomes = 0, total = 0
        for seed in seeds {
            let characters = Array(seed)
            for end in 0...characters.count {
                outcomes += Self.outcome(String(characters[..<end]))
                total += 1
            }
            for index in characters.indices {
                for replacement in replacements {
                    var mangled = characters
                    mangled[index] = replacement
                    outcomes += Self.outcome(String(mangled))
                    total += 1
                }
            }
        }
        // Every outcome is a drawable request or an error with a sentence.
        #expect(outcomes == total)
    }

    private static func outcome(_ query: String) -> Int {
        do {
            let request = try parse(query)
            // A request that parses must also be drawable as far as validation goes.
            try MapSnapshotOptions.validate(width: request.width, height: request.height, scale: request.scale)
            return 1
        } catch {
            return (error as? LocalizedError)?.errorDescription?.isEmpty == false ? 1 : 0
        }
    }
}

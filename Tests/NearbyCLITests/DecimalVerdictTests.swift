import Foundation
import NearbyKit
import NearbyTestSupport
import Testing

/// One number grammar everywhere (`DecimalText`): the same texts, given as a
/// latitude, get the same verdict from the CLI, the legacy API, a page
/// token (which carries its search as the API's parameters), the static map,
/// the web pages and the Places API (New)'s bodies (the number as a JSON
/// string, which proto3 JSON allows). Each surface says why in its own
/// words; what is compared is whether it took the number.
struct DecimalVerdictTests {
    /// Each text and whether it is a decimal number.
    static let texts: [(text: String, isDecimal: Bool)] = [
        ("0x1p3", false), ("1e1", true), ("1e400", false), ("-0", true), ("+7", true), (".5", true),
        ("nan", false), ("١٢", false), (" 5", true), ("5 ", true),
    ]

    @Test func everyInputReadsANumberAlike() throws {
        let (server, port) = try ServeCommandTests.serve([])
        defer { server.stop() }
        for (text, isDecimal) in Self.texts {
            let query = PercentEncoding.encoded(text)
            let cli = try NearbyBinary.run(["list", "--lat=\(text)", "--lon", "7.4246", "--radius", "100"])
            let api = try ServeCommandTests.get(port, "/maps/api/place/nearbysearch/json?location=\(query),7.4246&radius=100")
            let staticMap = try ServeCommandTests.get(port, "/maps/api/staticmap?size=64x64&zoom=12&center=\(query),7.4246")
            let page = try ServeCommandTests.get(port, "/?lat=\(query)&lon=7.4246")
            let token = Data("location=\(query),7.4246&radius=100&offset=20".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            let nextPage = try ServeCommandTests.get(port, "/maps/api/place/nearbysearch/json?pagetoken=\(token)")
            let placesNew = try Self.searchNearby(port, latitude: "\"\(text)\"", radius: "100")
            let verdicts = [
                "cli": cli.status == 0, "api": Self.answered(api), "page token": Self.answered(nextPage),
                "static map": staticMap.status == 200, "pages": page.status == 200, "places api (new)": placesNew.status == 200,
            ]
            #expect(verdicts.values.allSatisfy { $0 == isDecimal }, "\(text.debugDescription): \(verdicts)")
            if !isDecimal {
                #expect(cli.status == 64 && staticMap.status == 400 && page.status == 400)
                #expect(Self.refused(api) && Self.refused(nextPage))
                #expect(placesNew.status == 400 && placesNew.body.contains("INVALID_ARGUMENT"), "\(placesNew.body)")
            }
        }
    }

    /// One radius rule (`SearchRadius`): more than nothing, at most half the
    /// equator. The pages once took 1 to 50,000 m only.
    static let radii: [(text: String, isRadius: Bool)] = [
        ("0", false), ("-5", false), ("0.5", true), ("50001", true), ("20037508", true), ("20037508.5", false), ("1e400", false),
        ("0x10", false),
    ]

    @Test func everyInputHoldsARadiusToOneRule() throws {
        let (server, port) = try ServeCommandTests.serve([])
        defer { server.stop() }
        for (text, isRadius) in Self.radii {
            let query = PercentEncoding.encoded(text)
            let cli = try NearbyBinary.run(["list", "--lat", "43.7384", "--lon", "7.4246", "--radius=\(text)", "--limit", "1"])
            let api = try ServeCommandTests.get(port, "/maps/api/place/nearbysearch/json?location=43.7384,7.4246&radius=\(query)")
            let token = Data("location=43.7384,7.4246&radius=\(query)&offset=20".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            let nextPage = try ServeCommandTests.get(port, "/maps/api/place/nearbysearch/json?pagetoken=\(token)")
            let page = try ServeCommandTests.get(port, "/places?category=cafe&lat=43.7384&lon=7.4246&radius=\(query)")
            var verdicts = [
                "cli": cli.status == 0, "api": Self.answered(api), "page token": Self.answered(nextPage), "pages": page.status == 200,
            ]
            // searchNearby takes a radius of 0, as Google's does (a circle that holds nothing).
            if text != "0" {
                verdicts["places api (new)"] = try Self.searchNearby(port, latitude: "43.7384", radius: "\"\(text)\"").status == 200
            }
            #expect(verdicts.values.allSatisfy { $0 == isRadius }, "\(text.debugDescription): \(verdicts)")
        }
    }

    /// A searchNearby of the Places API (New), over a fresh connection: the status and the body.
    static func searchNearby(_ port: Int, latitude: String, radius: String) throws -> (status: Int, body: String) {
        let body = Array(
            #"{"locationRestriction": {"circle": {"center": {"latitude": \#(latitude), "longitude": 7.4246}, "radius": \#(radius)}}}"#.utf8)
        let fd = try LoopbackPort.connect(port)
        defer { close(fd) }
        let head =
            "POST /v1/places:searchNearby HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "X-Goog-FieldMask: places.id\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Array(head.utf8) + body
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        let answer = String(decoding: received, as: UTF8.self)
        let status = Int(answer.dropFirst("HTTP/1.1 ".count).prefix(3)) ?? 0
        return (status, answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? "")
    }

    /// Google's Places routes answer HTTP 200 either way; the body's status says which.
    static func answered(_ answer: (status: Int, body: String)) -> Bool {
        answer.status == 200 && (answer.body.contains(#""status":"OK""#) || answer.body.contains(#""status":"ZERO_RESULTS""#))
    }

    static func refused(_ answer: (status: Int, body: String)) -> Bool {
        answer.status == 200 && answer.body.contains(#""status":"INVALID_REQUEST""#)
    }
}

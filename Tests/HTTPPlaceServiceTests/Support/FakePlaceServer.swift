import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// A server that answers every nearby endpoint badly, one way per path
/// prefix, so that each failure the HTTP service must put into words has a
/// base URL of its own: `http://127.0.0.1:PORT/status500`, `/html`, …
enum FakePlaceServer {
    static func run<Value: Sendable>(_ body: @Sendable (_ baseURL: String) async throws -> Value) async throws -> Value {
        let router = Router()
        router.get("status500/**") { _, _ in
            Response(
                status: .internalServerError, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: "boom")))
        }
        router.get("html/**") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body>\u{1b}[31mWelcome</body></html>")))
        }
        router.get("empty/**") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer()))
        }
        router.get("notfound/**") { _, _ in
            json(.ok, #"{"status":"NOT_FOUND","html_attributions":[]}"#)
        }
        router.get("invalid/**") { _, _ in
            json(
                .badRequest,
                #"{"status":"INVALID_REQUEST","error_message":"radius must be a number\u001b[2J","results":[],"html_attributions":[]}"#)
        }
        router.get("denied/**") { _, _ in
            json(.ok, #"{"status":"REQUEST_DENIED","error_message":"no key","results":[],"html_attributions":[]}"#)
        }
        router.get("missingfield/**") { _, _ in
            json(.ok, #"{"status":"OK","html_attributions":[]}"#)
        }
        router.get("samepage/**") { _, _ in
            json(.ok, #"{"status":"OK","results":[\#(cafe)],"next_page_token":"again","html_attributions":[]}"#)
        }
        router.get("nodistance/**") { _, _ in
            json(
                .ok,
                #"{"status":"OK","results":[\#(cafe.replacingOccurrences(of: #""distance_m":12.5,"#, with: ""))],"html_attributions":[]}"#)
        }
        router.get("negativedistance/**") { _, _ in
            let negative = cafe.replacingOccurrences(of: #""distance_m":12.5"#, with: #""distance_m":-5"#)
            return json(.ok, #"{"status":"OK","results":[\#(negative)],"html_attributions":[]}"#)
        }
        // A place whose id and kind carry terminal controls, at a latitude no place has.
        router.get("hostile/**") { request, _ in
            let place = cafe.replacingOccurrences(of: #""n1""#, with: #""n1\u001b[2J""#)
            if request.uri.path.hasSuffix("/nearbysearch/json") {
                let unplaced = place.replacingOccurrences(of: #""lat":43.7"#, with: #""lat":91"#)
                return json(.ok, #"{"status":"OK","results":[\#(unplaced)],"html_attributions":[]}"#)
            }
            let unknown = place.replacingOccurrences(of: #""categories":["cafe"]"#, with: #""categories":["\u001b]0;owned\u0007"]"#)
            return json(.ok, #"{"status":"OK","result":\#(unknown),"html_attributions":[]}"#)
        }
        // Every page names a new next page, for ever.
        router.get("endless/**") { _, _ in
            json(.ok, #"{"status":"OK","results":[\#(cafe)],"next_page_token":"\#(UUID().uuidString)","html_attributions":[]}"#)
        }
        router.get("cycle/**") { request, _ in
            Response(status: .found, headers: [.location: request.uri.description])
        }
        // The head at once, then the body a byte every quarter second for twenty seconds.
        router.get("trickle/**") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    for _ in 0..<80 {
                        try await writer.write(ByteBuffer(string: " "))
                        try await Task.sleep(for: .milliseconds(250))
                    }
                    try await writer.write(ByteBuffer(string: #"{"status":"NOT_FOUND"}"#))
                    try await writer.finish(nil)
                })
        }
        // Anything else is a server that is not nearby's: 404 with a page.
        var logger = Logger(label: "fake-place-server")
        logger.logLevel = .warning
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        return try await app.test(.live) { client in
            try await body("http://127.0.0.1:\(client.port!)")
        }
    }

    static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static let cafe = #"""
        {"place_id":"n1","name":"Café","geometry":{"location":{"lat":43.7,"lng":7.4}},"types":["cafe"],\#
        "business_status":"OPERATIONAL","distance_m":12.5,\#
        "osm":{"categories":["cafe"],"tags":{}}}
        """#
}

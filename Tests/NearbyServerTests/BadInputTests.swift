import Foundation
import NearbyServer
import NearbyService
import Testing

/// Every malformed request gets a status and Google's JSON error shape, never a crash.
struct BadInputTests {
    static let search = "/maps/api/place/nearbysearch/json?"

    static let invalidSearches: [String] = [
        "",
        "radius=1500",
        "location=abc&radius=1500",
        "location=43.7&radius=1500",
        "location=43.7,7.4,1&radius=1500",
        "location=91,7.4&radius=1500",
        "location=43.7,181&radius=1500",
        "location=nan,7.4&radius=1500",
        "location=0x10,7.4&radius=1500",
        "location=43.7384,7.4246",
        "location=43.7384,7.4246&radius=0",
        "location=43.7384,7.4246&radius=-5",
        "location=43.7384,7.4246&radius=abc",
        "location=43.7384,7.4246&radius=inf",
        "location=43.7384,7.4246&radius=1e99",
        "location=43.7384,7.4246&radius=20037509",
        "location=43.7384,7.4246&rankby=fame&radius=100",
        "location=43.7384,7.4246&rankby=distance&radius=100",
        "location=43.7384,7.4246&radius=1500&type=spaceship",
        "location=43.7384,7.4246&radius=1500&type=cafe,%3Cscript%3E",
        "location=43.7384,7.4246&radius=1500&exclude_type=moon",
        "location=43.7384,7.4246&radius=1500&opennow=maybe",
        "location=43.7384,7.4246&radius=1500&at=yesterday",
        "location=43.7384,7.4246&radius=1500&at=2021-02-30T20:00:00Z",
        "location=43.7384,7.4246&radius=1500&at=2021-04-19T20:00:00%2B99:00",
        "location=43.7384,7.4246&radius=1500&at=2021-03-28T02:30:00",  // skipped by Monaco's clocks
        "location=43.7384,7.4246&radius=1500&keyword=%C3",
        "location=43.7384,7.4246&radius=1500&keyword=\(String(repeating: "a", count: 500))",
        "pagetoken=garbage",
        "pagetoken=",
        "pagetoken=eyJxIjp7fSwibyI6MjB9",  // {"q":{},"o":20}
    ]

    @Test func invalidSearchesAreRefusedInGooglesShape() async throws {
        let server = try await RunningServer.start()
        var answers: [(String, RunningServer.Answer)] = []
        for query in Self.invalidSearches {
            answers.append((query, try await server.get(Self.search + query)))
        }
        // A token whose contents are out of range, made as the server makes them.
        let forged = try await server.get(
            Self.search + "pagetoken=" + Self.token(#"{"q":{"la":43.7,"lo":7.4,"r":-1,"t":[],"x":[],"o":false},"o":0}"#))
        answers.append(("forged token", forged))
        let unknownType = try await server.get(
            Self.search + #"pagetoken="# + Self.token(#"{"q":{"la":43.7,"lo":7.4,"r":10,"t":["moon"],"x":[],"o":false},"o":0}"#))
        answers.append(("token with unknown type", unknownType))
        try await server.stop()

        for (query, answer) in answers {
            // Google's Places routes refuse in the body, with HTTP 200: its clients read the status there.
            #expect(answer.status == 200, "\(query)")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8", "\(query)")
            let json = try answer.json()
            #expect(json["status"] as? String == "INVALID_REQUEST", "\(query)")
            #expect((json["error_message"] as? String)?.isEmpty == false, "\(query)")
            #expect((json["results"] as? [Any])?.isEmpty == true, "\(query)")
            #expect(json["html_attributions"] is [Any], "\(query)")
        }
    }

    /// Malformed escapes, sent as they are (an HTTP client would repair them).
    @Test(arguments: ["keyword=%zz", "keyword=%", "keyword=%4", "ty%zzpe=cafe", "keyword=%C3%28", "keyword=%FF"])
    func malformedPercentEncodingIsRefused(_ parameter: String) async throws {
        let server = try await RunningServer.start()
        let head = try await RawConnection.onThread {
            try RawConnection.exchange(
                port: server.port,
                "GET \(Self.search)location=43.7384,7.4246&radius=1500&\(parameter) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        }
        try await server.stop()
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(head.contains("INVALID_REQUEST"))
    }

    @Test func unknownPathsMethodsAndLongQueries() async throws {
        let server = try await RunningServer.start()
        let unknown = try await server.get("/nope")
        let post = try await server.get(Self.search + "location=43.7,7.4&radius=10", method: "POST")
        let delete = try await server.get("/tiles/10/532/372.png", method: "DELETE")
        let head = try await server.get("/healthz", method: "HEAD")
        let long = try await server.get(Self.search + "location=43.7,7.4&radius=10&keyword=" + String(repeating: "a", count: 17 * 1024))
        let justUnder = try await server.get(Self.search + "location=43.7,7.4&radius=10&x=" + String(repeating: "a", count: 15 * 1024))
        try await server.stop()

        #expect(unknown.status == 404)
        #expect(try unknown.json()["status"] as? String == "NOT_FOUND")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        #expect(delete.status == 405)
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(long.status == 414)
        #expect(try long.json()["status"] as? String == "INVALID_REQUEST")
        #expect(justUnder.status == 200)
    }

    static func token(_ json: String) -> String {
        Data(json.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

import Foundation
import Hummingbird
import NearbyTestSupport
import Testing

@testable import NearbyServer

/// The Places API (New) under hostile bodies and requests: nesting read in
/// steps bounded by the depth limit, a key given twice, numbers only
/// `DecimalText` reads, invalid UTF-8 never answered from a valid body's
/// cache entry, unknown paths 404, and the connection's own refusals in
/// `google.rpc.Status`'s shape.
struct PlacesAPINewHostileInputTests {
    static let search = "/v1/places:searchNearby"

    static func body(latitude: String = "43.7384", radius: String = "100", extra: String = "") -> String {
        #"{"locationRestriction": {"circle": {"center": {"latitude": \#(latitude), "longitude": 7.4246}, "radius": \#(radius)}}\#(extra)}"#
    }

    // MARK: Nesting

    /// Reading stops where the nesting passes the limit: the byte it stopped at is the work done.
    @Test func nestingIsRefusedWhereItPassesTheLimit() throws {
        let arrays = String(repeating: "[", count: 16 * 1024)
        let nests = String(repeating: String(repeating: "[", count: 512) + String(repeating: "]", count: 512), count: 16)
        let objects = String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)
        for (body, stop) in [(arrays, 32), (nests, 32), (objects, 5 * 32)] {
            #expect(throws: ProtoJSONValue.Failure(reason: "Nested deeper than 32 levels", offset: stop)) {
                try ProtoJSONValue.read(Array(body.utf8))
            }
        }
        // As deep as the limit is read.
        let deepest =
            String(repeating: "[", count: ProtoJSONValue.maximumDepth) + String(repeating: "]", count: ProtoJSONValue.maximumDepth)
        #expect(throws: Never.self) { try ProtoJSONValue.read(Array(deepest.utf8)) }
    }

    @Test func aDeeplyNestedBodyIsRefusedAndTheServerGoesOnAnswering() async throws {
        let server = try await RunningServer.start()
        // 15 KB of nests, within the 16 KB a body may have.
        let nests = String(repeating: String(repeating: "[", count: 512) + String(repeating: "]", count: 512), count: 15)
        let nested = try await server.post(
            Self.search, json: #"{"locationRestriction": ["# + nests + "]}", headers: [("X-Goog-FieldMask", "*")])
        let health = try await server.get("/healthz")
        try await server.stop()
        #expect(nested.status == 400)
        let error = try #require(try nested.json()["error"] as? [String: Any])
        #expect(error["status"] as? String == "INVALID_ARGUMENT")
        #expect((error["message"] as? String)?.contains("Nested deeper than 32 levels") == true, "\(error)")
        #expect(health.status == 200)
    }

    // MARK: Keys and numbers

    /// A key given twice is refused, as protobuf's JSON parser refuses it, at any depth.
    @Test(arguments: [
        Self.body(extra: #", "maxResultCount": 1, "maxResultCount": 2"#),
        #"{"locationRestriction": {"circle": {"center": {"latitude": 1, "latitude": 43.7, "longitude": 7.4}, "radius": 9}}}"#,
    ])
    func aKeyGivenTwiceIsRefused(_ body: String) {
        let error = #expect(throws: RPCError.self) { try SearchNearbyRequest.read(Data(body.utf8)) }
        #expect(
            error?.status == "INVALID_ARGUMENT" && error?.message.contains("given twice (duplicate key)") == true,
            "\(String(describing: error))")
    }

    /// Each refusal says which field, its type, the value and what was expected; none is Foundation's
    /// "The operation could not be completed".
    @Test(arguments: [
        (#""0x2B.BE""#, "100", #"center.latitude' (TYPE_DOUBLE), "0x2B.BE": expected a decimal number"#),
        ("43.7384", #""0x1p10""#, #"radius' (TYPE_DOUBLE), "0x1p10": expected a decimal number"#),
        (#""43.7384\u0000""#, "100", #"center.latitude' (TYPE_DOUBLE), "43.7384"#),
        (#""nan""#, "100", #"center.latitude' (TYPE_DOUBLE), "nan": expected a decimal number"#),
        (#""""#, "100", #"center.latitude' (TYPE_DOUBLE), "": expected a decimal number"#),
        ("true", "100", "center.latitude' (TYPE_DOUBLE), true: expected a number"),
        ("[43]", "100", "center.latitude' (TYPE_DOUBLE), a list: expected a number"),
        ("1e400", "100", "center.latitude' (TYPE_DOUBLE), 1e400: expected a number a double holds"),
    ])
    func aNumberThatIsNotOneIsRefusedInGooglesWords(latitude: String, radius: String, message: String) {
        let error = #expect(throws: RPCError.self) {
            try SearchNearbyRequest.read(Data(Self.body(latitude: latitude, radius: radius).utf8))
        }
        let said = error?.message ?? ""
        #expect(error?.status == "INVALID_ARGUMENT" && said.hasPrefix("Invalid value at 'locationRestriction.circle."), "\(said)")
        #expect(said.contains(message) && said.contains("expected a") && !said.contains("RPCError"), "\(said)")
    }

    /// A string holding a number is read as `DecimalText` reads one: white space around it is no matter.
    @Test func aNumberInAStringIsReadAsEveryInputReadsOne() throws {
        let request = try SearchNearbyRequest.read(Data(Self.body(latitude: #"" 43.7""#, radius: #""1e2""#).utf8))
        #expect(request.search.center.latitude == 43.7 && request.radius == 100)
    }

    // MARK: The cache

    /// Invalid UTF-8 is refused before the cache is asked: its key would read the bytes as U+FFFD,
    /// the key of a valid body holding U+FFFD.
    @Test func invalidUTF8IsNeverAnsweredFromAValidBodysCacheEntry() async throws {
        let server = try await RunningServer.start()
        // regionCode is taken and changes nothing: the valid body is answered, and its answer cached.
        @Sendable func post(_ region: [UInt8]) throws -> String {
            let body = Array(Self.body(extra: #", "regionCode": ""#).utf8.dropLast()) + region + Array(#""}"#.utf8)
            let head = "POST \(Self.search) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Goog-FieldMask: places.id\r\n"
            return try Self.exchange(
                port: server.port, Array((head + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n").utf8) + body
            ).answer
        }
        let (invalid, replacement) = ([UInt8(0xFF)], Array("\u{FFFD}".utf8))
        let first = try await RawConnection.onThread { try post(invalid) }
        let valid = try await RawConnection.onThread { try post(replacement) }
        let again = try await RawConnection.onThread { try post(invalid) }
        try await server.stop()
        #expect(first.hasPrefix("HTTP/1.1 400") && first.contains("not UTF-8"), "\(first)")
        #expect(valid.hasPrefix("HTTP/1.1 200"), "\(valid)")
        #expect(again.hasPrefix("HTTP/1.1 400") && again.contains("not UTF-8"), "\(again)")
    }

    // MARK: Paths

    /// Only the paths a route registered are known: anything deeper or beside them is NOT_FOUND.
    @Test(arguments: [
        "/v1/places/n1/extra", "/v1/places/n1/photos", "/v1/places/n1/photos/image/media/extra", "/v1/places/n1/a/b/c/d",
        "/v1/places",
    ])
    func aPathNoRouteHasIsNotFound(_ path: String) async throws {
        let server = try await RunningServer.start()
        let answer = try await server.get(path)
        try await server.stop()
        let error = try #require(try answer.json()["error"] as? [String: Any])
        #expect(answer.status == 404 && error["status"] as? String == "NOT_FOUND", "\(error)")
    }

    /// The table of paths is the router's: a route added is known, with its methods (a GET brings HEAD).
    @Test func theKnownPathsAreTheRoutersOwn() {
        let router = Router(context: BasicRequestContext.self)
        router.get("/a/{id}") { _, _ in "" }
        router.post("/a/{id}") { _, _ in "" }
        router.post("/b:search") { _, _ in "" }
        let routes = UnknownRouteMiddleware<BasicRequestContext>.Routes(router)
        #expect(routes.methods(at: "/a/x") == [.get, .head, .post])
        #expect(routes.methods(at: "/b:search") == [.post])
        #expect(routes.methods(at: "/a/x/y") == nil && routes.methods(at: "/a") == nil && routes.methods(at: "/c") == nil)
    }

    // MARK: The connection's refusals

    /// What NIO cannot parse, or refuses by its head, under /v1/: `google.rpc.Status`, saying what was wrong.
    @Test(arguments: [
        ("Content-Length: -1\r\n\r\n", 400, "Content-Length is not a number"),
        ("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 400, "not an HTTP/1.1 request"),
        ("X-Goog-FieldMask: places.id\u{1B}[2J\r\nContent-Length: 2\r\n\r\n{}", 400, "a header holds a character HTTP does not allow"),
        ("X-Goog-FieldMask: (200 KB)\r\n\r\n", 431, "headers are larger than 80 KB"),
        ("Transfer-Encoding: chunked\r\n\r\n-1\r\n", 400, "not well-formed HTTP/1.1 (chunked encoding)"),
        ("Content-Length: 9223372036854775808\r\n\r\n", 413, "larger than 16384 bytes"),
        // A first chunk larger than a body may be is refused as its size is read, its bytes not waited for.
        ("Transfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n", 413, "larger than 16384 bytes"),
        ("Transfer-Encoding: chunked\r\n\r\n4001;x=1\r\n", 413, "larger than 16384 bytes"),
    ])
    func theConnectionsRefusalsUnderV1AreGooglesShape(headers: String, status: Int, message: String) async throws {
        let server = try await RunningServer.start()
        let request =
            "POST \(Self.search) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Goog-FieldMask: places.id\r\n"
            + headers.replacingOccurrences(of: "(200 KB)", with: String(repeating: "places.id,", count: 20_000))
        let (answer, closed) = try await RawConnection.onThread { try Self.exchange(port: server.port, Array(request.utf8)) }
        try await server.stop()
        #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(answer)")
        let body = try #require(answer.range(of: "\r\n\r\n").map { answer[$0.upperBound...] })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let error = try #require(json["error"] as? [String: Any], "\(answer)")
        #expect(error["code"] as? Int == status && error["status"] as? String == "INVALID_ARGUMENT")
        #expect((error["message"] as? String)?.contains(message) == true, "\(error)")
        // Nothing of the body is waited for once it is answered.
        #expect(closed, "\(answer)")
    }

    /// A chunked body within the bound is read as before, its size line in pieces or whole.
    @Test func aChunkedBodyWithinTheBoundIsRead() async throws {
        let server = try await RunningServer.start()
        let body = Self.body()
        let head =
            "POST \(Self.search) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Goog-FieldMask: places.id\r\n"
            + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        let request = head + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n"
        let (answer, _) = try await RawConnection.onThread { try Self.exchange(port: server.port, Array(request.utf8)) }
        try await server.stop()
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(answer.contains(#""places""#), "\(answer)")
    }

    /// Sends `bytes`, reads until the server closes or 10 s pass with nothing: what came, and whether it closed.
    static func exchange(port: Int, _ bytes: [UInt8]) throws -> (answer: String, closed: Bool) {
        let fd = try LoopbackPort.connect(port)
        defer { close(fd) }
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: received, as: UTF8.self), count == 0 || errno == ECONNRESET) }
            received += buffer[..<count]
        }
    }
}

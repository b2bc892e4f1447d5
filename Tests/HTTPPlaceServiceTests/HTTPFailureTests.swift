import AsyncHTTPClient
import Foundation
import NearbyClient
import NearbyKit
import NearbyService
import NearbyTestSupport
import Testing

/// Every way a place service across the network can fail, each told as one
/// sentence a user understands.
struct HTTPFailureTests {
    static let casinoGardens = try! Coordinate(latitude: 43.7384, longitude: 7.4246)
    static let query = PlaceQuery(center: casinoGardens, categories: [.cafe])

    /// Timeouts for the tests that are not about time. The whole suite runs
    /// in one process, and under a sanitizer on two cores the fake server's
    /// answer can wait behind other tests far longer than the product's
    /// 10 s default; that must not turn a wrong-answer test into a timeout.
    static let patient = HTTPTimeouts(connect: 120, read: 300)

    /// Runs `body` with a service at `url`, and shuts the service down after.
    static func with<T>(
        _ url: String, timeouts: HTTPTimeouts = patient,
        _ body: (HTTPPlaceService) async throws -> T
    ) async throws -> T {
        let service = try HTTPPlaceService(baseURL: url, timeouts: timeouts)
        do {
            let value = try await body(service)
            await service.shutdown()
            return value
        } catch {
            await service.shutdown()
            throw error
        }
    }

    /// The error a call fails with, or nil when it succeeds.
    static func failure<T>(_ call: () async throws -> T) async -> NearbyAPIError? {
        do {
            _ = try await call()
            return nil
        } catch let error as NearbyAPIError {
            return error
        } catch {
            Issue.record("not a NearbyAPIError: \(error)")
            return nil
        }
    }

    @Test func aClosedPortRefusesTheConnection() async throws {
        try await LoopbackPort.refusing { port in
            let url = "http://127.0.0.1:\(port)"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            #expect(error == .serviceUnreachable(url: url, reason: "refused the connection"))
            #expect(error?.localizedDescription == "the place service at \(url) refused the connection")
        }
    }

    /// A server that takes the connection and never says a word is given
    /// up on after the read timeout, and the message names it.
    @Test func aSilentServerTimesOut() async throws {
        let silent = try LoopbackSocket()
        let url = "http://127.0.0.1:\(silent.port)"
        let timeouts = HTTPTimeouts(connect: 2, read: 0.2)
        let error = try await Self.with(url, timeouts: timeouts) { service in
            await Self.failure { try await service.datasetInfo() }
        }
        #expect(error == .serviceTimedOut(url: url, seconds: 0.2))
        #expect(error?.localizedDescription == "the place service at \(url) did not answer within 0.2 s")
    }

    @Test func anHTTPServerErrorIsReportedByItsStatus() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/status500"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            #expect(error == .serviceHTTPStatus(url: url, status: 500, reason: "Internal Server Error"))
            #expect(error?.localizedDescription == "the place service at \(url) answered HTTP 500 Internal Server Error")
        }
    }

    /// A path nearby does not serve (a wrong prefix, another kind of server).
    @Test func aServerWithoutTheAPIAnswers404() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/elsewhere"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlace(id: "n1") } }
            #expect(error == .serviceHTTPStatus(url: url, status: 404, reason: "Not Found"))
        }
    }

    /// A page instead of JSON: the message quotes its start, escaped.
    @Test func aBodyThatIsNotJSON() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/html"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            let expected =
                #"the place service gave an unusable answer: the answer of \#(url)/maps/api/place/nearbysearch/json is not JSON "#
                + #"(it begins "<html><body>\u{1b}[31mWelcome</body></html>")"#
            #expect(error?.localizedDescription == expected)
            let message = error?.localizedDescription ?? ""
            #expect(!message.contains("\u{1b}"))
        }
    }

    @Test func anEmptyBody() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/empty"
            let error = try await Self.with(url) { service in await Self.failure { try await service.datasetInfo() } }
            #expect(error == .badResponse("the answer of \(url)/api/dataset is empty"))
        }
    }

    @Test func aMissingFieldIsNamed() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/missingfield"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            #expect(error == .badResponse("the answer of \(url)/maps/api/place/nearbysearch/json lacks field results"))
        }
    }

    @Test func notFoundIsAnUnknownPlace() async throws {
        try await FakePlaceServer.run { base in
            let error = try await Self.with(base + "/notfound") { service in
                await Self.failure { try await service.fetchPlace(id: "n4316767531") }
            }
            #expect(error == .unknownPlace("n4316767531"))
        }
    }

    /// The server's reason reaches the user, its control characters escaped.
    @Test func invalidRequestCarriesTheServersReason() async throws {
        try await FakePlaceServer.run { base in
            let error = try await Self.with(base + "/invalid") { service in
                await Self.failure { try await service.fetchPlaces(Self.query) }
            }
            #expect(error == .invalidRequest(#"radius must be a number\u{1b}[2J"#))
        }
    }

    @Test func otherStatusesMakeTheServiceUnavailable() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/denied"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            #expect(error == .serviceUnavailable("\(url) answered REQUEST_DENIED: no key"))
        }
    }

    /// A server handing out the same page token for ever does not keep the client paging for ever.
    @Test func aRepeatedPageTokenEndsPaging() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/samepage"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            #expect(error == .badResponse("\(url) keeps answering the same page of nearby search"))
            // With a limit the first pages are enough, and the loop is never noticed.
            let three = try await Self.with(url) { service in
                try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, limit: 2))
            }
            #expect(three.map(\.place.id) == ["n1", "n1"])
        }
    }

    @Test func aResultWithoutDistanceIsNotFromANearbyServer() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/nodistance"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            #expect(error == .badResponse("\(url) gave place n1 without its distance (distance_m): it is not a nearby server"))
        }
    }

    @Test func aNegativeDistanceIsNotFromANearbyServer() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/negativedistance"
            let error = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            #expect(error == .badResponse("\(url) gave place n1 a distance of -5.0 m (distance_m): it is not a nearby server"))
        }
    }

    /// Text from the answer reaches the message escaped, as the views escape it.
    @Test func aServersTextInAMessageIsEscaped() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/hostile"
            let location = try await Self.with(url) { service in await Self.failure { try await service.fetchPlaces(Self.query) } }
            #expect(
                location?.localizedDescription.hasPrefix(
                    #"the place service gave an unusable answer: place n1\u{1b}[2J has an invalid location"#) == true,
                "\(String(describing: location))")
            let kind = try await Self.with(url) { service in await Self.failure { try await service.fetchPlace(id: "n1\u{1b}[2J") } }
            #expect(kind == .badResponse(#"place n1\u{1b}[2J has no category nearby knows (\u{1b}]0;owned\u{7})"#))
            for error in [location, kind] { #expect(error?.localizedDescription.unicodeScalars.allSatisfy { $0.value >= 0x20 } == true) }
        }
    }

    /// A server issuing a new page token with every page is read up to the
    /// paging limits, then refused with a sentence, not followed for ever.
    @Test func endlessPagesStopAtThePagingLimits() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/endless"
            let service = try HTTPPlaceService(baseURL: url, timeouts: Self.patient, paging: PagingLimits(places: 1_000, pages: 7))
            let error = await Self.failure { try await service.fetchPlaces(Self.query) }
            await service.shutdown()
            #expect(
                error
                    == .invalidRequest(
                        "\(url) has more places for this query than nearby reads at once (7 in 7 pages, and more to come): "
                            + "ask for fewer, with a limit, a smaller radius or kinds"))
        }
    }

    @Test func aRedirectCycleIsSaidInWords() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/cycle"
            let error = try await Self.with(url) { service in await Self.failure { try await service.datasetInfo() } }
            #expect(error == .serviceUnreachable(url: url, reason: "cannot be reached: its redirects go round in a cycle"))
        }
    }

    @Test func aServerThatDoesNotSpeakHTTP() async throws {
        let ssh = try LoopbackSocket()
        ssh.answerEveryConnection(with: "SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")
        let url = "http://127.0.0.1:\(ssh.port)"
        let error = try await Self.with(url) { service in await Self.failure { try await service.datasetInfo() } }
        #expect(error == .serviceUnreachable(url: url, reason: "did not answer in HTTP: it is not a web server"))
    }

    /// A body trickled a byte at a time resets every read timeout; the
    /// request as a whole still ends at connect + read seconds.
    @Test func aTrickledBodyEndsAtTheWholeRequestsDeadline() async throws {
        try await FakePlaceServer.run { base in
            let url = base + "/trickle"
            // Each read comes within 4 s (a byte every quarter second, however busy the
            // machine); the whole answer would take 20 s, past connect + read = 8 s.
            let error = try await Self.with(url, timeouts: HTTPTimeouts(connect: 4, read: 4)) { service in
                await Self.failure { try await service.datasetInfo() }
            }
            // The whole body (20 s of spaces, then NOT_FOUND) would be an unusable answer, not a timeout.
            // Under a sanitizer on a busy machine a quarter-second gap has stretched past 4 s: then
            // the read timeout ends it first, which is as good.
            #expect(
                error == .serviceTimedOut(url: url, seconds: 8) || error == .serviceTimedOut(url: url, seconds: 4),
                "\(String(describing: error))")
        }
    }

    /// A bad query is refused before anything is sent, as the local service refuses it.
    @Test func aBadQueryIsRefusedLocally() async throws {
        try await LoopbackPort.refusing { port in
            try await Self.with("http://127.0.0.1:\(port)") { service in
                #expect(
                    await Self.failure { try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, radius: 0)) }
                        == .invalidRadius(0))
                #expect(
                    await Self.failure { try await service.fetchPlaces(PlaceQuery(center: Self.casinoGardens, limit: 0)) }
                        == .invalidLimit(0))
            }
        }
    }

    @Test func shutdownTwiceIsHarmless() async throws {
        let service = try HTTPPlaceService(baseURL: "http://127.0.0.1:1")
        await service.shutdown()
        await service.shutdown()
        #expect(
            await Self.failure { try await service.datasetInfo() }
                == .serviceUnreachable(url: "http://127.0.0.1:1", reason: "was not asked: the HTTP client is shut down"))
    }

    /// A service dropped without `shutdown()` closes its client itself: an
    /// HTTPClient deinitialised while running traps in debug builds.
    @Test func aForgottenShutdownDoesNotTrap() async throws {
        try await LoopbackPort.refusing { port in
            let url = "http://127.0.0.1:\(port)"
            for _ in 0..<3 {
                let service = try HTTPPlaceService(baseURL: url, timeouts: Self.patient)
                #expect(
                    await Self.failure { try await service.datasetInfo() }
                        == .serviceUnreachable(url: url, reason: "refused the connection"))
            }
        }
    }

    /// A borrowed client is the owner's to shut down: the service's shutdown leaves it working.
    @Test func aBorrowedClientIsLeftRunning() async throws {
        try await FakePlaceServer.run { base in
            let service = try HTTPPlaceService(baseURL: PlaceServiceURL(base + "/notfound"), client: .shared, timeouts: Self.patient)
            await service.shutdown()
            #expect(await Self.failure { try await service.fetchPlace(id: "n1") } == .unknownPlace("n1"))
        }
    }

    @Test func badTimeoutsAreRefused() {
        #expect(throws: NearbyAPIError.self) {
            try HTTPPlaceService(baseURL: "http://localhost", timeouts: HTTPTimeouts(connect: 0, read: 1))
        }
        #expect(throws: NearbyAPIError.self) {
            try HTTPPlaceService(baseURL: "http://localhost", timeouts: HTTPTimeouts(connect: 1, read: .nan))
        }
    }
}

import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NearbyKit
import NearbyService

/// Places from a nearby server across the network (`nearby serve`), through
/// its Google Places–shaped API: what `--service URL` gives the CLI. Answers
/// are rebuilt exactly as the server's own service gave them — the same
/// places, in the same order, with the distances it measured — so that a
/// view cannot tell this service from a local one.
///
/// The service owns one HTTP client (a connection pool) unless it is given
/// one. Call `shutdown()` when done with it; a service dropped without
/// that shuts its client down in the background rather than trapping.
public final class HTTPPlaceService: PlaceWebService {
    public let baseURL: PlaceServiceURL
    public let timeouts: HTTPTimeouts
    public let paging: PagingLimits
    private let client: HTTPClient
    private let ownsClient: Bool
    private let isShutDown = NIOLockedValueBox(false)

    /// Enough for thousands of places a page; a server sending more is not a nearby server.
    static let maximumAnswerBytes = 32 * 1024 * 1024
    /// nearbysearch endpoints, as Google names them.
    static let nearbySearchPath = "/maps/api/place/nearbysearch/json"
    static let detailsPath = "/maps/api/place/details/json"
    static let datasetPath = "/api/dataset"
    static let geocodePath = "/maps/api/geocode/json"

    /// A service at `baseURL` (`http://127.0.0.1:8080`, a path prefix allowed),
    /// with a client of its own. Throws `.invalidServiceURL` for a URL
    /// nearby cannot speak to, and `.invalidRequest` for timeouts that are
    /// not positive.
    public convenience init(baseURL: String, timeouts: HTTPTimeouts = .default, paging: PagingLimits = .default) throws(NearbyAPIError) {
        try self.init(baseURL: PlaceServiceURL(baseURL), timeouts: timeouts, paging: paging)
    }

    public init(baseURL: PlaceServiceURL, timeouts: HTTPTimeouts = .default, paging: PagingLimits = .default) throws(NearbyAPIError) {
        self.baseURL = baseURL
        self.timeouts = try timeouts.checked()
        self.paging = paging
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: Self.amount(timeouts.connect), read: Self.amount(timeouts.read)))
        // A refused connection fails the request at once instead of being
        // retried until the connect timeout: the user hears the cause.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        ownsClient = true
    }

    /// A service speaking through a client someone else owns and shuts down
    /// (`HTTPClient.shared`, a server's client). Timeouts here bound each
    /// request as a whole; connect and read timeouts are the client's.
    public init(
        baseURL: PlaceServiceURL, client: HTTPClient, timeouts: HTTPTimeouts = .default,
        paging: PagingLimits = .default
    ) throws(NearbyAPIError) {
        self.baseURL = baseURL
        self.timeouts = try timeouts.checked()
        self.paging = paging
        self.client = client
        ownsClient = false
    }

    deinit {
        // Only a forgotten shutdown gets here with a live client: end it in
        // the background (the shutdown keeps the client alive until done).
        if ownsClient, !isShutDown.withLockedValue({ $0 }) {
            client.shutdown(queue: .global()) { _ in }
        }
    }

    /// Closes the connections of the client this service owns. Calls after
    /// the first, and calls on a borrowed client, do nothing.
    public func shutdown() async {
        guard ownsClient,
            !isShutDown.withLockedValue({ shut in
                defer { shut = true }
                return shut
            })
        else { return }
        try? await client.shutdown()
    }

    // MARK: PlaceWebService

    public func fetchPlaces(_ query: PlaceQuery) async throws(NearbyAPIError) -> [PlaceHit] {
        let query = try query.validated()
        var hits: [PlaceHit] = []
        var request = NearbySearchParameters(query).items
        var tokensSeen: Set<String> = []
        while true {
            let page: NearbySearchResponse = try await get(Self.nearbySearchPath, query: request)
            switch page.status {
            case .ok, .zeroResults: break
            default: throw statusError(page.status, message: page.errorMessage, placeID: nil)
            }
            for result in page.results {
                let id = TerminalSafeText.escaped(result.placeID, limit: 40)
                guard let distance = result.distanceMetres else {
                    throw .badResponse("\(baseURL) gave place \(id) without its distance (distance_m): it is not a nearby server")
                }
                guard distance.isFinite, distance >= 0 else {
                    throw .badResponse("\(baseURL) gave place \(id) a distance of \(distance) m (distance_m): it is not a nearby server")
                }
                hits.append(PlaceHit(place: try result.place(), distance: distance))
            }
            if let limit = query.limit, hits.count >= limit { return Array(hits.prefix(limit)) }
            guard let token = page.nextPageToken, !token.isEmpty else { return hits }
            // Each page must move on, or a faulty server would keep this loop going for ever.
            guard !page.results.isEmpty, tokensSeen.insert(token).inserted else {
                throw .badResponse("\(baseURL) keeps answering the same page of nearby search")
            }
            guard hits.count < paging.places, tokensSeen.count < paging.pages else {
                throw .invalidRequest(
                    "\(baseURL) has more places for this query than nearby reads at once (\(hits.count) in \(tokensSeen.count) pages, "
                        + "and more to come): ask for fewer, with a limit, a smaller radius or kinds")
            }
            // Google ignores every other parameter beside a page token; so does nearby.
            request = [("pagetoken", token)]
        }
    }

    public func fetchPlace(id: PlaceID) async throws(NearbyAPIError) -> Place {
        let answer: PlaceDetailsResponse = try await get(Self.detailsPath, query: [("place_id", id)])
        guard answer.status == .ok else { throw statusError(answer.status, message: answer.errorMessage, placeID: id) }
        guard let result = answer.result else {
            throw .badResponse("\(baseURL) said OK to place \(TerminalSafeText.escaped(id, limit: 40)) but sent no result")
        }
        guard result.placeID == id else {
            let asked = TerminalSafeText.escaped(id, limit: 40)
            throw .badResponse("\(baseURL) answered place \(asked) with place \(TerminalSafeText.escaped(result.placeID, limit: 40))")
        }
        return try result.place()
    }

    public func datasetInfo() async throws(NearbyAPIError) -> DatasetInfo {
        try await get(Self.datasetPath)
    }

    /// The server's reverse geocoding, read back from Google's Geocoding shape.
    public func address(at position: Coordinate, language: String?) async throws(NearbyAPIError) -> ResolvedAddress? {
        var query = [
            ("latlng", "\(NearbySearchParameters.decimal(position.latitude)),\(NearbySearchParameters.decimal(position.longitude))")
        ]
        if let language { query.append(("language", language)) }
        let answer: GeocodeResponse = try await get(Self.geocodePath, query: query)
        switch answer.status {
        case .ok: return answer.resolved()
        case .zeroResults: return nil
        default: throw statusError(answer.status, message: answer.errorMessage, placeID: nil)
        }
    }

    /// The server's forward geocoding, read back from Google's Geocoding shape
    /// (`address`, `components`, `bounds`, `region`, `language`; a position
    /// bias has no parameter there and is not sent).
    public func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        var query: [(String, String)] = []
        if let id = request.element { query.append(("place_id", id)) }
        if let text = request.text { query.append(("address", text)) }
        let components = request.components
        let parts =
            components.countries.map { "country:\($0)" }
            + [
                components.postalCode.map { "postal_code:\($0)" }, components.route.map { "route:\($0)" },
                components.locality.map { "locality:\($0)" }, components.administrativeArea.map { "administrative_area:\($0)" },
            ].compactMap { $0 }
        if !parts.isEmpty { query.append(("components", parts.joined(separator: "|"))) }
        if let bounds = request.bias.bounds {
            let corners = [(bounds.minLatitude, bounds.minLongitude), (bounds.maxLatitude, bounds.maxLongitude)]
            query.append(
                (
                    "bounds",
                    corners.map { "\(NearbySearchParameters.decimal($0.0)),\(NearbySearchParameters.decimal($0.1))" }.joined(separator: "|")
                ))
        }
        if let region = request.bias.region { query.append(("region", region)) }
        if let language = request.language { query.append(("language", language)) }
        let answer: GeocodeResponse = try await get(Self.geocodePath, query: query)
        switch answer.status {
        case .ok: return answer.results.map(\.candidate)
        case .zeroResults: return []
        // An element the server does not know is no answer, as the stores' geocoders say it.
        case .notFound where request.element != nil: return []
        default: throw statusError(answer.status, message: answer.errorMessage, placeID: nil)
        }
    }

    // MARK: Requests

    /// One GET whose answer is JSON of type `T`. A body in the API's shape is
    /// read whatever the HTTP status below 500 (nearby, as Google, answers a
    /// bad query with HTTP 200 and INVALID_REQUEST; older servers said 400);
    /// a server error, or an error status without such a body, is reported
    /// by its HTTP status.
    func get<T: Decodable>(_ path: String, query: [(name: String, value: String)] = []) async throws(NearbyAPIError) -> T {
        let url = baseURL.endpoint(path, query: query)
        let status: Int
        let statusReason: String
        let body: ByteBuffer
        do {
            var request = HTTPClientRequest(url: url)
            request.method = .GET
            request.headers.add(name: "Accept", value: "application/json")
            request.headers.add(name: "User-Agent", value: "nearby")
            let deadline = NIODeadline.now() + Self.amount(timeouts.whole)
            let response = try await client.execute(request, deadline: deadline)
            status = Int(response.status.code)
            statusReason = response.status.reasonPhrase
            body = try await Self.collect(response.body, before: deadline)
        } catch is NIOTooManyBytesError {
            throw .badResponse("\(baseURL) sent an answer larger than \(Self.maximumAnswerBytes / 1024 / 1024) MB")
        } catch {
            throw TransportFailure.error(error, service: baseURL, timeouts: timeouts)
        }

        if status >= 500 {
            throw .serviceHTTPStatus(url: baseURL.description, status: status, reason: statusReason)
        }
        let bytes = Data(body.readableBytesView)
        if status >= 300 {
            // 4xx: a Google-shaped refusal says why; anything else is reported by its status.
            if let refusal = try? Self.decoder.decode(APIRefusal.self, from: bytes), refusal.status != PlacesAPIStatus.ok {
                throw statusError(
                    refusal.status, message: refusal.errorMessage, placeID: query.first(where: { $0.name == "place_id" })?.value)
            }
            throw .serviceHTTPStatus(url: baseURL.description, status: status, reason: statusReason)
        }
        let decoded: Result<T, any Error> = Result { try Self.decoder.decode(T.self, from: bytes) }
        switch decoded {
        case .success(let value):
            return value
        case .failure(let error):
            throw .badResponse(AnswerDecoding.describe(error, body: body, from: baseURL, path: path))
        }
    }

    /// The whole body by `deadline` (`AnswerDeadline`).
    private static func collect(_ body: HTTPClientResponse.Body, before deadline: NIODeadline) async throws -> ByteBuffer {
        try await AnswerDeadline.race(deadline) { try await body.collect(upTo: maximumAnswerBytes) }
    }

    /// What a Google status other than OK means for the caller.
    func statusError(_ status: PlacesAPIStatus, message: String?, placeID: PlaceID?) -> NearbyAPIError {
        let said = message.map { TerminalSafeText.escaped($0, limit: 300) }
        switch status {
        case .notFound:
            if let placeID { return .unknownPlace(placeID) }
            return .invalidRequest(said ?? "\(baseURL) found nothing for the query")
        case .invalidRequest:
            return .invalidRequest(said ?? "\(baseURL) refused the query without saying why")
        case .ok, .zeroResults, .overQueryLimit, .requestDenied, .unknownError:
            return .serviceUnavailable("\(baseURL) answered \(status.rawValue)\(said.map { ": \($0)" } ?? "")")
        }
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(AnswerDecoding.date)
        return decoder
    }()

    private static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64((seconds * 1_000_000_000).rounded()))
    }
}

/// Only the status of an answer, to read a refusal whatever its kind.
private struct APIRefusal: Decodable {
    var status: PlacesAPIStatus
    var errorMessage: String?

    enum CodingKeys: String, CodingKey {
        case status
        case errorMessage = "error_message"
    }
}

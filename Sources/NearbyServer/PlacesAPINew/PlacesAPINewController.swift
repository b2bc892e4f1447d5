import Foundation
import Hummingbird
import NIOCore
import NearbyKit
import NearbyService

/// Google's Places API (New) at `/v1/places…`: searchNearby, searchText,
/// autocomplete, Place Details and photo media, in Google's shapes and wire conventions (field masks, proto3
/// JSON bodies, `google.rpc.Status` errors), answered from the same place
/// service as the legacy API.
struct PlacesAPINewController<Context: RequestContext>: Sendable {
    /// Google's request bodies are a few hundred bytes; a larger one is refused with 413.
    static var maximumBody: Int { 16 * 1024 }

    let service: any PlaceWebService
    let json: JSONBody
    let hours: OpeningHoursBook
    let now: @Sendable () -> Date
    let failures: FailureLog
    /// The searches' encoded answers, keyed by the route, the request's canonical
    /// body and page, the mask and the enum encoding (as the legacy API's are).
    let answers: AnswerCache<String>

    func addRoutes(to router: Router<Context>) {
        router.post("/v1/places:searchNearby") { request, context in
            await answer { () async throws(RPCError) in try await search(request, as: SearchNearbyRequest.self) }
        }
        router.post("/v1/places:searchText") { request, context in
            await answer { () async throws(RPCError) in try await search(request, as: SearchTextRequest.self) }
        }
        router.post("/v1/places:autocomplete") { request, context in
            await answer { () async throws(RPCError) in try await autocomplete(request) }
        }
        router.get("/v1/places/{id}/photos/{photo}/media") { request, context in
            await answer { () async throws(RPCError) in
                try await photoMedia(request, id: context.parameters.get("id") ?? "", photo: context.parameters.get("photo") ?? "")
            }
        }
        router.get("/v1/places/{id}") { request, context in
            await answer { () async throws(RPCError) in
                try await details(request, id: context.parameters.get("id") ?? "")
            }
        }
    }

    private func answer(_ work: () async throws(RPCError) -> Response) async -> Response {
        do {
            return try await work()
        } catch {
            return error.response(json)
        }
    }

    // MARK: Searches

    private struct SearchAnswer: Encodable {
        var places: [PlacesAPINewPlace]?
        var nextPageToken: String?
    }

    /// One page of a search: the service's hits in the search's area and
    /// order, those the request admits (and open now, if asked), from its offset.
    private func search<Asked: PlacesAPINewPagedRequest>(_ request: Request, as: Asked.Type) async throws(RPCError) -> Response {
        let body = try await Self.body(of: request)
        let (cached, key, info, now) = try await cachedAnswer(request, body: body)
        if let cached { return cached }
        let options = try WireOptions(request)
        let mask = try FieldMask.read(header: request.headers[.xGoogFieldMask], parameters: options.parameters, search: true)
        let asked = try Asked.read(Data(buffer: body))
        var search = asked.search
        if asked.readsQuestion.reads, !asked.matchesNothing {
            search = try await call { () async throws(NearbyAPIError) in
                try await search.readingQuestion(from: service, keepingArea: asked.readsQuestion.restricted)
            }
        }
        search = search.leaning(to: info.center)
        let zone = info.defaultTimeZone ?? TimeZone.current
        // What the clock decides (open now, the hours shown, the zone's offset) holds until the
        // first of the page's places opens or closes; the rest, while the data does.
        let showsHours = mask.has("regularOpeningHours") || mask.has("currentOpeningHours") || mask.has("utcOffsetMinutes")
        let found =
            asked.matchesNothing
            ? AnswerPage.empty
            : try await call { () async throws(NearbyAPIError) in
                try await AnswerPage.of(
                    search, from: service, hours: hours, admitting: asked.admits, offset: asked.offset, size: asked.pageSize,
                    withOpeningStates: showsHours, now: now, zone: zone)
            }
        let context = PlacesAPINewPlace.Context(
            mask: mask, language: search.language, hours: hours, now: now, zone: zone, enumsAsNumbers: options.enumsAsNumbers)
        var answer = SearchAnswer()
        if !found.entries.isEmpty { answer.places = found.entries.map { PlacesAPINewPlace($0.hit.place, context) } }
        if mask.nextPageToken, let next = found.nextOffset, next <= PlacesAPINewPageToken.maximumOffset {
            answer.nextPageToken = PlacesAPINewPageToken.token(for: asked, offset: next)
        }
        let encoded = json.bytes(answer)
        answers.store(.init(status: .ok, body: encoded, expires: found.expires), for: key, loadedAt: info.loadedAt)
        return JSONBody.response(encoded)
    }

    // MARK: Autocomplete

    /// At most five places whose names start as typed, best match first, then
    /// (if asked) the kinds whose names do. No field mask: Google's needs none here.
    /// Answers are cached by the body as sent (a user typing the same
    /// prefix again, a second user typing the same name) for as long as the data holds.
    private func autocomplete(_ request: Request) async throws(RPCError) -> Response {
        _ = try WireOptions(request)
        let body = try await Self.body(of: request)
        let (cached, key, info, _) = try await cachedAnswer(request, body: body)
        if let cached { return cached }
        let asked = try AutocompleteRequest.read(Data(buffer: body))
        let search = asked.search.leaning(to: info.center)
        let words = SearchWords.of(asked.typed)
        var suggestions = Suggestions()
        var places: [Place] = []
        if search.name != nil, asked.answers.contains(.places) {
            let hits = try await call { () async throws(NearbyAPIError) in try await service.fetchPlaces(search.placeQuery) }
            places = search.arranged(hits).lazy.map(\.place).filter(asked.admits).prefix(AutocompleteRequest.places).map { $0 }
        }
        var addresses: [GeocodeCandidate] = []
        if asked.readsAsQuestion, !asked.answers.subtracting([.places]).isEmpty {
            let question = asked.geocodeRequest(leaningTo: info.center)
            addresses = try await call { () async throws(NearbyAPIError) in try await service.geocode(question) }
                .filter { $0.id != nil && asked.admits($0) }
        }
        let distance = { (here: Coordinate) in asked.origin.map { Int(Geodesic.distance(from: $0, to: here).rounded()) } }
        for answer in AutocompleteAnswer.ordered(addresses: addresses, places: places, limit: AutocompleteRequest.places) {
            switch answer {
            case .place(let place):
                let name = place.name(in: search.language)
                let secondary = place.address?.short
                let whole = secondary.map { "\(name), \($0)" } ?? name
                suggestions.appendPlace(
                    id: place.id, whole: .init(text: whole, matches: TextMatches.ranges(of: words, in: whole)),
                    main: .init(text: name, matches: TextMatches.ranges(of: words, in: name)), secondary: secondary,
                    types: PlacesAPINewPlaceTypes.types(of: place), distanceMeters: distance(place.coordinate))
            case .address(let candidate):
                let result = GeocodeResult(candidate)
                let whole = result.formattedAddress
                let parts = whole.components(separatedBy: ", ")
                let main = parts.first ?? whole
                let secondary = parts.count > 1 ? parts.dropFirst().joined(separator: ", ") : nil
                let here = try? Coordinate(latitude: candidate.location.latitude, longitude: candidate.location.longitude)
                suggestions.appendPlace(
                    id: result.placeID, whole: .init(text: whole, matches: TextMatches.ranges(of: words, in: whole)),
                    main: .init(text: main, matches: TextMatches.ranges(of: words, in: main)), secondary: secondary,
                    types: result.types + ["geocode"], distanceMeters: here.flatMap(distance))
            }
        }
        for kind in asked.kindsTyped.prefix(3) {
            suggestions.appendQuery(.init(text: kind.displayName, matches: TextMatches.ranges(of: words, in: kind.displayName)))
        }
        let answer = ByteBuffer(string: suggestions.json)
        answers.store(.init(status: .ok, body: answer, expires: nil), for: key, loadedAt: info.loadedAt)
        return JSONBody.response(answer)
    }

    // MARK: Place Details

    private func details(_ request: Request, id: String) async throws(RPCError) -> Response {
        let options = try WireOptions(request)
        let mask = try FieldMask.read(header: request.headers[.xGoogFieldMask], parameters: options.parameters, search: false)
        let language = try PlacesAPINewLanguageCode.read(options.parameters["languageCode"] ?? options.parameters["language_code"])
        guard !id.isEmpty, id.utf8.count <= 64 else { throw .notFound("Place \(TerminalSafeText.escaped(id, limit: 64)) not found.") }
        let info = try await call { () async throws(NearbyAPIError) in try await service.datasetInfo() }
        let place = try await call { () async throws(NearbyAPIError) -> Place? in
            do throws(NearbyAPIError) {
                return try await service.fetchPlace(id: id)
            } catch {
                guard case .unknownPlace = error else { throw error }
                return nil
            }
        }
        guard let place else {
            // A street, an address or a town a geocoding answer or a prediction named.
            let element = try await call { () async throws(NearbyAPIError) in try await service.geocode(.element(id, language: language)) }
            guard let found = element.first else { throw .notFound("Place \(TerminalSafeText.escaped(id, limit: 64)) not found.") }
            return json.response(PlacesAPINewPlace(address: found, mask: mask))
        }
        let context = PlacesAPINewPlace.Context(
            mask: mask, language: language, hours: hours, now: now(), zone: info.defaultTimeZone ?? TimeZone.current,
            enumsAsNumbers: options.enumsAsNumbers)
        return json.response(PlacesAPINewPlace(place, context))
    }

    // MARK: Photos

    private struct PhotoMedia: Encodable {
        let name: String
        let photoUri: String
    }

    /// The image a place's photo names: a redirect to it, or (`skipHttpRedirect`)
    /// its address. As at Google, `maxWidthPx` or `maxHeightPx` (1 to 4800) is
    /// required; Commons scales its files to the width, other images are as they are.
    private func photoMedia(_ request: Request, id: String, photo: String) async throws(RPCError) -> Response {
        let options = try WireOptions(request)
        let parameters = options.parameters
        func size(_ name: String) throws(RPCError) -> Int? {
            guard let text = parameters[name] ?? parameters[FieldMask.snakeCase(name)] else { return nil }
            guard let value = Int(text), (1...4800).contains(value) else {
                throw .invalidArgument("\(name) must be a whole number from 1 to 4800")
            }
            return value
        }
        let width = try size("maxWidthPx")
        let height = try size("maxHeightPx")
        guard width != nil || height != nil else { throw .invalidArgument("maxWidthPx or maxHeightPx is required") }
        guard !id.isEmpty, id.utf8.count <= 64 else { throw .notFound("Place \(TerminalSafeText.escaped(id, limit: 64)) not found.") }
        let place = try await call { () async throws(NearbyAPIError) in try await service.fetchPlace(id: id) }
        guard let found = place.photos.first(where: { $0.source.rawValue == photo }) else {
            throw .notFound("Photo \(TerminalSafeText.escaped(photo, limit: 40)) of place \(place.id) not found.")
        }
        let url = found.url(width: width)
        if parameters["skipHttpRedirect"] == "true" || parameters["skip_http_redirect"] == "true" {
            return json.response(PhotoMedia(name: "places/\(place.id)/photos/\(photo)/media", photoUri: url))
        }
        return Response(status: .found, headers: [.location: url])
    }

    // MARK: Wire

    /// What every request may say beside its body: `$alt` (JSON only; enums as numbers
    /// when `enum-encoding=int`, as Google's REST clients ask) and the key, which is ignored.
    private struct WireOptions {
        let parameters: QueryParameters
        let enumsAsNumbers: Bool

        init(_ request: Request) throws(RPCError) {
            do {
                parameters = try QueryParameters(request.uri.query.map { Substring($0) })
            } catch {
                throw .invalidArgument("malformed percent-encoding or UTF-8 in the parameter \(error.parameter)")
            }
            let alt = (parameters["$alt"] ?? parameters["alt"] ?? "json").split(separator: ";").map { $0.trimmed() }
            guard alt.first == "json" else { throw .invalidArgument("only $alt=json is answered") }
            enumsAsNumbers = alt.contains("enum-encoding=int")
        }
    }

    /// The cached answer to a request, if any, and what storing one needs. The key is the request as
    /// sent (its path and parameters, field mask header and body), looked up before any of it is read:
    /// an answer is only stored for a request that was read and answered.
    private func cachedAnswer(_ request: Request, body: ByteBuffer) async throws(RPCError) -> (
        hit: Response?, key: String, info: DatasetInfo, now: Date
    ) {
        let info = try await call { () async throws(NearbyAPIError) in try await service.datasetInfo() }
        let now = now()
        let key =
            "\(request.uri.path)?\(request.uri.query ?? "") \(request.headers[.xGoogFieldMask] ?? "")\n"
            + String(buffer: body)
        let hit = answers.entry(for: key, loadedAt: info.loadedAt, now: now).map { JSONBody.response($0.body, status: $0.status) }
        return (hit, key, info, now)
    }

    /// The JSON body, at most `maximumBody` bytes, as received: an answer from the cache needs no copy of it.
    /// It is UTF-8 before the cache is asked, whose keys are text: invalid bytes would read as U+FFFD there.
    /// A `Content-Length` past the bound is refused before any of the body is waited for.
    private static func body(of request: Request) async throws(RPCError) -> ByteBuffer {
        let type = request.headers[.contentType]?.split(separator: ";").first.map { $0.trimmed().lowercased() }
        guard type == "application/json" else {
            throw .invalidArgument("the body must be JSON (Content-Type: application/json)")
        }
        if let length = request.headers[.contentLength], Int(length).map({ $0 > maximumBody }) ?? true { throw .tooLarge(maximumBody) }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBody)
        } catch is NIOTooManyBytesError {
            throw .tooLarge(maximumBody)
        } catch {
            throw .invalidArgument("the request body could not be read: it is not well-formed HTTP/1.1 (chunked encoding)")
        }
        guard String(validating: body.readableBytesView, as: UTF8.self) != nil else {
            throw .invalidArgument("Invalid JSON payload received. The body is not UTF-8.")
        }
        return body
    }

    /// The service's failures in Google's terms: the client's are INVALID_ARGUMENT, an
    /// unknown place NOT_FOUND, the data's UNAVAILABLE (logged, no paths shown).
    private func call<T>(_ work: () async throws(NearbyAPIError) -> T) async throws(RPCError) -> T {
        do {
            return try await work()
        } catch {
            switch error.fault {
            case .request(let reason): throw .invalidArgument(reason)
            case .unknownPlace(let id): throw .notFound("Place \(TerminalSafeText.escaped(id, limit: 64)) not found.")
            case .service:
                failures.error("cannot answer: \(error.localizedDescription)")
                throw .unavailable
            }
        }
    }
}

extension HTTPFields.Element.Name {
    static let xGoogFieldMask = Self("X-Goog-FieldMask")!
}

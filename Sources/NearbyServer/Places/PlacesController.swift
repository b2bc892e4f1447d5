import Foundation
import Hummingbird
import Logging
import NearbyKit
import NearbyService
import NearbyViews

/// Google's Places API: Nearby Search, Text Search, Find Place, Place and
/// Query Autocomplete (PlacesController+Autocomplete), Place Details and
/// Place Photos, in Google's shapes, answered from the place service.
struct PlacesController<Context: RequestContext>: Sendable {
    let service: any PlaceWebService
    let json: JSONBody
    let hours: OpeningHoursBook
    let answers: AnswerCache<PageToken>
    let now: @Sendable () -> Date
    let failures: FailureLog

    func addRoutes(to router: Router<Context>) {
        router.get("/maps/api/place/nearbysearch/json") { request, context in
            await nearbySearch(request, context: context)
        }
        router.get("/maps/api/place/textsearch/json") { request, context in
            await textSearch(request, context: context)
        }
        router.get("/maps/api/place/findplacefromtext/json") { request, context in
            await findPlace(request, context: context)
        }
        router.get("/maps/api/place/autocomplete/json") { request, context in
            await autocomplete(request, context: context, queries: false)
        }
        router.get("/maps/api/place/queryautocomplete/json") { request, context in
            await autocomplete(request, context: context, queries: true)
        }
        router.get("/maps/api/place/photo") { request, context in
            await photo(request, context: context)
        }
        router.get("/maps/api/place/details/json") { request, context in
            await details(request, context: context)
        }
    }

    func nearbySearch(_ request: Request, context: Context) async -> Response {
        do throws(NearbyAPIError) {
            let info = try await service.datasetInfo()
            let page = try RequestParsing.nearbySearch(query: request.uri.query, localZone: info.defaultTimeZone ?? TimeZone.current)
            let now = now()
            if let entry = answers.entry(for: page, loadedAt: info.loadedAt, now: now) {
                return JSONBody.response(entry.body, status: entry.status)
            }
            let (answer, expires) = try await search(
                page.search, offset: page.offset, info: info, now: now, token: { PageToken(search: page.search, offset: $0).encoded })
            let body = json.bytes(answer)
            answers.store(.init(status: .ok, body: body, expires: expires), for: page, loadedAt: info.loadedAt)
            return JSONBody.response(body)
        } catch {
            return failure(error, context: context) { status, message in
                json.response(NearbySearchResponse(status: status, errorMessage: message))
            }
        }
    }

    /// The text read as a question ("restaurants in Monte-Carlo": every restaurant there), as searchText
    /// reads it, then answered as nearbysearch is. Not cached: the question's place is geocoded anew.
    func textSearch(_ request: Request, context: Context) async -> Response {
        do throws(NearbyAPIError) {
            let info = try await service.datasetInfo()
            let page = try RequestParsing.textSearch(query: request.uri.query, localZone: info.defaultTimeZone ?? TimeZone.current)
            let search = try await page.search.readingQuestion(from: service, keepingArea: false).leaning(to: info.center)
            let (answer, _) = try await self.search(
                search, offset: page.offset, info: info, now: now(), token: { TextSearchPage(search: page.search, offset: $0).encoded })
            return json.response(answer)
        } catch {
            return failure(error, context: context) { status, message in
                json.response(NearbySearchResponse(status: status, errorMessage: message))
            }
        }
    }

    /// The place a text names — the first textsearch would answer — or the places with a phone number,
    /// nearest the bias first; each with only the fields asked for.
    func findPlace(_ request: Request, context: Context) async -> Response {
        do throws(NearbyAPIError) {
            let info = try await service.datasetInfo()
            let asked = try RequestParsing.findPlace(query: request.uri.query)
            let (now, zone) = (now(), info.defaultTimeZone ?? TimeZone.current)
            var places: [Place]
            switch asked.input {
            case .text(let search):
                let read = try await search.readingQuestion(from: service, keepingArea: false).leaning(to: info.center)
                let first = try await AnswerPage.of(
                    read, from: service, hours: hours, offset: 0, size: 1, withOpeningStates: false, now: now, zone: zone)
                places = first.entries.map(\.hit.place)
            case .phoneNumber(let number):
                places = try await service.places(withPhoneNumber: number)
                if let bias = asked.bias {
                    places = places.map { (Geodesic.distance(from: bias, to: $0.coordinate), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
                }
            }
            let candidates = places.map { place in
                let openNow = asked.fields.has("opening_hours") ? hours.state(of: place, at: now, fallbackZone: zone).isOpen : nil
                return asked.fields.candidate(PlaceResult(place: place, distance: nil, openNow: openNow, language: asked.language))
            }
            return json.response(FindPlaceResponse(status: candidates.isEmpty ? .zeroResults : .ok, candidates: candidates))
        } catch {
            return failure(error, context: context) { status, message in
                json.response(FindPlaceResponse(status: status, errorMessage: message))
            }
        }
    }

    /// A photo a result's `photos[]` names: a redirect to the image, as Google's; the same image
    /// `/v1/places/{id}/photos/{photo}/media` serves. `maxwidth` or `maxheight` (1 to 1600, as Google's) is
    /// required; Commons scales its files to the width, other images are as they are.
    func photo(_ request: Request, context: Context) async -> Response {
        do throws(NearbyAPIError) {
            let parameters = try RequestParsing.parameters(request.uri.query)
            func size(_ name: String) throws(NearbyAPIError) -> Int? {
                guard let text = parameters[name] else { return nil }
                guard let value = Int(text), (1...1600).contains(value) else {
                    throw .invalidRequest("\(name) must be a whole number from 1 to 1600")
                }
                return value
            }
            let width = try size("maxwidth")
            guard try size("maxheight") != nil || width != nil else { throw .invalidRequest("maxwidth or maxheight is required") }
            guard let text = parameters["photoreference"] ?? parameters["photo_reference"], !text.isEmpty else {
                throw .invalidRequest("missing the photoreference parameter")
            }
            guard let reference = PlaceResult.Photo.read(text) else { throw .unknownPlace(String(text.prefix(64))) }
            let place = try await service.fetchPlace(id: reference.place)
            guard let found = place.photos.first(where: { $0.source == reference.photo }) else {
                throw .unknownPlace(String(text.prefix(64)))
            }
            return Response(status: .found, headers: [.location: found.url(width: width)])
        } catch {
            return failure(error, context: context) { status, message in
                json.response(NearbySearchResponse(status: status, errorMessage: message))
            }
        }
    }

    /// One page of the answer from `offset`, and until when it holds (nil: while the data does);
    /// `token` writes the next page's token.
    private func search(
        _ search: PlaceSearch, offset: Int, info: DatasetInfo, now: Date, token: (Int) -> String
    ) async throws(NearbyAPIError) -> (NearbySearchResponse, Date?) {
        let found = try await AnswerPage.of(
            search, from: service, hours: hours, offset: offset, size: PageToken.pageSize, withOpeningStates: true,
            now: now, zone: info.defaultTimeZone ?? TimeZone.current)
        let results = found.entries.map {
            PlaceResult(place: $0.hit.place, distance: $0.hit.distance, openNow: $0.opening?.isOpen, language: search.language)
        }
        let answer = NearbySearchResponse(
            status: results.isEmpty ? .zeroResults : .ok, results: results,
            nextPageToken: found.nextOffset.map(token),
            htmlAttributions: [Self.htmlAttribution(info.attribution)])
        return (answer, found.expires)
    }

    func details(_ request: Request, context: Context) async -> Response {
        do throws(NearbyAPIError) {
            let parameters = try RequestParsing.parameters(request.uri.query)
            // `placeid` is Google's older name, still what its Python client (googlemaps 4.10) sends.
            guard let id = parameters["place_id"] ?? parameters["placeid"], !id.isEmpty else {
                throw .invalidRequest("missing the place_id parameter")
            }
            guard id.utf8.count <= 64 else { throw .unknownPlace(String(id.prefix(64))) }
            let info = try await service.datasetInfo()
            let zone = info.defaultTimeZone ?? TimeZone.current
            let instant =
                try parameters["at"].map { text throws(NearbyAPIError) in
                    try SearchParameters.instant(text, localZone: zone)
                } ?? now()
            let language = try SearchParameters.language(parameters["language"])
            let place: Place
            do throws(NearbyAPIError) {
                place = try await service.fetchPlace(id: id)
            } catch {
                // A street, an address or a town an autocomplete prediction or a geocoding answer named.
                guard case .unknownPlace = error, let element = try await service.geocode(.element(id, language: language)).first
                else { throw error }
                return json.response(
                    PlaceDetailsResponse(
                        status: .ok, result: PlaceResult(address: GeocodeResult(element)),
                        htmlAttributions: [Self.htmlAttribution(info.attribution)]))
            }
            let openNow = hours.state(of: place, at: instant, fallbackZone: zone).isOpen
            var result = PlaceResult(place: place, distance: nil, openNow: openNow, language: language)
            if let raw = place.openingHours, let week = hours.hours(raw).weeklySchedule {
                result.openingHours = PlaceResult.OpeningHours(
                    openNow: openNow, weekdayText: week.weekdayText,
                    periods: week.periods.map {
                        PlaceResult.Period(
                            open: .init(day: $0.open.day, time: $0.open.time),
                            close: $0.close.map { .init(day: $0.day, time: $0.time) })
                    })
            }
            return json.response(
                PlaceDetailsResponse(
                    status: .ok, result: result,
                    htmlAttributions: [Self.htmlAttribution(info.attribution)]))
        } catch {
            return failure(error, context: context) { status, message in
                json.response(PlaceDetailsResponse(status: status, errorMessage: message))
            }
        }
    }

    /// The service's errors in Google's terms, as Google sends them: the
    /// client's mistakes are INVALID_REQUEST and an unknown place NOT_FOUND,
    /// both with HTTP 200 (Google's clients read the status from the body,
    /// and raise a transport error for anything but 200); data the server
    /// cannot serve is UNKNOWN_ERROR with 503 (logged, paths not shown), a
    /// status Google's legacy client retries.
    /// `refusal` writes the route's own answer shape.
    func failure(
        _ error: NearbyAPIError, context: Context, refusal: (PlacesAPIStatus, String) -> Response
    ) -> Response {
        switch error.fault {
        case .request(let reason):
            return refusal(.invalidRequest, reason)
        case .unknownPlace(let id):
            return refusal(.notFound, "no place with id \(id)")
        case .service:
            failures.error("cannot answer: \(error.localizedDescription)")
            return json.error(.unknownError, "the places data is unavailable", http: .serviceUnavailable)
        }
    }

    /// Google's attributions are HTML; the dataset's text is escaped into it.
    static func htmlAttribution(_ text: String) -> String {
        HTMLText.escaped(text)
    }
}

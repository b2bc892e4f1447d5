import Foundation
import Hummingbird
import Logging
import NearbyKit
import NearbyService
import NearbyViews

/// Google's Places API: Nearby Search and Place Details, in Google's shapes,
/// answered from the place service.
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
            let (answer, expires) = try await search(page, info: info, now: now)
            let body = json.bytes(answer)
            answers.store(.init(status: .ok, body: body, expires: expires), for: page, loadedAt: info.loadedAt)
            return JSONBody.response(body)
        } catch {
            return failure(error, context: context) { status, message in
                json.response(NearbySearchResponse(status: status, errorMessage: message))
            }
        }
    }

    /// One page of the answer, and until when it holds (nil: while the data does).
    private func search(_ page: PageToken, info: DatasetInfo, now: Date) async throws(NearbyAPIError)
        -> (NearbySearchResponse, Date?)
    {
        let search = page.search
        let found = try await AnswerPage.of(
            search, from: service, hours: hours, offset: page.offset, size: PageToken.pageSize, withOpeningStates: true,
            now: now, zone: info.defaultTimeZone ?? TimeZone.current)
        let results = found.entries.map {
            PlaceResult(place: $0.hit.place, distance: $0.hit.distance, openNow: $0.opening?.isOpen, language: search.language)
        }
        let answer = NearbySearchResponse(
            status: results.isEmpty ? .zeroResults : .ok, results: results,
            nextPageToken: found.nextOffset.map { PageToken(search: search, offset: $0).encoded },
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
            let place = try await service.fetchPlace(id: id)
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
    private func failure(
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

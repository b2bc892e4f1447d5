import Foundation
import Hummingbird
import NearbyKit
import NearbyService

/// Google's Geocoding API: the places that answer an address in words
/// (`address`, `components`), the address at a position (`latlng`), or of
/// a place (`place_id`), from the data's own streets, addresses and
/// boundaries. As Google, every answer is HTTP 200
/// with the outcome in `status` (a missing or bad `latlng` is
/// `INVALID_REQUEST`, a position outside the data `ZERO_RESULTS`), which is
/// where Google's clients read it.
struct GeocodeController<Context: RequestContext>: Sendable {
    let service: any PlaceWebService
    let json: JSONBody
    let failures: FailureLog

    func addRoutes(to router: Router<Context>) {
        router.get("/maps/api/geocode/json") { request, _ in
            await geocode(request)
        }
    }

    func geocode(_ request: Request) async -> Response {
        do throws(NearbyAPIError) {
            let query = try RequestParsing.geocode(query: request.uri.query)
            let resolved: ResolvedAddress?
            switch query.subject {
            case .words(let words):
                return json.response(Self.answer(try await service.geocode(words), query))
            case .position(let position):
                resolved = try await service.address(at: position, language: query.language)
            case .place(let id):
                do throws(NearbyAPIError) {
                    resolved = try await Self.address(of: service.fetchPlace(id: id))
                } catch {
                    // Not a place: a street, an address or a town a forward answer or a prediction named.
                    guard case .unknownPlace = error else { throw error }
                    let element = try await service.geocode(.element(id, language: query.language))
                    guard !element.isEmpty else { throw error }
                    return json.response(Self.answer(element, query))
                }
            }
            var answer = GeocodeResponse(resolved, resultTypes: query.resultTypes)
            if !query.locationTypes.isEmpty {
                answer = GeocodeResponse(
                    status: .ok, results: answer.results.filter { query.locationTypes.contains($0.geometry.locationType) })
                if answer.results.isEmpty { answer.status = .zeroResults }
            }
            return json.response(answer)
        } catch {
            return failure(error)
        }
    }

    /// The forward answers of the types and location types asked.
    static func answer(_ candidates: [GeocodeCandidate], _ query: GeocodeQuery) -> GeocodeResponse {
        let results = candidates.map(GeocodeResult.init).filter { result in
            (query.resultTypes.isEmpty || !query.resultTypes.isDisjoint(with: result.types))
                && (query.locationTypes.isEmpty || query.locationTypes.contains(result.geometry.locationType))
        }
        return GeocodeResponse(status: results.isEmpty ? .zeroResults : .ok, results: results)
    }

    /// A place's own address, placed at the place.
    static func address(of place: Place) -> ResolvedAddress? {
        guard let address = place.address else { return nil }
        let here = AddressOrigin(id: place.id, location: LonLat(place.coordinate.longitude, place.coordinate.latitude))
        return ResolvedAddress(address: address, origins: [.streetNumber: here, .route: here])
    }

    private func failure(_ error: NearbyAPIError) -> Response {
        switch error.fault {
        case .request(let reason):
            return json.error(.invalidRequest, reason, http: .ok)
        case .unknownPlace:
            return json.error(.notFound, "Invalid request. The place_id names no place nearby knows.", http: .ok)
        case .service:
            failures.error("cannot answer: \(error.localizedDescription)")
            return json.error(.unknownError, "the places data is unavailable", http: .serviceUnavailable)
        }
    }
}

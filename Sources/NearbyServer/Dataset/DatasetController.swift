import Hummingbird
import NearbyService

/// `GET /api/dataset`: what the server serves (nearby's own endpoint, which
/// the HTTP client's `datasetInfo()` reads). Dates are ISO 8601.
struct DatasetController<Context: RequestContext>: Sendable {
    let service: any PlaceWebService
    let json: JSONBody
    let failures: FailureLog

    func addRoutes(to router: Router<Context>) {
        router.get("/api/dataset") { _, context in
            await dataset(context: context)
        }
    }

    func dataset(context: Context) async -> Response {
        do throws(NearbyAPIError) {
            return json.response(try await service.datasetInfo())
        } catch {
            failures.error("cannot answer: \(error.localizedDescription)")
            return json.error(.unknownError, "the places data is unavailable", http: .serviceUnavailable)
        }
    }
}

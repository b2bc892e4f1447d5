import NIOConcurrencyHelpers
import NearbyKit

/// A snapshot's `Geocoder`, built when first asked: a snapshot loaded or
/// brought forward by an update pays for the index only if a question in
/// words comes.
public final class LazyGeocoder: Sendable {
    private let built = NIOLockedValueBox<Geocoder?>(nil)

    public init() {}

    /// The answer, from the geocoder over `addresses` (read at the first question only).
    public func answer(
        _ request: GeocodeRequest, addresses: () throws(NearbyAPIError) -> AddressIndex
    ) throws(NearbyAPIError) -> [GeocodeCandidate] {
        let question = try request.read()
        if let geocoder = built.withLockedValue({ $0 }) { return geocoder.answer(question, request) }
        // Built outside the lock: two first questions at once build it twice, and neither waits on the other.
        let geocoder = Geocoder(try addresses())
        built.withLockedValue { $0 = $0 ?? geocoder }
        return geocoder.answer(question, request)
    }
}

extension GeocodeRequest {
    /// The question, or the API's refusal of its text.
    public func read() throws(NearbyAPIError) -> Question {
        do {
            return try question()
        } catch {
            throw .invalidRequest("Invalid request. Invalid 'address' parameter: \(error.description).")
        }
    }
}

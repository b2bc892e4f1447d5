import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService
import NearbyTestSupport
import Testing

/// Every store finds places by phone number as the in-memory one does: for
/// every fourth number of Monaco's places, as libphonenumber writes it in
/// E.164, the same places; for a number nobody has, none. (Each question
/// reads every place: a PostGIS store takes a quarter of a second for it.)
struct PhoneNumberContractTests {
    /// One question at a time, as before eeadd50: asked four at a time (`concurrentMap`), each
    /// reading every place, the questions once waited with no connection to PostgreSQL open and no
    /// timer set, the process idle for over 20 minutes until killed (a fresh clone's AddressSanitizer
    /// run, December 2026, the machine busy with builds). The time limit names such a hang, instead
    /// of leaving it to CI's step limit.
    @Test(.timeLimit(.minutes(10)))
    func everyStoreFindsPlacesByPhoneNumberAsTheInMemoryStore() async throws {
        let dataset = try GeoPackagePlaces(url: StoreContractTests.repository.appendingPathComponent("Data/places.gpkg")).dataset()
        let reference = LocalPlaceService(snapshot: InMemoryPlaces(dataset, loadedAt: Date()))
        let every = Set(dataset.places.flatMap(\.phoneNumbersE164)).sorted()
        // Monaco's places list 118 numbers, written in several ways; nearly all are valid.
        #expect(every.count > 100)
        let numbers = stride(from: 0, to: every.count, by: 4).map { every[$0] } + ["+37793152980", "+37793000000"]
        var expected: [String: [PlaceID]] = [:]
        for number in numbers { expected[number] = try await reference.places(withPhoneNumber: number).map(\.id) }
        #expect(expected["+37793152980"] == ["w157455610"], "Jardin Exotique, written +377 93 15 29 80")
        #expect(expected["+37793000000"] == [])
        try await StoreContractTests.forEachStore(holding: dataset) { [expected] name, store in
            for number in numbers {
                let found = try await store.places(withPhoneNumber: number).map(\.id)
                #expect(found == expected[number], "\(name): \(number)")
            }
        }
    }
}

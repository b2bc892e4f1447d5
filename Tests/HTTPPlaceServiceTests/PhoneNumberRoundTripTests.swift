import Foundation
import NearbyClient
import NearbyKit
import NearbyService
import Testing

/// The HTTP service finds places by phone number through the server's
/// findplacefromtext, as the local service finds them.
struct PhoneNumberRoundTripTests {
    @Test func placesByPhoneNumberComeBackAsTheLocalServiceGivesThem() async throws {
        let local = LocalPlaceService(dataURL: RoundTripTests.places)
        let numbers = ["+37793152980", "+37797985151", "+37793000000"]
        var expected: [[Place]] = []
        for number in numbers { expected.append(try await local.places(withPhoneNumber: number)) }
        #expect(expected.map(\.count) == [1, 1, 0])
        let remote = try await RoundTripTests().withServer { service in
            var found: [[Place]] = []
            for number in numbers { found.append(try await service.places(withPhoneNumber: number)) }
            return found
        }
        #expect(remote == expected)
    }
}

import Testing
@testable import NearbyKit

/// Reference distances from GeographicLib 2.1.2 (Debian geographiclib-tools),
/// an implementation independent of PROJ's:
///     echo "LAT1 LON1 LAT2 LON2" | GeodSolve -i -p 6    # third column, metres
struct GeodesicTests {
    static let user = try! Coordinate(latitude: 43.7384, longitude: 7.4246)

    @Test(arguments: [
        (43.7397159, 7.4276948, 289.016190),     // Café de Paris
        (43.747042, 7.4385701, 1479.292083),     // Jimmy'z Monte-Carlo
        (-33.8688, 151.2093, 16_720_829.748542), // Sydney
    ])
    func distanceFromTheCasinoGardens(lat: Double, lon: Double, metres: Double) throws {
        let place = try Coordinate(latitude: lat, longitude: lon)
        #expect(abs(Geodesic.distance(from: Self.user, to: place) - metres) < 1e-5)
    }

    @Test func nearlyAntipodalAndPolarPairs() throws {
        // echo "0 0 0.5 179.7" | GeodSolve -i -p 6 ; echo "89.9 0 89.9 180" | GeodSolve -i -p 6
        let d1 = Geodesic.distance(from: try Coordinate(latitude: 0, longitude: 0), to: try Coordinate(latitude: 0.5, longitude: 179.7))
        #expect(abs(d1 - 19_944_127.420750) < 1e-5)
        let d2 = Geodesic.distance(from: try Coordinate(latitude: 89.9, longitude: 0), to: try Coordinate(latitude: 89.9, longitude: 180))
        #expect(abs(d2 - 22_338.795683) < 1e-5)
    }

    @Test func milesAsTheOriginalShowedThem() {
        #expect(DistanceUnit.miles.format(metres: 289.016190) == "0.18 mi")
        #expect(DistanceUnit.kilometres.format(metres: 289.016190) == "0.29 km")
        #expect(DistanceUnit.miles.format(metres: 1609.344) == "1.00 mi")
    }
}

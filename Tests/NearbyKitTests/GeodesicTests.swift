import CProj
import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyKit

/// Reference distances from GeographicLib 2.1.2 (Debian geographiclib-tools),
/// an implementation independent of PROJ's:
///     echo "LAT1 LON1 LAT2 LON2" | GeodSolve -i -p 6    # third column, metres
struct GeodesicTests {
    static let user = try! Coordinate(latitude: 43.7384, longitude: 7.4246)

    @Test(arguments: [
        (43.7397159, 7.4276948, 289.016190),  // Café de Paris
        (43.747042, 7.4385701, 1479.292083),  // Jimmy'z Monte-Carlo
        (-33.8688, 151.2093, 16_720_829.748542),  // Sydney
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

    /// The fast formatter writes exactly what Foundation's `%.2f` writes:
    /// seeded distances from a millimetre to beyond the Earth, ties at the
    /// half hundredth, negatives, huge numbers, infinities and NaN.
    @Test func distancesReadAsFoundationWritesThem() {
        var random = SeededGenerator(seed: 2026_11_23)
        var values: [Double] = [
            0, -0.0, 0.005, 0.015, 0.125, 0.375, 1.005, 2.675, -1.005, 1e15, -1e300, 1e300,
            .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        for _ in 0..<200_000 { values.append(Double.random(in: 0...30_000_000, using: &random)) }
        for _ in 0..<20_000 { values.append(Double(Int.random(in: 0...100_000, using: &random)) / 200) }
        for metres in values {
            #expect(DistanceUnit.miles.format(metres: metres) == String(format: "%.2f mi", metres / DistanceUnit.metresPerMile))
            #expect(DistanceUnit.kilometres.format(metres: metres) == String(format: "%.2f km", metres / 1000))
        }
    }

    /// The short-line formula against PROJ's Karney inverse: pairs made with
    /// PROJ's direct problem from random starts (poles and the antimeridian
    /// included), random azimuths and lengths up to the cut-over, then both
    /// inverses compared. PROJ's own error is a few nanometres.
    @Test func shortLinesAgreeWithKarney() throws {
        var g = geod_geodesic()
        PROJ.functions.geod_init(&g, Geodesic.equatorialRadius, Geodesic.flattening)
        var generator = SeededGenerator(seed: 11)
        var worst = (error: 0.0, length: 0.0)
        for i in 0..<300_000 {
            let latitude =
                i % 10 == 0
                ? Double.random(in: 89...90, using: &generator) * (i % 20 == 0 ? 1 : -1)
                : Double.random(in: -90...90, using: &generator)
            let longitude =
                i % 10 == 5 ? 180 - Double.random(in: 0...0.5, using: &generator) : Double.random(in: -180...180, using: &generator)
            let start = try Coordinate(latitude: latitude, longitude: longitude)
            let length = [
                Double.random(in: 0...2, using: &generator), .random(in: 0...1500, using: &generator),
                .random(in: 0...Geodesic.shortLine, using: &generator),
            ][i % 3]
            var lat2 = 0.0, lon2 = 0.0
            PROJ.functions.geod_direct(
                &g, start.latitude, start.longitude, .random(in: 0..<360, using: &generator), length, &lat2, &lon2, nil)
            lon2 = lon2 > 180 ? lon2 - 360 : lon2 < -180 ? lon2 + 360 : lon2
            let end = try Coordinate(latitude: min(90, max(-90, lat2)), longitude: lon2)
            let error = abs(Geodesic.distance(from: start, to: end) - Geodesic.karney(from: start, to: end))
            if error > worst.error { worst = (error, length) }
        }
        #expect(worst.error < 1e-7, "worst disagreement \(worst.error) m on a \(worst.length) m line")
    }

    @Test func longLinesAreKarneys() throws {
        let monaco = try Coordinate(latitude: 43.7384, longitude: 7.4246), sanremo = try Coordinate(latitude: 43.8159, longitude: 7.7761)
        #expect(Geodesic.distance(from: monaco, to: sanremo) > Geodesic.shortLine)
        #expect(Geodesic.distance(from: monaco, to: sanremo) == Geodesic.karney(from: monaco, to: sanremo))
        #expect(Geodesic.distance(from: monaco, to: monaco) == 0)
    }
}

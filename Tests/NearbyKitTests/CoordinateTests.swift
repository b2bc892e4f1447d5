import Foundation
import Testing

@testable import NearbyKit

struct CoordinateTests {
    @Test(arguments: [(-90.0, -180.0), (90, 180), (0, 0), (43.7384, 7.4246)])
    func acceptsTheWholeGlobe(lat: Double, lon: Double) throws {
        let c = try Coordinate(latitude: lat, longitude: lon)
        #expect(c.latitude == lat && c.longitude == lon)
    }

    @Test func rejectsWhatNoPlaceHas() {
        #expect(throws: CoordinateError.latitudeOutOfRange(90.0001)) { try Coordinate(latitude: 90.0001, longitude: 0) }
        #expect(throws: CoordinateError.latitudeOutOfRange(-91)) { try Coordinate(latitude: -91, longitude: 0) }
        #expect(throws: CoordinateError.longitudeOutOfRange(180.5)) { try Coordinate(latitude: 0, longitude: 180.5) }
        #expect(throws: CoordinateError.notFinite("latitude")) { try Coordinate(latitude: .nan, longitude: 0) }
        #expect(throws: CoordinateError.notFinite("longitude")) { try Coordinate(latitude: 0, longitude: .infinity) }
    }

    @Test func decodesGeoJSONOrderAndValidates() throws {
        let c = try JSONDecoder().decode(Coordinate.self, from: Data("[7.4276948, 43.7397159]".utf8))
        #expect(c.latitude == 43.7397159 && c.longitude == 7.4276948)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: Data("[7.4, 95]".utf8)) }
    }
}

import Foundation
import NearbyKit
import NearbyService
import NearbyTestSupport
import Testing

@testable import NearbyGeoPackage

/// The address tables: written and read back whole; read around a position
/// in place, they answer as the whole held in memory does.
struct AddressTablesTests {
    static let store = Fixtures.repository.appendingPathComponent("Data/places.gpkg")

    @Test func theTablesAndTheComponentsReadBackAsWritten() throws {
        let dataset = try GeoPackagePlaces(url: Self.store).dataset()
        #expect(!dataset.addressSources.streets.isEmpty && !dataset.addressSources.areas.isEmpty)
        let scratch = try Scratch()
        let copy = scratch.url("copy.gpkg")
        try GeoPackageWriter.write(dataset, to: copy)
        let again = try GeoPackagePlaces(url: copy).dataset()
        #expect(again.addressSources == dataset.addressSources)
        #expect(again.places.map(\.address) == dataset.places.map(\.address))
        #expect(dataset.places.filter { $0.address?.components.isEmpty == false }.count == dataset.places.count)
    }

    /// 150 seeded positions over Monaco and around it (some outside the data):
    /// the rows read around each, indexed for that one question, give what
    /// the whole index in memory gives.
    @Test func aStoreInPlaceAnswersAsTheWholeInMemory() throws {
        let inPlace = try GeoPackagePlaces(url: Self.store)
        let memory = InMemoryPlaces(try inPlace.dataset(), loadedAt: Date())
        var random = SeededGenerator(seed: 28)
        var known = 0
        for _ in 0..<150 {
            let position = try Coordinate(
                latitude: Double.random(in: 43.70...43.78, using: &random), longitude: Double.random(in: 7.37...7.48, using: &random))
            let expected = memory.address(at: position, language: nil)
            #expect(try inPlace.address(at: position, language: nil) == expected, "\(position)")
            if expected != nil { known += 1 }
        }
        #expect(known > 90)
    }

    @Test func aStoreFromBeforeTheAddressTablesKnowsNoAddress() throws {
        let scratch = try Scratch()
        let old = scratch.url("old.gpkg")
        try FileManager.default.copyItem(at: Self.store, to: old)
        _ = try Fixtures.run(
            "sqlite3",
            [
                old.path,
                (AddressTables.all.map { "DROP TABLE \($0); DROP TABLE \(AddressTables.rtree($0));" }).joined()
                    + "ALTER TABLE places DROP COLUMN address_components;",
            ])
        let places = try GeoPackagePlaces(url: old)
        #expect(try places.address(at: Coordinate(latitude: 43.7384, longitude: 7.4246), language: nil) == nil)
        // Its places keep their formatted addresses, without parts.
        let cafe = try #require(try places.place(id: "n4316767531"))
        #expect(cafe.address?.formatted == "Place du Casino, 98000 Monaco")
        #expect(cafe.address?.components.isEmpty == true)
    }

    static func decode(_ bytes: [UInt8]) -> WKB.Shape? {
        bytes.withUnsafeBytes { try? GeoPackageGeometry.decode($0) }
    }

    @Test func aGeometryNearbyDidNotWriteIsRefusedNotTrusted() throws {
        // A MultiPolygon claiming more rings than its bytes hold.
        var bytes = GeoPackageGeometry.encode(.polygons([[[LonLat(0, 0), LonLat(1, 0), LonLat(1, 1), LonLat(0, 0)]]]))
        bytes[40 + 9 + 5] = 0xFF
        #expect(Self.decode(bytes) == nil)
        let shapes: [WKB.Shape] = [
            .point(LonLat(7.42, 43.73)), .lines([[LonLat(7.42, 43.73), LonLat(7.43, 43.74)]]),
            .polygons([
                [[LonLat(0, 0), LonLat(1, 0), LonLat(1, 1), LonLat(0, 0)], [LonLat(0.2, 0.2), LonLat(0.3, 0.2), LonLat(0.3, 0.3)]]
            ]),
        ]
        for shape in shapes {
            let encoded = GeoPackageGeometry.encode(shape)
            #expect(Self.decode(encoded) == shape)
        }
    }
}

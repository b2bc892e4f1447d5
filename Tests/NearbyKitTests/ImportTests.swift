import Foundation
import Testing
@testable import NearbyKit

struct ImportTests {
    /// The committed dataset is exactly what the importer makes of the committed extract.
    @Test func reimportingMonacoReproducesTheCommittedDataset() throws {
        let importer = OSMImporter(osmium: try OSMImporter.locateOsmium(), timeZone: "Europe/Monaco")
        let (dataset, report) = try importer.run(input: Repository.extract)
        let committed = try Data(contentsOf: Repository.places)
        #expect(dataset.encoded() == committed)
        #expect(report.imported == dataset.places.count)
        #expect(report.skipped[.noCategory, default: 0] > 0)
        #expect(report.skipped[.unnamed, default: 0] > 0)
    }

    @Test func areasBecomeAPointInsideThem() throws {
        let dataset = try PlacesDataset.load(from: Repository.places)
        #expect(dataset.places.contains { $0.id.hasPrefix("w") })
        #expect(dataset.places.contains { $0.id.hasPrefix("r") })
    }

    @Test func aMissingExtractIsReported() throws {
        let importer = OSMImporter(osmium: try OSMImporter.locateOsmium())
        #expect(throws: ImportError.inputMissing("/nonexistent.osm.pbf")) {
            try importer.run(input: URL(fileURLWithPath: "/nonexistent.osm.pbf"))
        }
    }

    @Test func aFileThatIsNotAnExtractIsReported() throws {
        let bogus = FileManager.default.temporaryDirectory.appendingPathComponent("bogus-\(UUID()).osm.pbf")
        try Data("not a pbf".utf8).write(to: bogus)
        defer { try? FileManager.default.removeItem(at: bogus) }
        let importer = OSMImporter(osmium: try OSMImporter.locateOsmium())
        #expect {
            try importer.run(input: bogus)
        } throws: { error in
            if case ImportError.osmiumFailed = error { return true } else { return false }
        }
    }
}

struct InteriorPointTests {
    /// A U shape: its centroid (2, ~1.7) lies in the notch, outside.
    @Test func aUShapedAreaGetsAPointInsideIt() throws {
        let u: InteriorPoint.Polygon = [[(0, 0), (4, 0), (4, 4), (3, 4), (3, 1), (1, 1), (1, 4), (0, 4)]]
        let p = try #require(InteriorPoint.of(u))
        #expect(contains(u, p))
    }

    @Test func aCourtyardIsNotInside() throws {
        let ring: InteriorPoint.Polygon = [[(0, 0), (10, 0), (10, 10), (0, 10)], [(1, 1), (9, 1), (9, 9), (1, 9)]]
        let p = try #require(InteriorPoint.of(ring))
        #expect(contains(ring, p))
    }

    @Test func theLargestPartOfAMultipolygonIsUsed() throws {
        let small: InteriorPoint.Polygon = [[(0, 0), (1, 0), (1, 1), (0, 1)]]
        let large: InteriorPoint.Polygon = [[(10, 10), (20, 10), (20, 20), (10, 20)]]
        let p = try #require(InteriorPoint.of([small, large]))
        #expect(contains(large, p))
    }

    /// Even-odd rule over every ring.
    private func contains(_ polygon: InteriorPoint.Polygon, _ p: InteriorPoint.Point) -> Bool {
        var inside = false
        for ring in polygon {
            for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) where (a.y > p.y) != (b.y > p.y) {
                if p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
            }
        }
        return inside
    }
}

struct OSMCategoryRulesTests {
    @Test func theOriginalFourAndTheirSynonyms() {
        #expect(OSMCategoryRules.categories(for: ["amenity": "fast_food"]) == [.restaurant])
        #expect(OSMCategoryRules.categories(for: ["amenity": "nightclub"]) == [.nightclub])
        #expect(OSMCategoryRules.categories(for: ["amenity": "atm"]) == [.atm])
        #expect(OSMCategoryRules.categories(for: ["amenity": "bank", "atm": "yes"]) == [.bank, .atm])
        #expect(OSMCategoryRules.categories(for: ["amenity": "pub"]) == [.bar])
        #expect(OSMCategoryRules.categories(for: ["tourism": "guest_house"]) == [.hotel])
        #expect(OSMCategoryRules.categories(for: ["shop": "convenience"]) == [.supermarket])
    }

    @Test func aHotelWithARestaurantIsFirstARestaurant() {
        #expect(OSMCategoryRules.categories(for: ["tourism": "hotel", "amenity": "restaurant"]) == [.restaurant, .hotel])
    }

    @Test func unknownTagsMakeNoCategory() {
        #expect(OSMCategoryRules.categories(for: ["amenity": "bench"]).isEmpty)
        #expect(OSMCategoryRules.categories(for: ["highway": "primary"]).isEmpty)
    }

    @Test func userInputNamesCategories() {
        #expect(PlaceCategory(userInput: "cafes") == .cafe)
        #expect(PlaceCategory(userInput: "Café") == .cafe)
        #expect(PlaceCategory(userInput: "ATMs") == .atm)
        #expect(PlaceCategory(userInput: "night club") == .nightclub)
        #expect(PlaceCategory(userInput: "post-office") == .postOffice)
        #expect(PlaceCategory(userInput: "spaceport") == nil)
    }
}

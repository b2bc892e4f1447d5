import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService
import Testing

/// A written GeoPackage reads back as the same places, and GDAL — an
/// independent reader, the one QGIS uses — opens it as it is.
@Suite struct GeoPackageWriterTests {
    @Test func readsBackTheSamePlacesAndWhatTheyAre() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        let importedAt = Date(timeIntervalSince1970: 1_700_000_000.25)
        try GeoPackageWriter.write(Fixtures.monaco, to: file, importedAt: importedAt)

        let store = try GeoPackagePlaces(url: file)
        let dataset = try store.dataset()
        #expect(dataset.places == Fixtures.monaco.places)
        #expect(dataset.attribution == "© OpenStreetMap contributors")
        #expect(dataset.license == "ODbL-1.0")
        #expect(dataset.timeZone == "Europe/Monaco")
        #expect(dataset.source == "monaco.osm.pbf")
        #expect(store.info.placeCount == 803)
        #expect(store.info.categoryCounts == DatasetInfo(dataset: Fixtures.monaco, loadedAt: importedAt).categoryCounts)
        // The middle the in-memory store works out, kept rather than read from every row.
        #expect(store.info.center == Fixtures.monaco.center)
        // One place read by id carries the dataset's time zone, as the in-memory store's do.
        let cafe = try #require(try store.place(id: "n4316767531"))
        #expect(cafe.name == "Café de Paris")
        #expect(cafe.timeZone == "Europe/Monaco")
        #expect(try PlacesFile.format(of: file) == .geoPackage)
        #expect(try PlacesFile.format(of: Fixtures.monacoGeoJSON) == .geoJSON)
    }

    @Test func gdalOpensItAsAPointLayerWithTheSameFeatures() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)

        let summary = try Fixtures.run("ogrinfo", ["-so", "-ro", file.path, "places"])
        #expect(summary.contains("using driver `GPKG' successful"))
        #expect(summary.contains("Geometry: Point"))
        #expect(summary.contains("Feature Count: 803"))
        #expect(summary.contains("ID[\"EPSG\",4326]"))
        let layers = try Fixtures.run("ogrinfo", ["-ro", "-q", file.path])
        #expect(layers.contains("1: places (Point)"))
        // The address tables are layers of their own (empty here: the fixture is a GeoJSON, which keeps none).
        #expect(layers.contains("2: address_streets (Multi Line String)"))
        #expect(layers.contains("4: address_areas (Multi Polygon)"))
        #expect(layers.contains("5: address_places (Point)"))
        #expect(layers.contains("6: nearby_dataset (None)"))

        // A known feature, its attributes as GDAL reads them (OpenStreetMap node 4316767531).
        let feature = try Fixtures.run("ogrinfo", ["-ro", "-q", file.path, "places", "-where", "id = 'n4316767531'"])
        #expect(feature.contains("name (String) = Café de Paris"))
        #expect(feature.contains("category (String) = cafe"))
        #expect(feature.contains("website (String) = https://fr.montecarlosbm.com/restaurant-monaco/brasseries/"))
        #expect(feature.contains("POINT (7.4276948 43.7397159)"))
        // GDAL's own use of the R*Tree: a spatial filter around the Casino square.
        let nearCasino = try Fixtures.run("ogrinfo", ["-ro", "-q", file.path, "places", "-spat", "7.427", "43.739", "7.429", "43.741"])
        let expected = Fixtures.monaco.places.filter {
            (7.427...7.429).contains($0.coordinate.longitude) && (43.739...43.741).contains($0.coordinate.latitude)
        }
        #expect(nearCasino.components(separatedBy: "OGRFeature(places)").count - 1 == expected.count)
        #expect(expected.count > 5)

        let metadata = try Fixtures.run("ogrinfo", ["-ro", "-q", file.path, "nearby_dataset"])
        #expect(metadata.contains("value (String) = © OpenStreetMap contributors"))
        #expect(metadata.contains("value (String) = Europe/Monaco"))
    }

    /// The index SQLite itself reads: folded words, category tokens, grid
    /// cells, and the typo dictionary.
    @Test func theNameIndexHoldsFoldedWordsKindsCellsAndTypos() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        let found = try Fixtures.run(
            "sqlite3",
            [
                file.path,
                """
                SELECT p.id FROM places_search s JOIN places p ON p.fid = s.rowid
                WHERE places_search MATCH 'names : cafe AND names : paris AND kinds : cafe AND cells : f1337x1874'
                """,
            ])
        #expect(found.split(separator: "\n") == ["n4316767531"])
        let near = try Fixtures.run("sqlite3", [file.path, "SELECT word FROM places_search_words WHERE variant = 'pars'"])
        #expect(near.split(separator: "\n").contains("paris"))
    }

    /// Names in scripts with marks, tone marks and no spaces are found in the
    /// file as in memory: each folded word is one token of the index.
    @Test func namesInEveryScriptAreFoundAsInMemory() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        var dataset = Fixtures.monaco
        let names = ["ร้านอาหาร สยาม", "हिंदी भवन", "Ρεστοράν Ακρόπολη", "東京タワー", "Straße der Einheit", "Ẓabīḥa Kebab"]
        for (i, name) in names.enumerated() {
            dataset.places.append(
                Place(
                    id: "n\(900_000 + i)", name: name, category: .restaurant,
                    coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246 + Double(i) * 0.0001)))
        }
        try GeoPackageWriter.write(dataset, to: file)
        let store = try GeoPackagePlaces(url: file)
        let memory = InMemoryPlaces(dataset, loadedAt: Date())
        for text in ["ราน", "รานอาหาร สยาม", "हिं", "हिंदी", "ακροπ", "Ρεστοράν", "東京", "strasse einheit", "zabiha", "kebba"] {
            let query = PlaceQuery(center: try Coordinate(latitude: 43.7384, longitude: 7.4246), radius: 2000, keyword: text)
            let expected = memory.places(matching: query).map(\.place.id)
            #expect(!expected.isEmpty, "\(text)")
            #expect(try store.places(matching: query).map(\.place.id) == expected, "\(text)")
        }
    }

    /// A store written before the index answers a name search all the same, by reading every place in range.
    @Test func aStoreWithoutTheNameIndexAnswersTheSame() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        let query = PlaceQuery(center: try Coordinate(latitude: 43.7384, longitude: 7.4246), radius: 3000, keyword: "caf par")
        let indexed = try GeoPackagePlaces(url: file).places(matching: query).map(\.place.id)
        _ = try Fixtures.run("sqlite3", [file.path, "DROP TABLE places_search; DROP TABLE places_search_words;"])
        #expect(try GeoPackagePlaces(url: file).places(matching: query).map(\.place.id) == indexed)
        #expect(indexed.first == "n4316767531")
    }

    @Test func aServerStillReadingTheOldFileKeepsItsAnswersAfterAnImport() async throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        let old = try GeoPackagePlaces(url: file)
        var smaller = Fixtures.monaco
        smaller.places = Array(smaller.places.prefix(10))
        try GeoPackageWriter.write(smaller, to: file)

        #expect(old.info.placeCount == 803)
        let query = PlaceQuery(center: try Coordinate(latitude: 43.7384, longitude: 7.4246), radius: 5000)
        #expect(try old.places(matching: query).count == 803)
        #expect(try GeoPackagePlaces(url: file).places(matching: query).count == 10)
        // A service reloading the path answers from the new file, and only then.
        let service = LocalPlaceService(dataURL: file, open: PlacesFile.openInPlace)
        #expect(try await service.fetchPlaces(query).count == 10)
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        #expect(try await service.fetchPlaces(query).count == 10)
        try await service.reload()
        #expect(try await service.fetchPlaces(query).count == 803)
        // Nothing is left beside it: no temporary file, no journal.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path) == ["places.gpkg"])
    }

    @Test func aFailedWriteLeavesTheStoreThatWasThere() throws {
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        var duplicated = Fixtures.monaco
        duplicated.places.append(duplicated.places[0])  // the id column is unique: the write fails part way
        #expect(throws: AtomicFile.WriteError.self) { try GeoPackageWriter.write(duplicated, to: file) }
        #expect(try GeoPackagePlaces(url: file).info.placeCount == 803)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path) == ["places.gpkg"])
    }

    @Test func refusesToWriteADatabaseIntoAPipeOrOverItsInput() throws {
        #expect(
            throws: AtomicFile.WriteError.unsuitableTarget(
                "/dev/null",
                reason: "a GeoPackage is a database file, which a FIFO or a device cannot hold (write GeoJSON to a pipe: --format geojson)")
        ) {
            try GeoPackageWriter.write(Fixtures.monaco, to: URL(fileURLWithPath: "/dev/null"))
        }
        let scratch = try Scratch()
        let file = scratch.url("places.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        #expect(throws: AtomicFile.WriteError.isAnInput(file.path)) {
            try GeoPackageWriter.write(Fixtures.monaco, to: file, inputs: FileIdentity.of([file]))
        }
    }
}

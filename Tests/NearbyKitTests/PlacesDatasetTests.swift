import Foundation
import Testing

@testable import NearbyKit

struct PlacesDatasetTests {
    static func decode(_ json: String) throws(DatasetError) -> PlacesDataset {
        try PlacesDataset.decode(Data(json.utf8), path: "test.geojson")
    }

    static func feature(_ id: String, category: String = "cafe", coordinates: String = "[7.4, 43.7]", name: String = "\"A\"") -> String {
        #"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":\#(coordinates)},"#
            + #""properties":{"name":\#(name),"category":"\#(category)"}}"#
    }

    static func collection(_ features: String...) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    @Test func theMonacoDatasetLoads() throws {
        let dataset = try PlacesDataset.load(from: Repository.places)
        #expect(dataset.places.count > 200)
        #expect(dataset.timeZone == "Europe/Monaco")
        #expect(dataset.attribution == "© OpenStreetMap contributors")
        let cafe = try #require(dataset.places.first { $0.id == "n4316767531" })
        #expect(cafe.name == "Café de Paris" && cafe.category == .cafe)
        #expect(cafe.coordinate.latitude == 43.7397159 && cafe.coordinate.longitude == 7.4276948)
    }

    @Test func encodingRoundTrips() throws {
        let dataset = try PlacesDataset.load(from: Repository.places)
        let again = try PlacesDataset.decode(dataset.encoded(), path: "memory")
        #expect(again.places == dataset.places)
        #expect(again.encoded() == dataset.encoded())
    }

    /// Where the data stands in OpenStreetMap's replication: read from the extract's header at import
    /// (Data/monaco.osm.pbf's, as `osmium fileinfo -j Data/monaco.osm.pbf` prints it), kept in the file.
    @Test func theReplicationStateIsKept() throws {
        let dataset = try PlacesDataset.load(from: Repository.places)
        let state = try #require(dataset.replication)
        #expect(ReplicationState.text(try #require(state.timestamp)) == "2021-04-21T20:21:46Z")
        #expect(state.sequence == 2947 && state.baseURL == "http://download.geofabrik.de/europe/monaco-updates")
        #expect(try PlacesDataset.decode(dataset.encoded(), path: "memory").replication == state)
        // A header that says nothing readable records nothing.
        #expect(ReplicationState(headerOptions: ["osmosis_replication_timestamp": "yesterday", "generator": "osmium"]).isEmpty)
        #expect(ReplicationState(headerOptions: ["osmosis_replication_sequence_number": "-3"]).isEmpty)
        #expect(throws: DatasetError.self) {
            try Self.decode(#"{"type":"FeatureCollection","replication":{"timestamp":"yesterday"},"features":[]}"#)
        }
        #expect(throws: DatasetError.self) {
            try Self.decode(#"{"type":"FeatureCollection","replication":{"sequence":-1},"features":[]}"#)
        }
    }

    @Test func anUnknownCategoryIsSkippedAndCounted() throws {
        let dataset = try Self.decode(
            Self.collection(Self.feature("n1"), Self.feature("n2", category: "spaceport"), Self.feature("n3", category: "spaceport")))
        #expect(dataset.places.map(\.id) == ["n1"])
        #expect(dataset.skippedUnknownCategories == ["spaceport": 2])
    }

    @Test func errorsNameTheFileAndTheFeature() {
        #expect(throws: DatasetError.invalid(path: "test.geojson", location: "feature 1 (properties.name)", reason: "expected a string")) {
            try Self.decode(Self.collection(Self.feature("n1"), Self.feature("n2", name: "5")))
        }
        #expect(throws: DatasetError.invalid(path: "test.geojson", location: "feature 0 (n1)", reason: "latitude 95.0 is outside -90…90")) {
            try Self.decode(Self.collection(Self.feature("n1", coordinates: "[7, 95]")))
        }
        #expect(throws: DatasetError.invalid(path: "test.geojson", location: "feature 1 (n1)", reason: "id n1 appears twice")) {
            try Self.decode(Self.collection(Self.feature("n1"), Self.feature("n1")))
        }
        #expect(
            throws: DatasetError.invalid(
                path: "test.geojson", location: "top level", reason: #"type is "Feature", expected "FeatureCollection""#)
        ) {
            try Self.decode(#"{"type":"Feature","features":[]}"#)
        }
        #expect(throws: DatasetError.self) { try Self.decode("{not json") }
    }

    @Test func aMissingFileIsMissing() {
        #expect(throws: DatasetError.missing(path: "/nonexistent/places.geojson")) {
            try PlacesDataset.load(from: URL(fileURLWithPath: "/nonexistent/places.geojson"))
        }
    }
}

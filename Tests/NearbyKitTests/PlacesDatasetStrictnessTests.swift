import Foundation
import Testing

@testable import NearbyKit

/// What a dataset must be, and the sentences that say what is wrong.
struct PlacesDatasetStrictnessTests {
    typealias T = PlacesDatasetTests

    static func lineString(_ id: String) -> String {
        #"{"type":"Feature","id":"\#(id)","geometry":{"type":"LineString","coordinates":[[7.4,43.7],[7.5,43.8]]},"#
            + #""properties":{"name":"A","category":"cafe"}}"#
    }

    @Test func aFeatureThatIsNotAPointSaysSo() {
        #expect(
            throws: DatasetError.invalid(
                path: "test.geojson", location: "feature 1 (w2)", reason: #"the geometry must be a Point, not "LineString""#)
        ) {
            try T.decode(T.collection(T.feature("n1"), Self.lineString("w2")))
        }
    }

    @Test func emptyNamesAreRejected() {
        for name in [#""""#, #""  ""#, #""\n\t""#] {
            #expect(throws: DatasetError.invalid(path: "test.geojson", location: "feature 0 (n1)", reason: "the name is empty")) {
                try T.decode(T.collection(T.feature("n1", name: name)))
            }
        }
    }

    @Test func aBogusTimeZoneIsRejected() {
        #expect(
            throws: DatasetError.invalid(
                path: "test.geojson", location: "top level",
                reason: #"timezone "Mars/Olympus" is not an IANA time zone (such as Europe/Monaco)"#)
        ) {
            try T.decode(#"{"type":"FeatureCollection","timezone":"Mars/Olympus","features":[]}"#)
        }
        let feature =
            #"{"type":"Feature","id":"n1","geometry":{"type":"Point","coordinates":[7.4,43.7]},"#
            + #""properties":{"name":"A","category":"cafe","timezone":"Europe/Atlantis"}}"#
        #expect(
            throws: DatasetError.invalid(
                path: "test.geojson", location: "feature 0 (n1)",
                reason: #"timezone "Europe/Atlantis" is not an IANA time zone (such as Europe/Monaco)"#)
        ) {
            try T.decode(T.collection(feature))
        }
    }

    /// swift-corelibs-foundation's reader stops at 512 levels; JSON that is
    /// valid but deeper must not be called invalid.
    @Test func deepButValidJSONSaysHowDeep() throws {
        func nested(_ levels: Int) -> String {
            #"{"type":"FeatureCollection","features":[],"extra":"#
                + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "}"
        }
        #expect(throws: Never.self) { try T.decode(nested(512)) }
        #expect(
            throws: DatasetError.invalid(
                path: "test.geojson", location: "top level",
                reason: "arrays and objects nested more than 512 deep, which the JSON reader refuses")
        ) {
            try T.decode(nested(513))
        }
        #expect(throws: DatasetError.invalid(path: "test.geojson", location: "top level", reason: "not valid JSON")) {
            try T.decode(#"{"type":"FeatureCollection","features":[}"#)
        }
        // Brackets inside strings do not count.
        #expect(JSONNesting.depth(of: Array(#"{"a":"[[[[\"[[","b":[1]}"#.utf8)) == 2)
    }

    @Test func readingErrorsAreSentences() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dataset-dir-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: DatasetError.unreadable(path: directory.path, reason: "it is a directory, not a file")) {
            try PlacesDataset.load(from: directory)
        }
        // A FIFO would block a plain read for ever.
        let fifo = directory.appendingPathComponent("places.geojson")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: DatasetError.unreadable(path: fifo.path, reason: "it is not a regular file (a device, pipe or socket)")) {
            try PlacesDataset.load(from: fifo)
        }
        // A file where a directory should be is as missing as no file.
        let underAFile = Repository.places.appendingPathComponent("places.geojson")
        #expect(throws: DatasetError.missing(path: underAFile.path)) { try PlacesDataset.load(from: underAFile) }
    }

    @Test func messagesSpellOutControlCharactersFromTheFile() throws {
        let error = try #require(throws: DatasetError.self) {
            try T.decode(#"{"type":"Feature\u001b[2J\n","features":[]}"#)
        }
        #expect(
            error.errorDescription
                == #"invalid places dataset test.geojson, top level: type is "Feature\u{1b}[2J\u{a}", expected "FeatureCollection""#)
    }

    /// The Monaco dataset with every bank renamed to a category nearby does
    /// not know: each is left out and counted, the rest load as before.
    @Test func unknownCategoriesInTheMonacoDataAreCounted() throws {
        let data = try Data(contentsOf: Repository.places)
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var features = try #require(json["features"] as? [[String: Any]])
        var renamed = 0
        for index in features.indices {
            var properties = try #require(features[index]["properties"] as? [String: Any])
            if properties["category"] as? String == "bank" {
                properties["category"] = "credit_union"
                renamed += 1
            }
            features[index]["properties"] = properties
        }
        json["features"] = features
        let original = try PlacesDataset.decode(data, path: "places.geojson")
        let changed = try PlacesDataset.decode(try JSONSerialization.data(withJSONObject: json), path: "changed.geojson")
        #expect(renamed > 5)
        #expect(original.skippedUnknownCategories.isEmpty)
        #expect(changed.skippedUnknownCategories == ["credit_union": renamed])
        #expect(changed.places.count == original.places.count - renamed)
        #expect(!changed.places.contains { $0.category == .bank })
    }
}

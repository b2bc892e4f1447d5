import Foundation
import NearbyKit
import Testing

/// Names come from whoever edited OpenStreetMap: an escape sequence or a
/// newline in one must reach the terminal as visible text, never as a
/// command to the terminal or a line of output of its own.
struct TerminalInjectionTests {
    static let hostile = "Café\u{1B}]0;pwned\u{07}\nnearby: refreshed pid 1\u{1B}[2J\u{202E}sirap"

    func dataset() throws -> URL {
        var dataset = try PlacesDataset.load(from: NearbyBinary.repository.appendingPathComponent("Data/places.geojson"))
        // Café de Paris, and Le Palace Café: the home feed's nearest place to eat.
        for id in ["n4316767531", "n3087468543"] {
            let index = try #require(dataset.places.firstIndex { $0.id == id })
            dataset.places[index].name = Self.hostile
            dataset.places[index].address = PostalAddress(
                components: [
                    AddressComponent(.streetNumber, "1", rule: .tags), AddressComponent(.route, "rue\u{1B}[31m rouge", rule: .tags),
                ])
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-hostile-\(UUID().uuidString).geojson")
        try dataset.encoded().write(to: url)
        return url
    }

    @Test(arguments: [
        ["list", "--lat", "43.7384", "--lon", "7.4246", "--category", "cafe"],
        ["list", "--lat", "43.7384", "--lon", "7.4246"],
        ["show", "n4316767531"],
    ])
    func controlCharactersFromTheDataAreShownNotObeyed(arguments: [String]) throws {
        let data = try dataset()
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try NearbyBinary.run(arguments + ["--data", data.path])
        #expect(run.status == 0)
        #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(!run.stdout.contains("\nnearby: refreshed"))
        #expect(run.stdout.contains("Café\\u{1b}]0;pwned\\u{7}\\u{a}n"))
    }

    /// What the user typed comes back in the message that refuses it: escaped
    /// there too, whichever message it is (`StandardError` escapes every line).
    @Test(
        arguments: [
            (["show", "n1\u{1B}[2J"], 64),
            (["list", "--lat", "43.7384", "--lon", "7.4246", "--tz", "\u{1B}[2J"], 64),
            (["import", "Data/monaco.osm.pbf", "--timezone", "\u{1B}[2J", "--out", "/tmp/nearby-unused.gpkg"], 64),
            (["list", "--lat", "43.7384", "--lon", "7.4246", "--units", "\u{1B}[2J"], 64),
            (["list", "--lat", "43.7384", "--lon", "7.4246", "--data", "/nonexistent/\u{1B}[2J.gpkg"], 66),
            (["show", "n4316767531", "--png", "/nonexistent\u{1B}[2J/map.png"], 73),
            (["export", "--out", "/nonexistent\u{1B}[2J/places.geojson"], 73),
            (["frobnicate\u{1B}[2J"], 64),
        ] as [([String], Int32)])
    func controlCharactersFromTheCommandLineAreShownNotObeyed(arguments: [String], status: Int32) throws {
        let run = try NearbyBinary.run(arguments)
        #expect(run.status == status)
        #expect(run.stderr.hasPrefix("nearby: "))
        #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B })
        #expect(run.stderr.contains("\\u{1b}[2J"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func jsonKeepsTheNameAsItIsEscapedForJSON() throws {
        let data = try dataset()
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try NearbyBinary.run(["show", "n4316767531", "--json", "--data", data.path])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == Self.hostile)
        #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B })
    }
}

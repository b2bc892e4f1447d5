import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyKit

/// The fixture of the live-data tests: `Tools/make-changed-extract` makes
/// version B of the Monaco extract A with every kind of edit an update must
/// follow, and `osmium derive-changes A B` the change file D between them.
/// Here: D carries all of B (A with D applied by osmium imports exactly as
/// B), and each edit the script says it made shows in the import of B.
struct ChangedExtractTests {
    struct Manifest: Decodable {
        struct Edit: Decodable {
            var id: String
            var name: String?
            var from: String?
            var to: String?
        }
        struct Move: Decodable {
            var id: String
            var to: [Double]
        }
        struct Relation: Decodable {
            var id: String
            var to: String
            var is_place: Bool
        }
        var renamed, retagged, rehoured, deleted, unplaced, placed, building, street: Edit
        var moved: Move
        var relation: Relation
        var added: [Edit]
    }

    @Test func theChangeFileCarriesEveryEditAndTheImportSeesEachOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-changed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (b, changes, applied, manifestFile) = (
            folder.appendingPathComponent("b.osm.pbf"), folder.appendingPathComponent("d.osc.gz"),
            folder.appendingPathComponent("a+d.osm.pbf"), folder.appendingPathComponent("manifest.json")
        )
        let script = Repository.root.appendingPathComponent("Tools/make-changed-extract")
        let made = try ChildProcess.run(
            script, [Repository.extract.path, b.path, "--changes", changes.path, "--manifest", manifestFile.path])
        try #require(made.status == 0, "\(made.stderr)")
        let osmium = try OSMImporter.locateOsmium()
        let apply = try ChildProcess.run(osmium, ["apply-changes", Repository.extract.path, changes.path, "-o", applied.path])
        try #require(apply.status == 0, "\(apply.stderr)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestFile))

        let importer = OSMImporter(osmium: osmium, timeZone: "Europe/Monaco")
        let before = try PlacesDataset.load(from: Repository.places)
        let after = try importer.run(input: b).0
        #expect(try importer.run(input: applied).0.places == after.places)

        let old = Dictionary(uniqueKeysWithValues: before.places.map { ($0.id, $0) })
        let new = Dictionary(uniqueKeysWithValues: after.places.map { ($0.id, $0) })
        #expect(new[manifest.renamed.id]?.name == manifest.renamed.to)
        #expect(old[manifest.retagged.id]?.category == .restaurant && new[manifest.retagged.id]?.category == .cafe)
        #expect(new[manifest.rehoured.id]?.openingHours == manifest.rehoured.to)
        let moved = try #require(new[manifest.moved.id])
        #expect(
            abs(moved.coordinate.latitude - manifest.moved.to[0]) < 1e-7 && abs(moved.coordinate.longitude - manifest.moved.to[1]) < 1e-7)
        for gone in [manifest.deleted.id, manifest.unplaced.id] {
            #expect(old[gone] != nil && new[gone] == nil, "\(gone)")
        }
        #expect(old[manifest.placed.id] == nil && new[manifest.placed.id]?.name == manifest.placed.name)
        for added in manifest.added {
            #expect(new[added.id]?.name == added.name && new[added.id]?.category == .cafe, "\(added.id)")
        }
        // The building's way is not in D, only its nodes: it moved with them, 0.0003° east.
        let building = try #require(old[manifest.building.id])
        let movedBuilding = try #require(new[manifest.building.id])
        #expect(abs(movedBuilding.coordinate.longitude - building.coordinate.longitude - 0.0003) < 0.00002)
        #expect(abs(movedBuilding.coordinate.latitude - building.coordinate.latitude) < 0.00002)
        #expect(manifest.relation.is_place && new[manifest.relation.id]?.name == manifest.relation.to)
        // Every address derived from the renamed street now names the new one.
        func streetNames(_ place: Place?) -> [String] {
            (place?.address?.components ?? []).filter { $0.kind == .route && $0.rule == .street }.map(\.longName)
        }
        let derived = before.places.filter { streetNames($0) == [manifest.street.from] }.map(\.id)
        #expect(!derived.isEmpty)
        for id in derived where new[id] != nil {
            #expect(streetNames(new[id]) == [manifest.street.to], "\(id)")
        }
        #expect(!after.places.contains { streetNames($0) == [manifest.street.from] })
    }
}

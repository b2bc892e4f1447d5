import Foundation
import NearbyKit
import NearbyUpdate
import PostgresNIO
import Testing

@testable import NearbyPostGIS

/// The change files updates in place keep beside a store's extract
/// (`ExtractTable.keep`): reading the extract applies them, and folding them
/// in at `changesToFold` leaves the same extract, with none kept.
@Suite(TestDatabase.required)
struct ExtractChangesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theExtractReadsAsItsChangesAppliedBeforeAndAfterTheyAreFolded() async throws {
        let url = try TestDatabase.scratch()
        let connection = try await url.connect()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-fold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let extract = Self.repository.appendingPathComponent("Data/monaco.osm.pbf")
        // A café added, then moved, then nothing: change files as a feed has them.
        let added = folder.appendingPathComponent("1.osc")
        try Data(Self.change(action: "create", version: 1, latitude: 43.7384).utf8).write(to: added)
        let moved = folder.appendingPathComponent("2.osc")
        try Data(Self.change(action: "modify", version: 2, latitude: 43.7390).utf8).write(to: moved)
        let empty = folder.appendingPathComponent("3.osc")
        try Data("<?xml version='1.0' encoding='UTF-8'?>\n<osmChange version=\"0.6\" generator=\"test\">\n</osmChange>\n".utf8)
            .write(to: empty)
        let osmium = try OSMImporter.locateOsmium()
        let expected = folder.appendingPathComponent("expected.osm.pbf")
        try OSMUpdate.apply([added, moved], to: extract, output: expected, osmium: osmium)

        let table = PlacesTable(schema: url.schema)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(table.quotedSchema)"), logger: TestDatabase.logger)
            try await connection.query(PostgresQuery(unsafeSQL: ExtractTable.create(table.extract)), logger: TestDatabase.logger)
            try await ExtractTable.insert(extract, into: table.extract, on: connection, logger: TestDatabase.logger)
            try await ExtractTable.keep([added, moved], in: table.extractChanges, on: connection, logger: TestDatabase.logger)
            let unfolded = folder.appendingPathComponent("unfolded.osm.pbf")
            #expect(
                try await ExtractTable.copy(
                    table.extract, changes: table.extractChanges, to: unfolded, on: connection, logger: TestDatabase.logger))
            #expect(try Self.objects(unfolded, osmium: osmium) == Self.objects(expected, osmium: osmium))

            for _ in 2..<(ExtractTable.changesToFold - 1) {
                try await ExtractTable.keep([empty], in: table.extractChanges, on: connection, logger: TestDatabase.logger)
            }
            // One short of folding, then the one that does.
            try await ExtractTable.foldChanges(
                table.extract, changes: table.extractChanges, scratch: folder, on: connection, logger: TestDatabase.logger)
            #expect(try await Self.kept(table, on: connection) == ExtractTable.changesToFold - 1)
            try await ExtractTable.keep([empty], in: table.extractChanges, on: connection, logger: TestDatabase.logger)
            try await ExtractTable.foldChanges(
                table.extract, changes: table.extractChanges, scratch: folder, on: connection, logger: TestDatabase.logger)
            #expect(try await Self.kept(table, on: connection) == 0)
            let folded = folder.appendingPathComponent("folded-copy.osm.pbf")
            #expect(
                try await ExtractTable.copy(
                    table.extract, changes: table.extractChanges, to: folded, on: connection, logger: TestDatabase.logger))
            #expect(try Self.objects(folded, osmium: osmium) == Self.objects(expected, osmium: osmium))
        } catch {
            try? await connection.close()
            await TestDatabase.drop(url)
            throw error
        }
        try? await connection.close()
        await TestDatabase.drop(url)
    }

    private static func change(action: String, version: Int, latitude: Double) -> String {
        """
        <?xml version='1.0' encoding='UTF-8'?>
        <osmChange version="0.6" generator="test">
          <\(action)>
            <node id="9000000000001" version="\(version)" timestamp="2021-04-22T00:0\(version):00Z" lat="\(latitude)" lon="7.4246">
              <tag k="amenity" v="cafe"/>
              <tag k="name" v="Café du Test"/>
            </node>
          </\(action)>
        </osmChange>

        """
    }

    private static func kept(_ table: PlacesTable, on connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query(
            "SELECT count(DISTINCT number) FROM \(unescaped: table.extractChanges)", logger: TestDatabase.logger)
        for try await row in rows { return try row.decode(Int.self) }
        return -1
    }

    /// The file's objects as OPL, as osmium writes them.
    private static func objects(_ file: URL, osmium: URL) throws -> String {
        let process = Process()
        process.executableURL = osmium
        process.arguments = ["cat", "--no-progress", "-f", "opl", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation
import NearbyKit
import NearbySQLite
import NearbyTestSupport
import Testing

@testable import NearbyGeoPackage

/// The revisions updates record: a reader is told what changed only along
/// an unbroken chain from its revision to the store's, within the updates kept.
struct ChangesTableTests {
    @Test func whatChangedIsToldAlongTheChainOnly() throws {
        let scratch = try Scratch()
        let file = scratch.url("store.gpkg")
        try GeoPackageWriter.write(Fixtures.monaco, to: file)
        let database = try SQLiteDatabase(path: file.path, mode: .readWrite)
        let revisions = (0...20).map { "r\($0)" }
        for number in 1...20 {
            try ChangesTable.record(
                revisions[number], after: revisions[number - 1], places: ["n\(number)", "w\(number)"], sources: ["n\(100 + number)"],
                in: database)
        }

        let lately = try #require(try ChangesTable.changes(from: "r17", to: "r20", in: database))
        #expect(lately.places == ["n18", "w18", "n19", "w19", "n20", "w20"])
        #expect(lately.sources == ["n118", "n119", "n120"])
        let kept = try #require(try ChangesTable.changes(from: "r4", to: "r20", in: database))
        #expect(kept.places.count == 32, "the last 16 updates are kept")
        // Further behind than that, a revision the store never made, or a chain leading elsewhere: the store does not say.
        #expect(try ChangesTable.changes(from: "r3", to: "r20", in: database) == nil)
        #expect(try ChangesTable.changes(from: "elsewhere", to: "r20", in: database) == nil)
        #expect(try ChangesTable.changes(from: "r17", to: "r21", in: database) == nil)
        // A revision recorded after another than the last breaks the chain: no reader is told across it.
        try ChangesTable.record("apart", after: "r18", places: ["n1"], sources: [], in: database)
        #expect(try ChangesTable.changes(from: "r19", to: "apart", in: database) == nil)
    }
}

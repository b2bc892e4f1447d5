import Foundation
import NearbyKit
import Testing

@testable import NearbyUpdate

/// Where a store stands after change files, before osmium is run: read from
/// the state beside each file, as a replication feed lays them out.
struct OSMUpdateTests {
    static let fed = ReplicationState(timestamp: ReplicationState.date("2021-04-21T20:21:46Z"), sequence: 2947, baseURL: "https://feed")

    /// As osmosis writes it and the planet's and Geofabrik's feeds serve it: a Java properties file, its colons escaped.
    @Test func aStateFileReads() throws {
        let text = "# original OSMOSIS line:\n#Fri Nov 27 21:21:46 UTC 2026\nsequenceNumber=4719\ntimestamp=2026-11-26T21\\:21\\:46Z\n"
        let state = try #require(ReplicationState(stateFile: text, baseURL: "https://feed"))
        let timestamp = try #require(state.timestamp)
        #expect(state.sequence == 4719 && ReplicationState.text(timestamp) == "2026-11-26T21:21:46Z")
        #expect(state.baseURL == "https://feed")
        #expect(ReplicationState(stateFile: "sequenceNumber=4719\n") == nil)
        #expect(ReplicationState(stateFile: "sequenceNumber=-1\ntimestamp=2026-11-26T21\\:21\\:46Z") == nil)
        #expect(ReplicationState(stateFile: "<html>not found</html>") == nil)
        #expect(state.headerOptions["osmosis_replication_sequence_number"] == "4719")
        #expect(ReplicationState(headerOptions: state.headerOptions) == state)
        #expect(state.stateFileText == "sequenceNumber=4719\ntimestamp=2026-11-26T21\\:21\\:46Z\n")
        #expect(ReplicationState(stateFile: state.stateFileText, baseURL: "https://feed") == state)
    }

    func change(_ name: String, _ sequence: Int?) -> OSMUpdate.ChangeFile {
        OSMUpdate.ChangeFile(
            url: URL(fileURLWithPath: "/feed/\(name)"),
            state: sequence.map { ReplicationState(timestamp: ReplicationState.date("2021-04-22T00:00:00Z"), sequence: $0) })
    }

    @Test func sequencesFollowTheStores() throws {
        let update = OSMUpdate(osmium: URL(fileURLWithPath: "/usr/bin/osmium"), timeZone: nil, source: nil, replication: Self.fed)
        let next = try update.checkedState(after: [change("948.osc.gz", 2948), change("949.osc.gz", 2949)]) { nil }
        #expect(next.sequence == 2949 && next.baseURL == "https://feed")
        #expect(throws: UpdateError.alreadyApplied("/feed/947.osc.gz", sequence: 2947, standing: 2947)) {
            try update.checkedState(after: [change("947.osc.gz", 2947)]) { nil }
        }
        #expect(throws: UpdateError.sequenceGap("/feed/950.osc.gz", sequence: 2950, expected: 2949)) {
            try update.checkedState(after: [change("948.osc.gz", 2948), change("950.osc.gz", 2950)]) { nil }
        }
        // Without states: the newest object's time, never earlier than the store's, and no sequence.
        let bare = try update.checkedState(after: [change("d.osc.gz", nil)]) { ReplicationState.date("2021-04-21T21:00:00Z") }
        #expect(bare.sequence == nil && bare.timestamp == ReplicationState.date("2021-04-21T21:00:00Z"))
        let older = try update.checkedState(after: [change("d.osc.gz", nil)]) { ReplicationState.date("2020-01-01T00:00:00Z") }
        #expect(older.timestamp == Self.fed.timestamp)
    }

    /// The state beside a change file is found by the feed's naming.
    @Test func theStateBesideAChangeFileIsFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "sequenceNumber=12\ntimestamp=2021-04-22T00\\:00\\:00Z\n".write(
            to: folder.appendingPathComponent("012.state.txt"), atomically: true, encoding: .utf8)
        #expect(OSMUpdate.ChangeFile(folder.appendingPathComponent("012.osc.gz")).state?.sequence == 12)
        #expect(OSMUpdate.ChangeFile(folder.appendingPathComponent("012.osc")).state?.sequence == 12)
        #expect(OSMUpdate.ChangeFile(folder.appendingPathComponent("013.osc.gz")).state == nil)
        #expect(OSMUpdate.ChangeFile(folder.appendingPathComponent("012.pbf")).state == nil)
    }
}

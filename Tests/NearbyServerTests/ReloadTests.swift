import Foundation
import NearbyKit
import NearbyServer
import NearbyService
import Testing

/// Reloading while requests run: none fails, and each answer comes wholly
/// from the old data or wholly from the new.
struct ReloadTests {
    static let query = "location=43.7384,7.4246&radius=1500&type=cafe"

    /// The Monaco data, and the same with one more café right at the centre.
    static func versions() throws -> (old: Data, new: Data) {
        let original = try PlacesDataset.load(from: Repository.places)
        var grown = original
        grown.places.append(
            Place(
                id: "n99", name: "Nouveau Café", category: .cafe,
                coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246)))
        return (original.encoded(), grown.encoded())
    }

    /// A server on the old version, from a file, and both versions to write over it.
    static func servingTheOldVersion(in scratch: borrowing ScratchFolder) async throws -> (
        file: URL, versions: (old: Data, new: Data), service: LocalPlaceService, server: RunningServer
    ) {
        let file = scratch.url.appendingPathComponent("places.geojson")
        let versions = try versions()
        try versions.old.write(to: file, options: .atomic)
        let service = LocalPlaceService(dataURL: file)
        return (file, versions, service, try await RunningServer.start(.init(service: service)))
    }

    @Test func reloadsUnderLoadWithoutMixedOrFailedAnswers() async throws {
        let scratch = try ScratchFolder()
        let (file, (old, new), service, server) = try await Self.servingTheOldVersion(in: scratch)
        let (_, before) = try await server.search(Self.query)
        try new.write(to: file, options: .atomic)
        try await service.reload()
        let (_, after) = try await server.search(Self.query)
        let oldIDs = before.results.map(\.placeID), newIDs = after.results.map(\.placeID)
        #expect(newIDs == ["n99"] + oldIDs.prefix(19))

        let answers = try await withThrowingTaskGroup(of: [(Int, [String])].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var seen: [(Int, [String])] = []
                    for _ in 0..<40 {
                        let (answer, response) = try await server.search(Self.query)
                        seen.append((answer.status, response.results.map(\.placeID)))
                    }
                    return seen
                }
            }
            group.addTask {
                for round in 0..<20 {
                    try (round.isMultiple(of: 2) ? old : new).write(to: file, options: .atomic)
                    try await service.reload()
                }
                return []
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        try await server.stop()

        #expect(answers.count == 160)
        for (status, ids) in answers {
            #expect(status == 200)
            #expect(ids == oldIDs || ids == newIDs)
        }
    }

    /// The Places API (New)'s cached answers, autocomplete's too, are retired by a reload.
    @Test func aReloadRetiresThePlacesAPINewsCachedAnswers() async throws {
        let scratch = try ScratchFolder()
        let (file, (_, new), service, server) = try await Self.servingTheOldVersion(in: scratch)
        let typing = #"{"input": "nouveau caf"}"#
        let search = #"{"textQuery": "nouveau café"}"#
        let mask = [("X-Goog-FieldMask", "places.id")]
        let before = try await server.post("/v1/places:autocomplete", json: typing)
        let searchedBefore = try await server.post("/v1/places:searchText", json: search, headers: mask)
        try new.write(to: file, options: .atomic)
        try await service.reload()
        let after = try await server.post("/v1/places:autocomplete", json: typing)
        let searchedAfter = try await server.post("/v1/places:searchText", json: search, headers: mask)
        try await server.stop()
        #expect(!before.text.contains("n99") && !searchedBefore.text.contains("n99"))
        #expect(after.text.contains(#""placeId":"n99""#), "\(after.text)")
        #expect(searchedAfter.text.contains(#""id":"n99""#), "\(searchedAfter.text)")
    }

    /// A reload signal (SIGUSR1 here; SIGHUP in `nearby serve`) swaps the
    /// data; a broken file then keeps the last good data.
    @Test func reloadsOnASignalAndKeepsGoodDataOnABadFile() async throws {
        let scratch = try ScratchFolder()
        let file = scratch.url.appendingPathComponent("places.geojson")
        let (old, new) = try Self.versions()
        try old.write(to: file, options: .atomic)
        var configuration = NearbyServer.ServerConfiguration(service: LocalPlaceService(dataURL: file))
        configuration.reloadSignals = [.sigusr1]
        let server = try await RunningServer.start(configuration, keepingReloadSignals: true)

        func placeCount() async throws -> Int { try await server.get("/api/dataset").decode(DatasetInfo.self).placeCount }
        let before = try await placeCount()
        try new.write(to: file, options: .atomic)
        kill(getpid(), SIGUSR1)
        var polls = 0
        while try await placeCount() == before, polls < 10_000 {
            polls += 1
            await Task.yield()
        }
        let afterGood = try await placeCount()

        try Data("{broken".utf8).write(to: file, options: .atomic)
        kill(getpid(), SIGUSR1)
        // The failed reload is counted in the metrics; wait for it there.
        polls = 0
        while !(try await server.get("/metrics").text.contains(#"nearby_dataset_reloads_total{result="failed"} 1"#)), polls < 10_000 {
            polls += 1
            await Task.yield()
        }
        let afterBad = try await placeCount()
        let (_, search) = try await server.search(Self.query)
        try await server.stop()

        #expect(before == 803)
        #expect(afterGood == 804)
        #expect(afterBad == 804)
        #expect(search.results.first?.placeID == "n99")
    }
}

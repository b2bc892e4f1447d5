import ArgumentParser
import Foundation
import NearbyUpdate

/// `serve --replication` and what goes with it: the server follows the
/// store's OpenStreetMap replication feed itself (`FeedFollower`), as
/// `nearby update --replication --interval` would.
struct ReplicationOptions: ParsableArguments {
    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Follow the store's replication feed (the one its extract's header names, or --replication-url): fetch each "
                + "sequence it lacks, apply it to the store as `nearby update --replication` does, and answer from the result."))
    var replication = false

    @Option(
        name: .long,
        help: ArgumentHelp("With --replication: follow this feed (http, https or file) instead of the store's.", valueName: "url"))
    var replicationUrl: String?

    @Option(
        name: .long,
        help: ArgumentHelp("With --replication: seconds between looks at the feed once the store is up to date.", valueName: "seconds"))
    var replicationInterval: Double = 60

    @Option(
        name: .long,
        help: ArgumentHelp("With --replication: at most this many sequences in one update.", valueName: "n"))
    var replicationBatch = 100

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --replication: the most seconds one answer of the feed may take, whole, however slowly it comes "
                + "(default 600; a state file at most 70); past it the look fails, is logged and counted, and is tried again.",
            valueName: "seconds"))
    var replicationTimeout: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --replication: refuse an update whose change files hold more than this many objects (default 1000000, "
                + "as update's; the failure is logged and counted; the store stays as it was).",
            valueName: "n"))
    var maxChanges: Int?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "With --replication: after each update, redraw the tiles it changed in the tile set served (as update --tiles does)."))
    var redrawTiles = false

    func validate() throws {
        if replication {
            guard replicationInterval.isFinite, (1...86_400).contains(replicationInterval) else {
                throw ValidationError("--replication-interval takes a number of seconds from 1 to 86400")
            }
            guard replicationBatch >= 1 else { throw ValidationError("--replication-batch takes a number of sequences, 1 or more") }
            if let replicationTimeout, !(replicationTimeout.isFinite && replicationTimeout >= 0.1 && replicationTimeout <= 86_400) {
                throw ValidationError("--replication-timeout takes a number of seconds from 0.1 to 86400")
            }
            if let maxChanges, maxChanges < 0 { throw ValidationError("--max-changes takes a number of objects, 0 or more") }
        } else if replicationUrl != nil || maxChanges != nil || redrawTiles || replicationTimeout != nil {
            throw ValidationError("--replication-url, --replication-timeout, --max-changes and --redraw-tiles go with --replication")
        }
    }

    /// With --replication, the follower of the store's feed, once the store
    /// has said where it stands (a store that records no feed or sequence,
    /// or a GeoJSON file, is refused here, before the server listens), and
    /// the tile set it redraws.
    func follower(of store: String?, file: URL?, tiles: URL) async throws -> FeedFollower? {
        guard replication else { return nil }
        let store = try PlaceServiceRoot.updatableStore(store: store, file: file)
        let updater = try UpdateRoot.updater(store, maxChanges: maxChanges, tiles: redrawTiles ? tiles : nil, progress: nil)
        let follower = UpdateRoot.follower(
            updater, address: replicationUrl, batch: replicationBatch, answerTime: replicationTimeout, interval: replicationInterval)
        _ = try await follower.startingPoint()
        return follower
    }
}

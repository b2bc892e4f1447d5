import ArgumentParser
import Foundation
import NearbyKit
import NearbyPostGIS
import NearbyService
import NearbyUpdate

struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Apply OpenStreetMap change files (osmChange) to a places GeoPackage or PostGIS store.",
        discussion: """
            Brings the store forward by the change files, in the order given: created \
            places appear, modified ones change (name, kind, tags, hours, position), \
            deleted ones go, and so do those whose tags stop making them a place. A \
            GeoPackage keeps the elements of the extract it was imported from, and only \
            what the changes reach is exported again with osmium and rewritten, so an \
            area moves when only its nodes changed, and an address derived from a \
            renamed street follows; the store answers as an import of the newer extract.

            A change file laid out as a replication feed lays it out, with its state \
            beside it (947.osc.gz and 947.state.txt), must be the next sequence after the \
            store's: one the store already has, or one that skips some, is refused. The \
            store records the new sequence and timestamp (`nearby serve` shows them at \
            /api/dataset and /healthz).

            The update is one SQLite transaction in the store: a running `nearby serve` \
            or `feed` goes on answering from the old places until it reloads (SIGHUP, \
            `nearby refresh`, or serve --watch-data), and a failed or interrupted update \
            leaves the store as it was (a store from an older nearby, which keeps no \
            elements, is written anew beside itself once, and renamed over). Two writers of one store are \
            not run at once: the second is refused (exit 75). A PostGIS store (--store) \
            is loaded beside its tables and swapped in in one transaction, as an import \
            is; servers on it answer from the new places at once, and a second writer \
            waits for the first.

            With --replication the store follows a feed: each sequence it lacks is \
            fetched (with AsyncHTTPClient; http, https or file), checked (its state must \
            say the sequence it should be; osmium refuses a gzip cut short) and applied, \
            up to --batch sequences in one update, until the store is up to date; with \
            --interval it then looks again every so many seconds. A feed that cannot be \
            reached is one line and exit 69, and the store stays as it was. \
            --max-changes refuses an update larger than expected (a vandal's edit, a \
            botched diff) until it is asked again with a larger number.

            --tiles names a tile set drawn from the store's extract (a folder or an \
            MBTiles file, as `nearby tiles render --out` wrote it): after each update \
            the tiles it changed are drawn again, at the set's zooms, as `nearby tiles \
            render --since` does, before the next update starts.

            Examples:
              nearby update changes.osc.gz
              nearby update --data /srv/nearby/places.gpkg 000/002/948.osc.gz 000/002/949.osc.gz
              nearby update --store postgresql://nearby@127.0.0.1:5432/nearby --replication --interval 60
              osmium derive-changes old.osm.pbf new.osm.pbf -o d.osc.gz && nearby update d.osc.gz
              nearby update --replication --tiles Tiles
              nearby update --replication https://download.geofabrik.de/europe/monaco-updates --interval 3600 --max-changes 50000
            """
    )

    @Argument(
        help: ArgumentHelp(
            "OpenStreetMap change files (.osc, .osc.gz), applied in this order; with --replication, the feed's address instead.",
            valueName: "changes"))
    var changes: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The GeoPackage to update (default: $NEARBY_DATA, else Data/places.gpkg), as `nearby import` wrote it.",
            valueName: "file"))
    var data: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The PostGIS store to update instead, as `nearby import --to URL` loaded it: postgresql://user@host:port/database.",
            valueName: "url"))
    var store: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            """
            Follow a replication feed from where the store stands: the feed given as the argument, else the one the store \
            records (from its extract's header, or import --replication-url). Fetches each missing sequence and applies \
            them, --batch at a time, until the store is up to date.
            """))
    var replication = false

    @Flag(name: .long, help: ArgumentHelp("With --replication: catch up once and end (the default)."))
    var once = false

    @Option(
        name: .long,
        help: ArgumentHelp("With --replication: catch up, then look again every this many seconds until stopped.", valueName: "seconds"))
    var interval: Double?

    @Option(name: .long, help: ArgumentHelp("With --replication: at most this many sequences in one update (default 100).", valueName: "n"))
    var batch = 100

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --replication: the most seconds one answer of the feed (a state, a change file) may take, whole, "
                + "however slowly it comes (default 600; a state file at most 70).",
            valueName: "seconds"))
    var feedTimeout: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Refuse an update whose change files hold more than this many objects (nodes, ways, relations) in all "
                + "(default 1000000: what an update holds grows with the change, at this bound to about 1 GB, or 3.5 GB "
                + "when every object is an addressed place; a planet hour's diff is well under it, a planet day's over).",
            valueName: "n"))
    var maxChanges: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A tile set drawn from the store's extract (a folder or .mbtiles): redraw the tiles each update changes.",
            valueName: "dir|file"))
    var tiles: String?

    func validate() throws {
        if replication {
            if changes.count > 1 { throw ValidationError("--replication takes at most one feed address, not change files") }
            if once, interval != nil { throw ValidationError("--once and --interval: give one or the other") }
            if let interval, !(interval.isFinite && interval >= 1 && interval <= 86_400) {
                throw ValidationError("--interval takes a number of seconds from 1 to 86400")
            }
            if batch < 1 { throw ValidationError("--batch takes a number of sequences, 1 or more") }
            if let feedTimeout, !(feedTimeout.isFinite && feedTimeout >= 0.1 && feedTimeout <= 86_400) {
                throw ValidationError("--feed-timeout takes a number of seconds from 0.1 to 86400")
            }
        } else {
            if changes.isEmpty {
                throw ValidationError("name the change files to apply (.osc, .osc.gz), or follow a feed with --replication")
            }
            if once || interval != nil || feedTimeout != nil {
                throw ValidationError("--once, --interval and --feed-timeout go with --replication")
            }
        }
        if let maxChanges, maxChanges < 0 { throw ValidationError("--max-changes takes a number of objects, 0 or more") }
        if data != nil, store != nil { throw ValidationError("--data and --store name two stores; give one") }
        if let store { try StoreOption.check(store) }
    }

    func run() async throws {
        let files = replication ? [] : changes.map { URL(fileURLWithPath: $0) }
        var seen: [FileIdentity: String] = [:]
        for file in files {
            guard try InputFile.check(file, what: "change file") else {
                throw CLIError(message: "no change file at \(file.path)", code: .noInput)
            }
            if let identity = FileIdentity(of: file) {
                if let earlier = seen[identity] {
                    let same = earlier == file.path ? "is given twice" : "is \(earlier) again"
                    throw CLIError.usage("the change file \(file.path) \(same): give each change file once")
                }
                seen[identity] = file.path
            }
        }
        var file: URL?
        if store == nil {
            let data = data.map { URL(fileURLWithPath: $0) } ?? ServiceOptions.defaultDataURL()
            guard try InputFile.check(data, what: "places store") else { throw CLIError(.dataMissing(path: data.path)) }
            try OutputFile.refuseInputs(data, option: "--data", inputs: files.map { ($0, "one of the change files") })
            file = data
        }
        let target = try PlaceServiceRoot.updatableStore(store: store, file: file)
        let updater = try UpdateRoot.updater(
            target, maxChanges: maxChanges, tiles: tiles.map { URL(fileURLWithPath: $0) }, progress: UpdateProgressView())
        guard replication else {
            let summary = try await updater.apply(files.map { OSMUpdate.ChangeFile($0) })
            StandardError.line("nearby: updated \(target.name): \(summary)")
            return
        }
        let follower = UpdateRoot.follower(updater, address: changes.first, batch: batch, answerTime: feedTimeout, interval: interval)
        try await follower.run { event in
            switch event {
            case .applied(_, let summary):
                StandardError.line("nearby: updated \(target.name): \(summary)")
            case .upToDate(let sequence):
                StandardError.line("nearby: \(target.name) is up to date (replication sequence \(sequence))")
            case .failed(let failure, _):
                // A follower outlives a feed that is down for a while: said, and tried again next time.
                StandardError.line("nearby: \(failure.message); trying again in \(Int(interval ?? 0)) s")
            }
        }
    }
}

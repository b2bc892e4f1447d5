import Foundation
import NearbyKit

/// One update of a store (`UpdateTarget`) by change files: osmium applies
/// them to the extract the store keeps and the places are imported from it
/// again (`OSMUpdate`), written wholly or not at all. `nearby update` runs it
/// with change files given or fetched, `nearby serve --replication` with
/// fetched ones, quietly: a server's stderr is its log.
struct StoreUpdater: Sendable {
    var target: UpdateTarget
    /// Refuses change files holding more objects than this, all together.
    var maxChanges: Int?
    /// A progress bar and lines on a terminal's stderr.
    var showsProgress = true
    /// The tile set drawn from the store's extract, redrawn where the update changed it.
    var tiles: TileRedraw?

    /// Applies `changes`, in order, and redraws `tiles`; what changed, by
    /// place (`summary`), and the tiles redrawn.
    func apply(_ changes: [OSMUpdate.ChangeFile]) async throws -> String {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (extract, newExtract) = (scratch.appendingPathComponent("extract.osm.pbf"), scratch.appendingPathComponent("updated.osm.pbf"))
        let bar = ProgressBar("places", enabled: showsProgress && StandardError.isTerminal)
        var redrawn: TileRedraw.Summary?
        let (before, after) = try await target.update(extract: extract, inputs: FileIdentity.of(changes.map(\.url))) { standing in
            (try updated(standing, by: changes, extract: extract, newExtract: newExtract), newExtract)
        } written: { done, total in
            bar.update(done: done, total: total)
        } afterwards: {
            bar.finish()
            redrawn = try redraw(from: extract, to: newExtract)
        }
        bar.finish()
        var summary = Self.summary(from: before, to: after)
        if let tiles, let redrawn { summary += "; redrew \(redrawn.redrawn) of \(redrawn.total) tiles in \(tiles.tiles.path)" }
        return summary
    }

    /// The tiles the update changed, drawn again; a failure says the store has moved on without them.
    private func redraw(from extract: URL, to newExtract: URL) throws -> TileRedraw.Summary? {
        guard let tiles else { return nil }
        do {
            return try tiles.run(from: extract, to: newExtract, showsProgress: showsProgress && StandardError.isTerminal)
        } catch let error as CLIError {
            throw CLIError(
                message: "\(target.name) was updated, but the tiles in \(tiles.tiles.path) were not redrawn: \(error.message)",
                code: error.code)
        }
    }

    /// A folder of its own under TMPDIR for one update's files.
    static func scratchFolder() throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-update-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw CLIError(message: "cannot make a scratch folder in \(scratch.path): \(error.localizedDescription)", code: .cannotCreate)
        }
        return scratch
    }

    /// The places of `extract` brought forward by `changes` (written to `newExtract`).
    private func updated(
        _ standing: UpdateTarget.Standing, by changes: [OSMUpdate.ChangeFile], extract: URL, newExtract: URL
    ) throws -> PlacesDataset {
        let progress = { (line: String) in if showsProgress { StandardError.progress(line) } }
        defer { if showsProgress { StandardError.endProgress() } }
        do {
            var update = OSMUpdate(
                osmium: try OSMImporter.locateOsmium(), timeZone: standing.timeZone, source: standing.source,
                replication: standing.replication)
            update.maximumChanges = maxChanges
            return try update.run(extract: extract, changes: changes, newExtract: newExtract) { progress($0.line) }.0
        } catch let error as UpdateError {
            throw CLIError(message: error.localizedDescription, code: .dataError)
        } catch let error as ImportError {
            throw CLIError(error)
        } catch {
            throw CLIError(message: "the update failed: \(error.localizedDescription)", code: .software)
        }
    }

    /// What changed, by place: `4 added, 2 removed, 16 changed; 805 places as of 2021-04-21T21:21:46Z (replication sequence 2948)`.
    static func summary(from before: [Place], to after: PlacesDataset) -> String {
        let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var (added, changed) = (0, 0)
        var kept = Set<PlaceID>()
        for place in after.places {
            guard let previous = old[place.id] else {
                added += 1
                continue
            }
            kept.insert(place.id)
            if previous != place { changed += 1 }
        }
        let removed = old.count - kept.count
        var text = "\(added) added, \(removed) removed, \(changed) changed; \(after.places.count) places"
        if let timestamp = after.replication?.timestamp { text += " as of \(ReplicationState.text(timestamp))" }
        if let sequence = after.replication?.sequence { text += " (replication sequence \(sequence))" }
        return text
    }
}

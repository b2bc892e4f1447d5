import Foundation
import NearbyKit

/// One update of a store (`UpdatableStore`) by change files, written wholly
/// or not at all: in place, touching only what they reach, for a store that
/// keeps its extract's elements; else osmium applies them to the extract
/// the store keeps and the places are imported from it again (`OSMUpdate`).
/// `nearby update` runs it with change files given or fetched, a server's
/// follower (`FeedFollower`) with fetched ones.
public struct StoreUpdater: Sendable {
    public var store: any UpdatableStore
    /// Refuses change files holding more objects than this, all together (nil: `OSMUpdate.defaultMaximumChanges`).
    public var maxChanges: Int?
    /// What is brought forward with the store's extract (its tile set).
    public var extractFollower: (any ExtractFollower)?
    /// Told what the update is doing as it goes.
    public var progress: @Sendable (UpdateProgress) -> Void

    public init(
        store: any UpdatableStore, maxChanges: Int? = nil, extractFollower: (any ExtractFollower)? = nil,
        progress: @escaping @Sendable (UpdateProgress) -> Void = { _ in }
    ) {
        self.store = store
        self.maxChanges = maxChanges
        self.extractFollower = extractFollower
        self.progress = progress
    }

    /// Applies `changes`, in order, and brings the extract's follower
    /// forward; what changed, by place (`summary`), and what the follower did.
    public func apply(_ changes: [OSMUpdate.ChangeFile]) async throws(UpdateFailure) -> String {
        do {
            return try await run(changes)
        } catch {
            throw UpdateFailure(error)
        }
    }

    private func run(_ changes: [OSMUpdate.ChangeFile]) async throws -> String {
        let osmium = try OSMImporter.locateOsmium()
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let extracts = (before: scratch.appendingPathComponent("extract.osm.pbf"), after: scratch.appendingPathComponent("updated.osm.pbf"))
        return try await store.withWriter { writer in
            let standing = try await writer.standing()
            var update = OSMUpdate(osmium: osmium, timeZone: standing.timeZone, source: standing.source, replication: standing.replication)
            update.maximumChanges = maxChanges ?? OSMUpdate.defaultMaximumChanges
            let summary =
                try await writer.keepsElements()
                ? try await inPlace(changes, update, writer, extracts: extracts, scratch: scratch)
                : try await whole(changes, update, writer, extracts: extracts)
            return summary + (try followed(extracts))
        }
    }

    /// The update where the store lies, touching only what the changes
    /// reach; with a follower, the extract before and after it as well.
    private func inPlace(
        _ changes: [OSMUpdate.ChangeFile], _ update: OSMUpdate, _ writer: any StoreWriter, extracts: (before: URL, after: URL),
        scratch: URL
    ) async throws -> String {
        let state = try update.checked(changes)
        let files = changes.map(\.url)
        do {
            if extractFollower != nil { _ = try await writer.copyExtract(to: extracts.before) }
            let done = try await writer.update(
                by: files, osmium: update.osmium, replication: state.isEmpty ? nil : state, scratch: scratch)
            if extractFollower != nil { try OSMUpdate.apply(files, to: extracts.before, output: extracts.after, osmium: update.osmium) }
            return Self.summary(
                from: done.changed.before, to: done.changed.after, total: done.placeCount, replication: state.isEmpty ? nil : state,
                older: done.changed.older)
        } catch ImportError.osmiumFailed(let reason) {
            throw UpdateError.changesUnreadable(OSMUpdate.name(of: changes), reason: reason)
        }
    }

    /// The store written whole from its kept extract brought forward by the changes.
    private func whole(
        _ changes: [OSMUpdate.ChangeFile], _ update: OSMUpdate, _ writer: any StoreWriter, extracts: (before: URL, after: URL)
    ) async throws -> String {
        guard try await writer.copyExtract(to: extracts.before) else {
            throw UpdateFailure(
                "\(store.name) keeps no extract to update (a nearby from before updates imported it): "
                    + "import the extract again (\(store.importCommand))", exitCode: 65)
        }
        let before = try await writer.places()
        let progress = progress
        let dataset: PlacesDataset
        do {
            dataset = try update.run(extract: extracts.before, changes: changes, newExtract: extracts.after) { progress(.importing($0)) }.0
            progress(.ended)
        } catch {
            progress(.ended)
            throw error
        }
        let after = try await writer.write(
            dataset, extract: extracts.after, inputs: FileIdentity.of(changes.map(\.url)), osmium: update.osmium
        ) { done, total in progress(.written(done, of: total)) }
        progress(.ended)
        return Self.summary(from: before, to: after, total: after.count, replication: dataset.replication)
    }

    /// What the extract's follower did, said after the summary; a failure says the store has moved on without it.
    private func followed(_ extracts: (before: URL, after: URL)) throws -> String {
        guard let extractFollower else { return "" }
        do {
            return "; " + (try extractFollower.follow(from: extracts.before, to: extracts.after, progress: progress))
        } catch {
            let failure = UpdateFailure(error)
            throw UpdateFailure("\(store.name) was updated, but \(failure.message)", exitCode: failure.exitCode)
        }
    }

    /// A folder of its own under TMPDIR for one update's files.
    public static func scratchFolder() throws(UpdateFailure) -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-update-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw UpdateFailure("cannot make a scratch folder in \(scratch.path): \(error.localizedDescription)", exitCode: 73)
        }
        return scratch
    }

    /// What changed, by place: `4 added, 2 removed, 16 changed; 805 places as of 2021-04-21T21:21:46Z (replication sequence 2948)`.
    /// `before` and `after` are the places an update removed and wrote (all of them, or what it reached).
    /// `older` are the changed elements left out, older than the store's versions of them (`n12 v3`).
    public static func summary(
        from before: [Place], to after: [Place], total: Int, replication: ReplicationState?, older: [String] = []
    ) -> String {
        let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var (added, changed) = (0, 0)
        var kept = Set<PlaceID>()
        for place in after {
            guard let previous = old[place.id] else {
                added += 1
                continue
            }
            kept.insert(place.id)
            if previous != place { changed += 1 }
        }
        let removed = old.count - kept.count
        var text = "\(added) added, \(removed) removed, \(changed) changed; \(total) places"
        if let timestamp = replication?.timestamp { text += " as of \(ReplicationState.text(timestamp))" }
        if let sequence = replication?.sequence { text += " (replication sequence \(sequence))" }
        if let first = older.first {
            let more = older.count > 1 ? " and \(older.count - 1) more" : ""
            text += "; left out \(first)\(more), older than the version the store holds (the newest version wins)"
        }
        return text
    }
}

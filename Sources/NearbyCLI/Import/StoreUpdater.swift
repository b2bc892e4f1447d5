import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyPostGIS
import NearbyService

/// One update of a store (`UpdateTarget`) by change files, written wholly or
/// not at all: in place, touching only what they reach, for a store that
/// keeps its extract's elements (`GeoPackageUpdate`, `PostGISUpdate`); else osmium
/// applies them to the extract the store keeps and the places are imported
/// from it again (`OSMUpdate`). `nearby update` runs it
/// with change files given or fetched, `nearby serve --replication` with
/// fetched ones, quietly: a server's stderr is its log.
struct StoreUpdater: Sendable {
    var target: UpdateTarget
    /// Refuses change files holding more objects than this, all together (nil: `OSMUpdate.defaultMaximumChanges`).
    var maxChanges: Int?
    /// A progress bar and lines on a terminal's stderr.
    var showsProgress = true
    /// The tile set drawn from the store's extract, redrawn where the update changed it.
    var tiles: TileRedraw?

    /// Applies `changes`, in order, and redraws `tiles`; what changed, by
    /// place (`summary`), and the tiles redrawn.
    func apply(_ changes: [OSMUpdate.ChangeFile]) async throws -> String {
        switch target {
        case .geoPackage(let file) where GeoPackageUpdate.isPossible(in: file): return try await applyInPlace(changes, to: file)
        case .postGIS(let url): if let said = try await applyInPlace(changes, to: url) { return said }
        default: break
        }
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
        return Self.summary(from: before, to: after.places, total: after.places.count, replication: after.replication)
            + redrawnText(redrawn)
    }

    /// The update of a GeoPackage where it lies, touching only what the
    /// changes reach (`GeoPackageUpdate`), under the store's lock; with
    /// tiles, the extract before and after it are drawn from.
    private func applyInPlace(_ changes: [OSMUpdate.ChangeFile], to file: URL) async throws -> String {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lock = try StoreLock.acquire(file)
        defer { withExtendedLifetime(lock) {} }
        let (extract, newExtract) = (scratch.appendingPathComponent("extract.osm.pbf"), scratch.appendingPathComponent("updated.osm.pbf"))
        let standing = try UpdateTarget.openGeoPackage(file).info
        let (result, state) = try await Self.inPlace(
            changes, timeZone: standing.timeZone, source: standing.source, replication: standing.replication,
            maxChanges: maxChanges ?? OSMUpdate.defaultMaximumChanges
        ) { osmium, state in
            if tiles != nil { _ = try ExtractTable.copy(from: file, to: extract) }
            let result = try await GeoPackageUpdate.run(
                changes.map(\.url), to: file, osmium: osmium, replication: state.isEmpty ? nil : state, scratch: scratch)
            if tiles != nil { try OSMUpdate.apply(changes.map(\.url), to: extract, output: newExtract, osmium: osmium) }
            return result
        }
        let redrawn = try redraw(from: extract, to: newExtract)
        return Self.summary(
            from: result.outcome.before, to: result.outcome.after, total: result.placeCount, replication: state.isEmpty ? nil : state,
            older: result.outcome.older) + redrawnText(redrawn)
    }

    /// The update of a PostGIS store where it lies (`PostGISUpdate`), under
    /// its writer lock; nil, having written nothing, when the store keeps no
    /// elements (a nearby from before updates in place loaded it).
    private func applyInPlace(_ changes: [OSMUpdate.ChangeFile], to url: PostGISStoreURL) async throws -> String? {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (extract, newExtract) = (scratch.appendingPathComponent("extract.osm.pbf"), scratch.appendingPathComponent("updated.osm.pbf"))
        let done: (IncrementalUpdate.Outcome, Int, ReplicationState)?
        do {
            done = try await PostGISImporter(url: url).withWriterLock { writer in
                guard try await PostGISUpdate.isPossible(writer) else { return nil }
                let standing = try await PostGISUpdate.standing(writer)
                let (result, state) = try await Self.inPlace(
                    changes, timeZone: standing.timeZone, source: standing.source, replication: standing.replication,
                    maxChanges: maxChanges ?? OSMUpdate.defaultMaximumChanges
                ) { osmium, state in
                    if tiles != nil { _ = try await writer.copyExtract(to: extract) }
                    let result = try await PostGISUpdate.run(
                        changes.map(\.url), with: writer, osmium: osmium, replication: state.isEmpty ? nil : state, scratch: scratch)
                    if tiles != nil { try OSMUpdate.apply(changes.map(\.url), to: extract, output: newExtract, osmium: osmium) }
                    return result
                }
                return (result.outcome, result.placeCount, state)
            }
        } catch let error as NearbyAPIError {
            throw CLIError(error)
        }
        guard let (outcome, count, state) = done else { return nil }
        let redrawn = try redraw(from: extract, to: newExtract)
        return Self.summary(
            from: outcome.before, to: outcome.after, total: count, replication: state.isEmpty ? nil : state, older: outcome.older)
            + redrawnText(redrawn)
    }

    /// Checks `changes` against where the store stands and runs `update`
    /// with osmium and the replication state they bring the store to; what
    /// fails is said as the command says it.
    private static func inPlace<T>(
        _ changes: [OSMUpdate.ChangeFile], timeZone: String?, source: String?, replication: ReplicationState?, maxChanges: Int?,
        _ update: (URL, ReplicationState) async throws -> T
    ) async throws -> (T, ReplicationState) {
        do {
            let osmium = try OSMImporter.locateOsmium()
            var check = OSMUpdate(osmium: osmium, timeZone: timeZone, source: source, replication: replication)
            check.maximumChanges = maxChanges
            let state = try check.checked(changes)
            do {
                return (try await update(osmium, state), state)
            } catch ImportError.osmiumFailed(let reason) {
                throw UpdateError.changesUnreadable(OSMUpdate.name(of: changes), reason: reason)
            }
        } catch let error as UpdateError {
            throw CLIError(message: error.localizedDescription, code: error.isNotAFile ? .ioError : .dataError)
        } catch let error as UpdateWriteFailure {
            throw CLIError(message: error.localizedDescription, code: .ioError)
        } catch let error as ImportError {
            throw CLIError(error)
        } catch let error as NearbyAPIError {
            throw CLIError(error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError(message: "the update failed: \(error.localizedDescription)", code: .software)
        }
    }

    private func redrawnText(_ redrawn: TileRedraw.Summary?) -> String {
        guard let tiles, let redrawn else { return "" }
        return "; redrew \(redrawn.redrawn) of \(redrawn.total) tiles in \(tiles.tiles.path)"
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
            update.maximumChanges = maxChanges ?? OSMUpdate.defaultMaximumChanges
            return try update.run(extract: extract, changes: changes, newExtract: newExtract) { progress($0.line) }.0
        } catch let error as UpdateError {
            throw CLIError(message: error.localizedDescription, code: error.isNotAFile ? .ioError : .dataError)
        } catch let error as ImportError {
            throw CLIError(error)
        } catch {
            throw CLIError(message: "the update failed: \(error.localizedDescription)", code: .software)
        }
    }

    /// What changed, by place: `4 added, 2 removed, 16 changed; 805 places as of 2021-04-21T21:21:46Z (replication sequence 2948)`.
    /// `before` and `after` are the places an update removed and wrote (all of them, or what it reached).
    /// `older` are the changed elements left out, older than the store's versions of them (`n12 v3`).
    static func summary(from before: [Place], to after: [Place], total: Int, replication: ReplicationState?, older: [String] = []) -> String
    {
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

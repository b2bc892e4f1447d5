import ArgumentParser
import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService

struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Apply OpenStreetMap change files (osmChange) to a places GeoPackage.",
        discussion: """
            Brings the store forward by the change files, in the order given: created \
            places appear, modified ones change (name, kind, tags, hours, position), \
            deleted ones go, and so do those whose tags stop making them a place. The \
            store keeps the extract it was imported from; the changes are applied to it \
            with osmium and the places imported from it again, so an area moves when only \
            its nodes changed, and an address derived from a renamed street follows.

            A change file laid out as a replication feed lays it out, with its state \
            beside it (947.osc.gz and 947.state.txt), must be the next sequence after the \
            store's: one the store already has, or one that skips some, is refused. The \
            store records the new sequence and timestamp (`nearby serve` shows them at \
            /api/dataset and /healthz).

            The update is written beside the store and renamed over it: a running \
            `nearby serve` or `feed` goes on answering from the old places until it \
            reloads (SIGHUP, or `nearby refresh`), and a failed or interrupted update \
            leaves the store as it was. Two writers of one store are not run at once: \
            the second is refused (exit 75).

            Examples:
              nearby update changes.osc.gz
              nearby update --data /srv/nearby/places.gpkg 000/002/948.osc.gz 000/002/949.osc.gz
              osmium derive-changes old.osm.pbf new.osm.pbf -o d.osc.gz && nearby update d.osc.gz
            """
    )

    @Argument(help: ArgumentHelp("OpenStreetMap change files (.osc, .osc.gz), applied in this order.", valueName: "changes"))
    var changes: [String]

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The GeoPackage to update (default: $NEARBY_DATA, else Data/places.gpkg), as `nearby import` wrote it.",
            valueName: "file"))
    var data: String?

    func run() async throws {
        let store = data.map { URL(fileURLWithPath: $0) } ?? ServiceOptions.defaultDataURL()
        let files = changes.map { URL(fileURLWithPath: $0) }
        for file in files {
            guard try InputFile.check(file, what: "change file") else {
                throw CLIError(message: "no change file at \(file.path)", code: .noInput)
            }
        }
        guard try InputFile.check(store, what: "places store") else { throw CLIError(.dataMissing(path: store.path)) }
        let lock = try StoreLock.acquire(store)
        defer { withExtendedLifetime(lock) {} }
        try OutputFile.refuseInputs(store, option: "--data", inputs: files.map { ($0, "one of the change files") })

        let format: PlacesFile.Format
        do { format = try PlacesFile.format(of: store) } catch { throw CLIError(error) }
        guard format == .geoPackage else {
            throw CLIError(
                message:
                    "\(store.path) is a places GeoJSON, which keeps no extract to update: import the extract into a GeoPackage "
                    + "(nearby import EXTRACT --out places.gpkg) and update that",
                code: .dataError)
        }
        let before: PlacesDataset
        do { before = try GeoPackagePlaces(url: store).dataset() } catch { throw CLIError(error) }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-update-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw CLIError(message: "cannot make a scratch folder in \(scratch.path): \(error.localizedDescription)", code: .cannotCreate)
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (extract, newExtract) = (scratch.appendingPathComponent("extract.osm.pbf"), scratch.appendingPathComponent("updated.osm.pbf"))
        let kept: Bool
        do { kept = try ExtractTable.copy(from: store, to: extract) } catch { throw CLIError(error) }
        guard kept else {
            throw CLIError(
                message:
                    "\(store.path) keeps no extract to update (a nearby from before updates imported it): import the extract again "
                    + "(nearby import EXTRACT --out \(store.path))",
                code: .dataError)
        }

        let result: (PlacesDataset, OSMImporter.Report)
        do {
            let update = OSMUpdate(
                osmium: try OSMImporter.locateOsmium(), timeZone: before.timeZone, source: before.source,
                replication: before.replication)
            result = try update.run(extract: extract, changes: files.map(OSMUpdate.ChangeFile.init), newExtract: newExtract) { progress in
                StandardError.progress(
                    "read \(progress.featuresRead) features, kept \(progress.placesKept) places"
                        + (progress.addressing ? "; deriving their addresses" : ""))
            }
        } catch let error as UpdateError {
            StandardError.endProgress()
            throw CLIError(message: error.localizedDescription, code: .dataError)
        } catch let error as ImportError {
            StandardError.endProgress()
            throw CLIError(error)
        } catch {
            StandardError.endProgress()
            throw CLIError(message: "the update failed: \(error.localizedDescription)", code: .software)
        }
        StandardError.endProgress()
        let (dataset, _) = result
        do {
            let bar = ProgressBar("places", enabled: StandardError.isTerminal)
            try GeoPackageWriter.write(dataset, to: store, extract: newExtract, inputs: FileIdentity.of(files)) { written in
                bar.update(done: written, total: dataset.places.count)
            }
            bar.finish()
        } catch {
            throw CLIError(error)
        }
        StandardError.line("nearby: updated \(store.path): \(Self.summary(from: before, to: dataset))")
    }

    /// What changed, by place: `4 added, 2 removed, 16 changed; 805 places as of 2021-04-21T21:21:46Z (replication sequence 2948)`.
    static func summary(from before: PlacesDataset, to after: PlacesDataset) -> String {
        let old = Dictionary(before.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
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

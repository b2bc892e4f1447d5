import ArgumentParser
import Foundation
import NearbyGeoPackage
import NearbyKit

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Build a places store (GeoPackage, or GeoJSON) from an OpenStreetMap extract.",
        discussion: """
            Reads the extract with osmium-tool and keeps every named node or area \
            whose tags map to a category (see Data/README.md). An area becomes a \
            point inside it, and every place gets an address: its own addr:* tags, \
            completed from the streets, addresses and boundaries around it \
            (docs/ADDRESSES.md). Progress and a summary of what was skipped, and of \
            how many places have a street and a locality, go to stderr. Where the \
            extract's header says where it stands in OpenStreetMap's replication \
            (timestamp, sequence number, feed), the store records it.

            The store is a GeoPackage by default (Data/places.gpkg, where `nearby list` \
            looks first): places with an R*Tree spatial index and a full-text index of \
            names, which nearby queries without loading and QGIS and GDAL open as they \
            are, and a copy of the extract, which `nearby update` brings forward by \
            OpenStreetMap's change files. It is written to a temporary file and renamed into place, so a running \
            `nearby serve` or `feed` never sees it half written. --format geojson (or an \
            --out ending in .geojson or .json, or -) writes a places GeoJSON instead.

            Examples:
              nearby import Data/monaco.osm.pbf --timezone Europe/Monaco
              nearby import Data/monaco.osm.pbf --check-addresses --out /tmp/places.gpkg
              nearby import extract.osm.pbf --out /srv/nearby/places.gpkg
              nearby import extract.osm.pbf --out - | jq '.features | length'
              nearby import Data/monaco.osm.pbf --to postgresql://nearby@127.0.0.1:5432/nearby --timezone Europe/Monaco

            With --to, the places go into a PostGIS database instead of a file: \
            loaded with COPY beside the table being served, indexed, analysed and \
            swapped in with one transaction, so servers reading it never fail nor \
            see a mix of old and new places.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case gpkg, geojson
    }

    @Argument(help: ArgumentHelp("An OpenStreetMap extract (.osm.pbf, .osm, .o5m).", valueName: "extract"))
    var extract: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            Where to write the store (default: Data/places.gpkg, Data/ made if missing); - for GeoJSON on standard output. \
            Written atomically (a link is written through to its file); GeoJSON to a FIFO or a device is written in place; \
            never the extract itself.
            """,
            valueName: "file"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("gpkg or geojson (default: from --out's extension, else gpkg).", valueName: "format"))
    var format: Format?

    @Option(name: .long, help: ArgumentHelp("The IANA time zone of the places (used for opening hours).", valueName: "zone"))
    var timezone: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            A PostGIS database to load the places into instead of writing --out, e.g. postgresql://nearby@127.0.0.1:5432/nearby \
            (?schema=NAME, sslmode=require and connect_timeout=SECONDS as for --store).
            """,
            valueName: "url"))
    var to: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Also derive the address of every place that has one of its own as if it had not, and say how often the rules agree."))
    var checkAddresses = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            The OpenStreetMap replication feed the extract follows (where its state.txt is), recorded in the store \
            over the one the extract's header names (osmosis_replication_base_url).
            """,
            valueName: "url"))
    var replicationURL: String?

    static let defaultOut = "Data/places.gpkg"

    func validate() throws {
        if let to { try StoreOption.check(to, option: "--to") }
        if to != nil, out != nil || format != nil {
            throw ValidationError("--to loads a database; --out and --format are for a file: give one or the other")
        }
        if let timezone, TimeZone(identifier: timezone) == nil {
            throw ValidationError("unknown time zone \(timezone) (an IANA name such as Europe/Monaco)")
        }
        if let replicationURL {
            guard let url = URL(string: replicationURL), ["http", "https", "file"].contains(url.scheme?.lowercased() ?? ""),
                url.scheme?.lowercased() == "file" || url.host != nil, url.query == nil, url.fragment == nil
            else {
                throw ValidationError(
                    "--replication-url takes the feed's address, such as https://download.geofabrik.de/europe/monaco-updates")
            }
        }
        if out == "-", format == .gpkg {
            throw ValidationError("a GeoPackage is a database file and cannot go to standard output; use --format geojson or --out FILE")
        }
    }

    /// The format asked for, else the one --out's name suggests, else a GeoPackage.
    var resolvedFormat: Format {
        if let format { return format }
        guard let out else { return .gpkg }
        if out == "-" { return .geojson }
        let suffix = URL(fileURLWithPath: out).pathExtension.lowercased()
        return ["geojson", "json"].contains(suffix) ? .geojson : .gpkg
    }

    func run() async throws {
        let input = URL(fileURLWithPath: extract)
        try InputFile.check(input, what: "OpenStreetMap extract")
        let destination = out ?? Self.defaultOut
        let target = URL(fileURLWithPath: destination)
        if to == nil, destination != "-" { try OutputFile.refuseInputs(target, option: "--out", inputs: [(input, "the extract")]) }
        if to == nil, out == nil {
            try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let lock: StoreLock?
        do { lock = to == nil && destination != "-" ? try StoreLock.acquire(target) : nil } catch {
            throw CLIError(message: error.localizedDescription, code: ExitCode(error.exitCode))
        }
        defer { withExtendedLifetime(lock) {} }

        var importer: OSMImporter
        do { importer = OSMImporter(osmium: try OSMImporter.locateOsmium(), timeZone: timezone) } catch { throw CLIError(error) }
        importer.showOsmiumProgress = StandardError.isTerminal
        importer.checksAddresses = checkAddresses
        importer.replicationURL = replicationURL
        let result: (PlacesDataset, OSMImporter.Report)
        do {
            result = try importer.run(input: input) { StandardError.progress($0.line) }
        } catch {
            StandardError.endProgress()
            throw CLIError(error)
        }
        StandardError.endProgress()
        let (dataset, report) = result
        if let to {
            try await PostGISLoad.load(dataset, extract: input, to: to, summary: report.summary)
            Self.reportAddresses(report)
            Self.reportLeftOut(report)
            return
        }
        do {
            switch (resolvedFormat, destination) {
            case (.geojson, "-"):
                try StandardOutput.write(dataset.encoded())
            case (.geojson, _):
                try AtomicFile.write(dataset.encoded(), to: target, inputs: FileIdentity.of([input]))
            case (.gpkg, _):
                let bar = ProgressBar("places", enabled: StandardError.isTerminal)
                try GeoPackageWriter.write(
                    dataset, to: target, extract: input, elements: ElementReader(osmium: importer.osmium), inputs: FileIdentity.of([input])
                ) { written in
                    bar.update(done: written, total: dataset.places.count)
                }
                bar.finish()
            }
        } catch let error as AtomicFile.WriteError {
            throw CLIError(error)
        }
        StandardError.line("nearby: \(destination == "-" ? "" : "wrote \(destination): ")\(report.summary)")
        Self.reportAddresses(report)
        Self.reportLeftOut(report)
    }

    /// Which places have an address, and how well the rules find the
    /// addresses the data itself states (docs/ADDRESSES.md).
    static func reportAddresses(_ report: OSMImporter.Report) {
        StandardError.line("nearby: \(report.addresses.summary)")
        if report.addressAccuracy.street.checked + report.addressAccuracy.locality.checked > 0 {
            StandardError.line("nearby: \(report.addressAccuracy.summary)")
        }
    }

    /// The tags most often left out, so that a user sees what nearby does not know in their data.
    static func reportLeftOut(_ report: OSMImporter.Report) {
        guard !report.mostOftenLeftOut.isEmpty else { return }
        let tags = report.mostOftenLeftOut.map { "\(TerminalSafeText.escaped($0.tag, limit: 60)) \($0.count)" }
        StandardError.line("nearby: most often left out (no category for them): \(tags.joined(separator: ", "))")
    }
}

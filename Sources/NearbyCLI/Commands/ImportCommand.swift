import ArgumentParser
import Foundation
import NearbyKit

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Build a places dataset (GeoJSON) from an OpenStreetMap extract.",
        discussion: """
        Reads the extract with osmium-tool and keeps every named node or area \
        whose tags map to a category (see Data/README.md). An area becomes a \
        point inside it. Progress and a summary of what was skipped go to stderr.

        Examples:
          nearby import Data/monaco.osm.pbf --out Data/places.geojson --timezone Europe/Monaco
          nearby import extract.osm.pbf --out - | jq '.features | length'
          nearby import Data/monaco.osm.pbf --to postgresql://nearby@127.0.0.1:5432/nearby --timezone Europe/Monaco

        With --to, the places go into a PostGIS database instead of a file: \
        loaded with COPY beside the table being served, indexed, analysed and \
        swapped in with one transaction, so servers reading it never fail nor \
        see a mix of old and new places.
        """
    )

    @Argument(help: ArgumentHelp("An OpenStreetMap extract (.osm.pbf, .osm, .o5m).", valueName: "extract"))
    var extract: String

    @Option(name: .long, help: ArgumentHelp(
        "Where to write the GeoJSON; - for standard output. Written atomically (a link is written through to its file); a FIFO or a device is written in place; never the extract itself.",
        valueName: "file"))
    var out = "places.geojson"

    @Option(name: .long, help: ArgumentHelp("The IANA time zone of the places (used for opening hours).", valueName: "zone"))
    var timezone: String?

    @Option(name: .long, help: ArgumentHelp(
        "A PostGIS database to load the places into instead of writing --out, e.g. postgresql://nearby@127.0.0.1:5432/nearby.",
        valueName: "url"))
    var to: String?

    func validate() throws {
        if let to { try StoreOption.check(to, option: "--to") }
        if let timezone, TimeZone(identifier: timezone) == nil {
            throw ValidationError("unknown time zone \(timezone) (an IANA name such as Europe/Monaco)")
        }
    }

    func run() async throws {
        let input = URL(fileURLWithPath: extract)
        try InputFile.check(input, what: "OpenStreetMap extract")
        if to == nil, out != "-" { try OutputFile.refuseInputs(URL(fileURLWithPath: out), option: "--out", inputs: [(input, "the extract")]) }
        var importer: OSMImporter
        do { importer = OSMImporter(osmium: try OSMImporter.locateOsmium(), timeZone: timezone) } catch { throw CLIError(error) }
        importer.showOsmiumProgress = StandardError.isTerminal
        let result: (PlacesDataset, OSMImporter.Report)
        do {
            result = try importer.run(input: input) { progress in
                StandardError.progress("read \(progress.featuresRead) features, kept \(progress.placesKept) places")
            }
        } catch {
            StandardError.endProgress()
            throw CLIError(error)
        }
        StandardError.endProgress()
        let (dataset, report) = result
        if let to {
            try await ImportToPostGIS.load(dataset, to: to, summary: report.summary)
            return
        }
        if out == "-" {
            try StandardOutput.write(dataset.encoded())
        } else {
            do {
                try AtomicFile.write(dataset.encoded(), to: URL(fileURLWithPath: out), inputs: FileIdentity.of([input]))
            } catch {
                throw CLIError(error)
            }
        }
        StandardError.line("nearby: \(out == "-" ? "" : "wrote \(out): ")\(report.summary)")
    }
}

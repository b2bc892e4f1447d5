import ArgumentParser
import Foundation
import NearbyGeoPackage
import NearbyKit
import NearbyService

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the places of a store as GeoJSON (or as a GeoPackage).",
        discussion: """
            Reads every place of the store (--data, else $NEARBY_DATA, else \
            Data/places.gpkg) and writes it as the places GeoJSON `nearby import \
            --format geojson` writes: one feature a line, in the order an import puts \
            them (near ones together), keys sorted, the attribution, licence, source \
            and time zone at the top. The same places give the same bytes, however \
            many updates brought the store to them. --format gpkg converts a GeoJSON \
            into a GeoPackage.

            Examples:
              nearby export > places.geojson
              nearby export --data Data/places.gpkg --out places.geojson
              nearby export --data old.geojson --format gpkg --out places.gpkg
              nearby export | jq -r '.features[].properties.name' | sort | uniq -c | sort -rn | head
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case geojson, gpkg
    }

    @Option(name: .long, help: ArgumentHelp("geojson (default) or gpkg.", valueName: "format"))
    var format: Format = .geojson

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where to write; - (the default) for standard output. Written atomically; never the store itself.", valueName: "file"))
    var out = "-"

    @OptionGroup var serviceOptions: ServiceOptions

    func validate() throws {
        if serviceOptions.service != nil || serviceOptions.store != nil {
            throw ValidationError("export reads a store file (--data FILE), not a --service or a --store database")
        }
        if format == .gpkg, out == "-" {
            throw ValidationError("a GeoPackage is a database file and cannot go to standard output; give --out FILE")
        }
    }

    func run() throws {
        let input = serviceOptions.dataURL()
        try InputFile.check(input, what: "places store")
        if out != "-" { try OutputFile.refuseInputs(URL(fileURLWithPath: out), option: "--out", inputs: [(input, "the store")]) }
        var dataset: PlacesDataset
        do { dataset = try PlacesFile.dataset(at: input) } catch { throw CLIError(error) }
        // An update in place writes the places it changed after the rows it kept.
        dataset.places = PlaceStore.inSpatialOrder(dataset.places.sorted { $0.id.osmOrder(before: $1.id) })
        do {
            switch format {
            case .geojson where out == "-":
                try StandardOutput.write(dataset.encoded())
            case .geojson:
                try AtomicFile.write(dataset.encoded(), to: URL(fileURLWithPath: out), inputs: FileIdentity.of([input]))
            case .gpkg:
                try GeoPackageWriter.write(dataset, to: URL(fileURLWithPath: out), inputs: FileIdentity.of([input]))
            }
        } catch let error as AtomicFile.WriteError {
            throw CLIError(error)
        }
    }
}

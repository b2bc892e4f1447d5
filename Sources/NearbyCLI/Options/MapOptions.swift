import ArgumentParser
import Foundation
import MapRender
import NearbyKit

/// `--png FILE [--size WxH] [--scale N] [--tiles DIR] [--png8]`: also draw the screen's map.
struct MapOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            Also draw the map to this PNG file: written atomically (a link is written through to its file); \
            a FIFO or a device such as /dev/stdout is written in place.
            """,
            valueName: "file"))
    var png: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Map size in points, WIDTHxHEIGHT (default 600x400; with --png).", valueName: "WxH"))
    var size: String?

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Pixels per point: 1, 2 or 3 (default 2; with --png).", valueName: "n"))
    var scale: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The tiles: a folder of {z}/{x}/{y}.png or an .mbtiles file; default: Tiles/ beside Data/ (with --png).",
            valueName: "dir|file"))
    var tiles: String?

    @Flag(
        name: .customLong("png8"),
        help:
            "Write an 8-bit palette PNG, about a third the size: at most 256 colours, chosen by median cut, without dithering (with --png)."
    )
    var palette = false

    static let defaultSize = "600x400"
    static let defaultScale = 2

    func validate() throws {
        if png?.isEmpty == true { throw ValidationError("--png needs a file name") }
        guard png != nil else {
            let given = [("--size", size != nil), ("--scale", scale != nil), ("--tiles", tiles != nil), ("--png8", palette)].filter(\.1)
                .map(\.0)
            guard given.isEmpty else {
                throw ValidationError("\(given.joined(separator: " and ")) \(given.count == 1 ? "draws" : "draw") the map: add --png FILE")
            }
            return
        }
        do throws(SnapshotError) {
            let (width, height) = try MapSnapshotOptions.parseSize(size ?? Self.defaultSize)
            try MapSnapshotOptions.validate(width: width, height: height, scale: scale ?? Self.defaultScale)
        } catch {
            throw ValidationError(error.localizedDescription)
        }
    }

    /// With --png, the user's position must be one a Web Mercator map can show.
    func checkCanShow(latitude: Double?) throws {
        guard png != nil, let latitude, abs(latitude) > WebMercatorProjection.maximumLatitude, abs(latitude) <= 90 else { return }
        let limit = String(format: "%.2f", WebMercatorProjection.maximumLatitude)
        throw ValidationError("a map cannot show latitude \(latitude): Web Mercator maps reach ±\(limit)°; leave out --png")
    }
}

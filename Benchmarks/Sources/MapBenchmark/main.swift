import Foundation
import MapRender
import NearbyKit

// 600×400 points at scale 2 (1200×800 pixels), 20 numbered pins (the
// outermost selected, with its name's bubble: the centre's would find no
// room among the others and be dropped), the search circle and a scale bar,
// as a list's map draws them, tiles on disk:
// the time to render and PNG-encode one map, in process.
// Run from the repository root:  swift run -c release MapBenchmark

let arguments = CommandLine.arguments
let iterations = arguments.count > 1 ? max(Int(arguments[1]) ?? 60, 1) : 60
let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let tiles = repository.appendingPathComponent("Tiles")
let results = repository.appendingPathComponent("Benchmarks/results")
try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)

let centre = try Coordinate(latitude: 43.7397159, longitude: 7.4276948)  // Café de Paris
let categories = PlaceCategory.allCases
// 20 pins spread over the map on a fixed pattern (no randomness: every run
// draws the same image).
let annotations = try (0..<20).map { index -> Annotation in
    let angle = Double(index) * 2.399963  // the golden angle
    let radius = 0.0042 * (Double(index) + 1).squareRoot() / 20.squareRoot()
    let coordinate = try Coordinate(
        latitude: centre.latitude + radius * sin(angle) * 0.7, longitude: centre.longitude + radius * cos(angle) * 1.3)
    return Annotation(
        coordinate: coordinate, title: "Place \(index)", subtitle: "", category: categories[index % categories.count],
        isSelected: index == 19,
        label: String(index + 1))
}
var options = MapSnapshotOptions(
    region: Region(center: centre, span: .placeDetail), width: 600, height: 400, scale: 2,
    annotations: annotations, userPosition: try Coordinate(latitude: 43.7384, longitude: 7.4246))
options.searchCircle = SearchCircle(centre: centre, radius: 400)
options.scaleBar = .miles
let projection = try WebMercatorProjection()

// `MapBenchmark once FILE`: one cold snapshot written to FILE and exit, to
// time a whole process the way `nearby show ID --png` runs (minus loading
// the place store).
if arguments.count > 2, arguments[1] == "once" {
    let snapshotter = try MapSnapshotter(tiles: TileSource(directory: tiles), projection: projection)
    try snapshotter.writePNG(options, to: URL(fileURLWithPath: arguments[2]))
    exit(0)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func report(_ name: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2]
    let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
    print(String(format: "%@: median %.2f ms, p90 %.2f ms, min %.2f ms (%d runs)", name, median, p90, sorted[0], samples.count))
}

// Warm: one snapshotter, as a server keeps it; decoded tiles stay cached.
let warm = try MapSnapshotter(tiles: TileSource(directory: tiles), projection: projection)
var bytes: [UInt8] = []
for _ in 0..<5 { bytes = try warm.snapshot(options).pngData() }
var renderOnly: [Double] = [], encodeOnly: [Double] = [], paletteEncode: [Double] = [], warmTotal: [Double] = []
var paletteBytes = 0
for _ in 0..<iterations {
    var snapshot: MapSnapshot?
    let render = try milliseconds { snapshot = try warm.snapshot(options) }
    let encode = try milliseconds { bytes = try snapshot!.pngData() }
    paletteEncode.append(try milliseconds { paletteBytes = try snapshot!.pngData(encoder: PNGEncoder(usesPalette: true)).count })
    renderOnly.append(render)
    encodeOnly.append(encode)
    warmTotal.append(render + encode)
}

// Cold: a new tile source each time, so every tile is read and decoded
// from disk again, as a one-shot `nearby show --png` does.
var coldTotal: [Double] = []
for _ in 0..<iterations {
    coldTotal.append(
        try milliseconds {
            let snapshotter = try MapSnapshotter(tiles: TileSource(directory: tiles), projection: projection)
            bytes = try snapshotter.snapshot(options).pngData()
        })
}

let snapshot = try warm.snapshot(options)
try snapshot.writePNG(to: results.appendingPathComponent("nearby-600x400@2.png"))
let viewport = snapshot.viewport
print(
    "600x400 @2 (\(viewport.pixelWidth)x\(viewport.pixelHeight) px), zoom \(viewport.zoom), tiles at zoom \(viewport.tileZoom), "
        + "\(annotations.count) pins, \(snapshot.droppedTitles) names dropped, PNG \(bytes.count) bytes")
report("render (warm tile cache)", renderOnly)
report("PNG encode", encodeOnly)
report("PNG encode, palette (png8, \(paletteBytes) bytes)", paletteEncode)
report("render + encode, warm tile cache", warmTotal)
report("render + encode, tiles read and decoded from disk", coldTotal)

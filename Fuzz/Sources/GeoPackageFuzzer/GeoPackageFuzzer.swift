import Foundation
import LibFuzzerDriver
import NearbyGeoPackage
import NearbyKit
import NearbyService

/// Opens arbitrary bytes as a GeoPackage store and queries it. Beyond not
/// crashing (SQLite reads damaged files safely; the GeoPackage geometry and
/// the dataset table are nearby's own parsing): an error is one readable
/// line with nothing raw from the file, and a store that answers keeps the
/// contract — within the radius, nearest first, no place twice, each
/// distance the place's own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    // SQLite reads files, not memory: one file per process, rewritten each run.
    guard FileManager.default.createFile(atPath: scratch.path, contents: Data(bytes: bytes, count: count)) else {
        fatalError("cannot write \(scratch.path)")
    }
    do {
        // A damaged R*Tree can make a question walk without end until its limit: one a tenth of libFuzzer's.
        let store = try GeoPackagePlaces(url: scratch, questionSeconds: 1)
        for query in queries {
            let hits = try store.places(matching: query)
            guard hits.count <= query.limit ?? .max else { fatalError("more hits than the limit") }
            guard Set(hits.map(\.place.id)).count == hits.count else { fatalError("a place twice") }
            // A name search ranks by how well names match, then nearest first; every hit must match.
            let name = query.keyword.map(NameQuery.init)
            let ranks = hits.map { hit in name.map { $0.match(hit.place) } ?? .word }
            guard !ranks.contains(nil) else { fatalError("a hit that does not match the name searched") }
            for ((a, rankA), (b, rankB)) in zip(zip(hits, ranks), zip(hits.dropFirst(), ranks.dropFirst()))
            where (rankA!, a.distance) > (rankB!, b.distance) {
                fatalError("not ranked by match, then nearest first")
            }
            for hit in hits
            where hit.distance > query.radius || hit.distance != Geodesic.distance(from: query.center, to: hit.place.coordinate) {
                fatalError("a distance that is not the place's, or outside the radius")
            }
            // Looked up, not compared: in a damaged file the id index may disagree with the
            // table (SQLite checks indexes only in `PRAGMA integrity_check`, a read of the whole file).
            if let first = hits.first { _ = try store.place(id: first.place.id) }
        }
        // The address tables, read around a position and indexed for it: one of each part at most.
        for position in [try Coordinate(latitude: 43.7384, longitude: 7.4246), try Coordinate(latitude: 0, longitude: 179.9999)] {
            if let address = try store.address(at: position, language: nil)?.address {
                guard Set(address.components.map(\.kind)).count == address.components.count else { fatalError("a part twice") }
            }
        }
        _ = try store.dataset()
    } catch {
        let message = error.localizedDescription
        guard !message.isEmpty, !message.contains("NSCocoaErrorDomain"), !message.contains("\n"),
            !message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            fatalError("unfit error message: \(message.debugDescription)")
        }
    }
    return 0
}

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-gpkg-fuzz-\(getpid()).gpkg")

/// Around the seeds' places, far away, and everywhere at once.
let queries: [PlaceQuery] = {
    let monaco = try! Coordinate(latitude: 43.7384, longitude: 7.4246)
    return [
        PlaceQuery(center: monaco, radius: 1500),
        PlaceQuery(center: monaco, radius: 20_037_508, limit: 3),
        PlaceQuery(center: monaco, radius: 5000, categories: [.cafe, .atm], limit: 2),
        PlaceQuery(center: try! Coordinate(latitude: -89.9, longitude: 179.9), radius: 20_000_000, keyword: "café"),
        PlaceQuery(center: monaco, radius: 5000, keyword: "caf par"),
        PlaceQuery(center: monaco, radius: 5000, keyword: "restaurnt \"de*"),
    ]
}()

@_cdecl("GeoPackageFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // libFuzzer ends the process with exit(), on a finding too: the store's scratch copy goes with it.
    atexit { unlink(scratch.path) }
    return runLibFuzzer(argc, argv, fuzz)
}

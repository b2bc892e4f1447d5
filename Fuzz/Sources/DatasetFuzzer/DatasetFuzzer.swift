import Foundation
import LibFuzzerDriver
import NearbyKit

/// Decodes arbitrary bytes as a places dataset. Beyond not crashing: an
/// error is one readable line with no raw Foundation codes or control
/// characters from the data; a dataset that loads has only valid places,
/// and writing it out and reading it back gives the same places.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    let dataset: PlacesDataset
    do {
        dataset = try PlacesDataset.decode(data, path: "fuzz.geojson")
    } catch {
        let message = error.localizedDescription
        guard !message.isEmpty, !message.contains("NSCocoaErrorDomain"), !message.contains("error 512"),
            !message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            fatalError("unfit error message: \(message.debugDescription)")
        }
        return 0
    }
    var ids = Set<String>()
    for place in dataset.places {
        guard ids.insert(place.id).inserted else { fatalError("id \(place.id) twice") }
        guard !place.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { fatalError("unnamed place") }
        guard abs(place.coordinate.latitude) <= 90, abs(place.coordinate.longitude) <= 180 else {
            fatalError("coordinate out of range")
        }
    }
    if let zone = dataset.timeZone, TimeZone(identifier: zone) == nil { fatalError("unknown zone \(zone) accepted") }
    do {
        let again = try PlacesDataset.decode(dataset.encoded(), path: "again.geojson")
        guard again.places == dataset.places, again.timeZone == dataset.timeZone else {
            fatalError("the dataset does not survive being written and read back")
        }
    } catch {
        fatalError("a dataset that loaded does not load once written: \(error.localizedDescription)")
    }
    return 0
}

@_cdecl("DatasetFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}

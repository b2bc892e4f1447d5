import LibFuzzerDriver
import NearbyKit

// A few sources laid out by hand, so that every question is also looked up:
// a street, an address point on it, a district, a town node, a postal boundary.
let square: Polygon = [[LonLat(7.41, 43.73), LonLat(7.44, 43.73), LonLat(7.44, 43.75), LonLat(7.41, 43.75), LonLat(7.41, 43.73)]]
let geocoder = Geocoder(
    AddressIndex(
        AddressSources(
            streets: [NamedStreet(id: "w1", name: "Avenue de la Costa", lines: [[LonLat(7.424, 43.737), LonLat(7.426, 43.740)]])],
            points: [
                AddressPoint(
                    id: "n2", position: LonLat(7.4251, 43.7394),
                    address: ["housenumber": "26", "street": "Avenue de la Costa", "postcode": "98000"])
            ],
            areas: [
                AddressArea(id: "r3", kind: .administrative(level: 10), name: "Monte-Carlo", polygons: [square]),
                AddressArea(id: "r4", kind: .postalCode, name: "98000", postcode: "98000", polygons: [square]),
            ],
            placeNodes: [PlaceNode(id: "n5", rank: .town, name: "Monaco", position: LonLat(7.42, 43.74))])))

/// Reads arbitrary text as a question in words and answers it. Beyond not
/// crashing: reading is deterministic; a refusal is one of the stated
/// reasons; a question read has something to look for and no house number,
/// postcode or word longer than the text; every answer, typed or not, is one
/// of the sources, and each source is found by its id.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count <= 1024 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let first = Result { () throws(QuestionError) in try Question.read(text) }
    let second = Result { () throws(QuestionError) in try Question.read(text) }
    guard first == second else { fatalError("two readings differ") }
    guard case .success(let question) = first else { return 0 }
    let length = text.utf8.count
    for part in [question.houseNumber, question.postcode].compactMap({ $0 }) + question.words where part.utf8.count > length * 3 {
        fatalError("\(part) is longer than the text could give")
    }
    // The words beside a kind are the question's own, all before or all after the kind's.
    if let beside = question.placeBesideKind {
        let words = question.parts.joined().map { $0 }
        guard !beside.isEmpty, beside.count < words.count, words.starts(with: beside) || words.reversed().starts(with: beside.reversed())
        else { fatalError("\(beside) beside the kind of \(words)") }
    }
    // As typed too: the last word a start of one, answered from the same sources.
    var typed = GeocodeRequest(text: text)
    for asked in [false, true] {
        typed.lastWordIsTyped = asked
        for answer in geocoder.answer(question, typed) where answer.id != nil {
            guard ["w1", "n2", "r3", "r4", "n5"].contains(answer.id!) || question.position != nil else {
                fatalError("an answer from nowhere: \(answer)")
            }
        }
    }
    for id in ["w1", "n2", "r3", "n5"] {
        guard geocoder.answer(Question(), .element(id, language: nil)).map(\.id) == [id] else { fatalError("\(id) is not found by its id") }
    }
    return 0
}

@_cdecl("QuestionFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}

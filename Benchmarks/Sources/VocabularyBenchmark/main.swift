// The kind vocabulary (Data/vocabulary.tsv, compiled in) in a fresh process:
// how long reading it takes and how much resident memory it adds (what every
// one-shot `nearby search` pays, and `serve` once), then how long reading a
// question takes with it loaded. One line of JSON; run it a few times, it is
// one process's figure.
//
//   swift build -c release --product VocabularyBenchmark
//   .build/release/VocabularyBenchmark [ROUNDS]
import Foundation
import NearbyKit

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// Resident memory in bytes (/proc/self/statm's second field, in pages).
func resident() -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000
let questions = [
    "pharmacy near 43.7384,7.4246", "Apotheke in Monte-Carlo", "restaurants in Vaduz", "cafe Rue Grimaldi",
    "farmacia", "bureau de poste near the casino", "Tankstelle", "pizza in Monaco", "Café de Paris",
    "26 avenue de la Costa, Monaco", "bakery", "аптека рядом", "薬局",
]
// What every process has before the vocabulary: the category table and the folding of letters.
_ = PlaceCategory.allCases
_ = SearchWords.folded("Café")
let before = resident()
let start = now()
let vocabulary = KindVocabulary.shared
let loadSeconds = now() - start
let added = resident() - before

var times: [Double] = []
var kinds = 0
for _ in 0..<rounds {
    let t = now()
    for text in questions { kinds += (try? Question.read(text))?.kinds.count ?? 0 }
    times.append((now() - t) / Double(questions.count))
}
times.sort()
let line: [String: Any] = [
    "load_ms": (loadSeconds * 1e5).rounded() / 100,
    "resident_added_mib": (Double(added) / 1_048_576 * 10).rounded() / 10,
    "question_us_p50": (times[times.count / 2] * 1e7).rounded() / 10,
    "question_us_p90": (times[times.count * 9 / 10] * 1e7).rounded() / 10,
    "phrases_longest": vocabulary.longestPhrase,
    "kinds_found": kinds / rounds,
]
let json = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))

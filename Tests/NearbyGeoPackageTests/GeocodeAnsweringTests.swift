import Foundation
import NearbyGeoPackage
import Testing

@testable import NearbyKit

/// The geocoder resolves its candidates best first and stops when none left
/// could be among the answers (`Geocoder.Answering`): on Monaco's addresses,
/// for every street's name and many other questions, its answers are those
/// resolving every candidate gives, and it resolves fewer.
struct GeocodeAnsweringTests {
    /// Counts the addresses resolved.
    final class Counting: AddressResolving, @unchecked Sendable {
        let index: AddressIndex
        private let lock = NSLock()
        private var resolved = 0

        init(_ index: AddressIndex) { self.index = index }

        var count: Int { lock.withLock { resolved } }

        func address(at position: LonLat, own: [AddressComponent], language: String?) -> ResolvedAddress? {
            lock.withLock { resolved += 1 }
            return index.resolve(at: position, own: own, language: language)
        }
    }

    /// Every candidate resolved, scored and sorted: the answers before `Answering`, and how many it resolved.
    static func resolvingEvery(_ geocoder: Geocoder, _ request: GeocodeRequest) throws -> (answers: [GeocodeCandidate], resolved: Int) {
        let question = try request.question()
        var asked = Geocoder.Asked(question, request.components, lastWordIsTyped: request.lastWordIsTyped)
        guard !asked.isEmpty else { return ([], 0) }
        for word in asked.words { asked.matching[word] = geocoder.index.words(matching: word) }
        asked.written = Geocoder.writtenWords(request.text ?? "")
        let candidates = geocoder.candidates(for: asked)
        let inAddresses = geocoder.wordsAnAddressCanHold(asked, language: request.language)
        var found: [(GeocodeCandidate, Set<String>)] = []
        for item in candidates {
            let best = geocoder.bestKey(item, asked, request, inAddresses: inAddresses)
            guard let candidate = geocoder.candidate(item.source, request.language) else { continue }
            found.append((candidate, item.nameWords))
            // The best key is never worse than the key resolving gives.
            if let scored = geocoder.scored(candidate, nameWords: item.nameWords, asked, request) {
                let best = try #require(best, "\(request.text ?? "") \(item.source): no best key, yet it answers")
                #expect(!(scored.key < best), "\(request.text ?? "") \(item.source)")
            }
        }
        var resolved = candidates.count
        if found.isEmpty, let code = question.postcode ?? request.components.postalCode {
            let sites = geocoder.postcodes(code)
            resolved += sites.count
            found = sites.map { ($0, []) }
        }
        var ranked = found.compactMap { geocoder.scored($0.0, nameWords: $0.1, asked, request) }
        ranked.sort { $0.key < $1.key }
        guard let best = ranked.first?.key.share else { return ([], resolved) }
        var seen = Set<String>()
        let answers = ranked.prefix { $0.key.share == best }.map(\.candidate)
            .filter { seen.insert("\($0.kind)|\($0.address.formatted)").inserted }.prefix(request.limit)
        return (Array(answers), resolved)
    }

    @Test func theAnswersAreThoseOfEveryCandidateResolved() throws {
        let sources = try GeoPackagePlaces(url: GeocodeAccuracyTests.store).dataset().addressSources
        let counting = Counting(AddressIndex(sources))
        let geocoder = Geocoder(index: GeocodeIndex(counting.index.sources), addresses: counting)
        let monaco = try Coordinate(latitude: 43.7384, longitude: 7.4246)
        let harbour = BoundingBox(minLongitude: 7.418, minLatitude: 43.731, maxLongitude: 7.426, maxLatitude: 43.737)
        var requests: [GeocodeRequest] = []
        for name in Set(sources.streets.map(\.name)).sorted() {
            requests.append(GeocodeRequest(text: name))
            requests.append(GeocodeRequest(text: name, bias: .init(position: monaco), limit: 1))
            requests.append(GeocodeRequest(text: "7 " + name, bias: .init(bounds: harbour)))
            var typed = GeocodeRequest(text: String(name.dropLast(2)), bias: .init(position: monaco), limit: 5)
            typed.lastWordIsTyped = true
            requests.append(typed)
        }
        for point in sources.points.enumerated().filter({ $0.offset % 5 == 0 }).map(\.element) {
            guard let number = point.address["housenumber"], let street = point.address["street"] else { continue }
            let postcode = point.address["postcode"] ?? ""
            requests.append(GeocodeRequest(text: "\(number) \(street)"))
            requests.append(GeocodeRequest(text: "\(street) \(number), \(postcode) Monaco", language: "fr"))
            requests.append(GeocodeRequest(text: "\(number) \(street)", components: .init(postalCode: "98000"), limit: 3))
        }
        for name in sources.areas.map(\.name) + sources.placeNodes.map(\.name) {
            requests.append(GeocodeRequest(text: name, components: .init(countries: ["MC"])))
            requests.append(GeocodeRequest(text: name, bias: .init(region: "fr")))
        }
        requests += ["Boulevrad des Moulins", "98000", "98 000", "Rue Imaginaire 5, Monte-Carlo", "avenue", "rue", "Monaco", "11 rue"].map {
            GeocodeRequest(text: $0)
        }
        let everyCandidate = Geocoder(counting.index)
        // Of the questions finding many candidates (a common word: "avenue", "rue"; a number on many streets).
        var (lazily, everyOne) = (0, 0)
        var differing: [String] = []
        for request in requests {
            let before = counting.count
            let answers = geocoder.answer(try request.question(), request)
            let reference = try Self.resolvingEvery(everyCandidate, request)
            if reference.resolved >= 40 { (lazily, everyOne) = (lazily + counting.count - before, everyOne + reference.resolved) }
            if answers != reference.answers {
                differing.append(
                    "\(request.text ?? ""): \(answers.map(\.address.formatted)) ≠ \(reference.answers.map(\.address.formatted))")
            }
        }
        #expect(requests.count > 1000)
        #expect(differing.isEmpty, "\(differing.count) of \(requests.count) differ: \(differing.prefix(5))")
        #expect(everyOne > 0 && lazily * 2 < everyOne, "resolved \(lazily) of the \(everyOne) candidates")
    }
}

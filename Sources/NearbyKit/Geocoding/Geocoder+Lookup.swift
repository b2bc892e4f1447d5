/// Where the geocoder resolves a candidate's whole address: an
/// `AddressIndex` over every source, or one over a store's rows around
/// where the candidates lie.
public protocol AddressResolving: Sendable {
    func address(at position: LonLat, own: [AddressComponent], language: String?) -> ResolvedAddress?
}

extension AddressIndex: AddressResolving {
    public func address(at position: LonLat, own: [AddressComponent], language: String?) -> ResolvedAddress? {
        resolve(at: position, own: own, language: language)
    }
}

extension Geocoder {
    /// What a store that keeps its sources on disk reads before a question
    /// can be answered: the sources whose name words these words find (as
    /// `GeocodeIndex` finds them), then (`Answering.pending`) the sources
    /// around where those lie. Over what it read, the geocoder answers as it would
    /// over everything.
    public struct Lookup: Sendable, Equatable {
        /// The question's words, stop words left out.
        public var words: [String]
        /// The last word, when it is still being typed.
        public var typedStart: String?
        /// A house number, which may also be a word of a street's name ("Avenue du 3 Septembre").
        public var houseNumber: String?
        /// The postcode asked, normalised as `Geocoder.normalised` writes it.
        public var postcode: String?

        /// The keys of a table of `GeocodeIndex.variants` that find the words each
        /// asked word stands for: the word, and from five letters its deletions.
        public var variants: [String] {
            words.flatMap { NameQuery.allowsTypo($0) ? NameQuery.deletions(of: $0) : [$0] }
        }

        /// Of the rows such a table gave for `variants`, the words the asked words
        /// stand for: themselves, and from five letters those one edit away.
        public func matching(_ rows: some Sequence<(variant: String, word: String)>) -> Set<String> {
            let asked = Set(words)
            var found = Set<String>()
            for (variant, word) in rows where !found.contains(word) {
                if asked.contains(word) {
                    found.insert(word)
                    continue
                }
                // The row's variant is a deletion of the asked word it answers (or the word itself).
                let typed = words.filter { NameQuery.allowsTypo($0) && NameQuery.deletions(of: $0).contains(variant) }
                if typed.contains(where: { NameQuery.withinOneEdit($0, word) }) { found.insert(word) }
            }
            return found
        }
    }

    /// What the store reads for a question; nil for one it answers without
    /// words (a position, an element by its id).
    public static func lookup(_ question: Question, _ request: GeocodeRequest) -> Lookup? {
        guard request.element == nil, question.position == nil else { return nil }
        let asked = Asked(question, request.components, lastWordIsTyped: request.lastWordIsTyped)
        return Lookup(words: asked.words, typedStart: asked.typedStart, houseNumber: asked.houseNumber, postcode: asked.postcode)
    }
}

extension Geocoder {
    /// Where the street, address point, area or `place=*` node with this id
    /// is resolved: what a store reads the sources around to answer it.
    public func location(ofElement id: PlaceID) -> LonLat? {
        elementSource(id).flatMap(location(of:))
    }
}

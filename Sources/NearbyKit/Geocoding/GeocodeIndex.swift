/// The address sources by the words of their names, for forward geocoding:
/// each named street, each address point by the street (or `addr:place`)
/// it names, each area and `place=*` node by every one of its names. A word
/// finds the sources whose names hold it, or (from five letters) a word one
/// edit away, as name search reads typos (`NameQuery`).
public struct GeocodeIndex: Sendable {
    /// One source, by its table and its index there.
    public enum Source: Hashable, Sendable {
        case street(Int)
        case point(Int)
        case area(Int)
        case placeNode(Int)
    }

    public let sources: AddressSources
    private let vocabulary: [String]
    private let postings: [[Source]]
    private let wordIDs: [String: Int]
    /// The vocabulary's ids in the order of their words' UTF-8, for the words a typed start begins.
    private let wordsInOrder: [Int]
    /// Each word's one-letter deletions and the word itself, to the words they come from.
    private let variants: [String: [Int]]
    /// The address points filed, by each of their house numbers (`Geocoder.numbers(of:)`): a question
    /// with a number reads the points with it, not every point on every street its words name.
    private let pointsByNumber: [String: [Int32]]
    /// Each street's name words, and those of them that are no stop word, as vocabulary ids: the test
    /// every street a word finds takes, and what it holds of the words typed, without folding its name again.
    private let streetWords: [(all: [Int32], distinctive: [Int32])]
    /// The names address points are filed by (their streets'), each once, and each point's (-1: not
    /// filed). Points have no postings: a question finds them by number, and tests each name once.
    private let pointNames: [String]
    private let pointName: [Int32]
    /// Each point name's words and those of them that are no stop word, as vocabulary ids.
    private let pointNameWords: [(all: [Int32], distinctive: [Int32])]
    /// The words an address can hold besides its street's: areas' and `place=*` nodes' names (every
    /// language) and codes, addresses' towns, districts and states (`addr:city`, `suburb`, `state`),
    /// and, in order, for a word being typed. What no candidate's address can hold, no candidate is
    /// resolved for (`Geocoder.bestKey`).
    private let addressWords: Set<String>
    private let addressWordsInOrder: [String]
    /// Whether the sources are all there are, or only those a store read for one question: then
    /// any word may be in an address (a town named only by `addr:city` of rows not read).
    private let isWhole: Bool
    /// The countries addresses name by code (`addr:country`): their names, in the language asked, are words of an address too.
    let countryCodes: [String]

    /// The index of `sources`: all there are (`isWhole`), or those a store read for one question.
    public init(_ sources: AddressSources, isWhole: Bool = true) {
        self.sources = sources
        self.isWhole = isWhole
        var vocabulary: [String] = []
        var postings: [[Source]] = []
        var wordIDs: [String: Int] = [:]
        /// Files the words under `source`, or (nil) only in the vocabulary.
        func file(_ names: [String], as source: Source?) {
            for word in Self.words(of: names) {
                if let id = wordIDs[word] {
                    if let source { postings[id].append(source) }
                } else {
                    wordIDs[word] = vocabulary.count
                    vocabulary.append(word)
                    postings.append(source.map { [$0] } ?? [])
                }
            }
        }
        for (index, street) in sources.streets.enumerated() { file(Self.names(of: street), as: .street(index)) }
        var pointsByNumber: [String: [Int32]] = [:]
        var pointNames: [String] = []
        var pointNameIDs: [String: Int32] = [:]
        var pointName = [Int32](repeating: -1, count: sources.points.count)
        for (index, point) in sources.points.enumerated() {
            guard let name = Self.names(of: point).first else { continue }
            if let id = pointNameIDs[name] {
                pointName[index] = id
            } else {
                file([name], as: nil)
                pointNameIDs[name] = Int32(pointNames.count)
                pointName[index] = Int32(pointNames.count)
                pointNames.append(name)
            }
            for number in Set(Geocoder.numbers(of: point)) { pointsByNumber[number, default: []].append(Int32(index)) }
        }
        for (index, area) in sources.areas.enumerated() { file(Self.names(of: area), as: .area(index)) }
        for (index, node) in sources.placeNodes.enumerated() { file(Self.names(of: node), as: .placeNode(index)) }
        var variants: [String: [Int]] = [:]
        for (id, word) in vocabulary.enumerated() where word.unicodeScalars.count >= NameQuery.typoMinimumLength - 1 {
            for variant in NameQuery.deletions(of: word) { variants[variant, default: []].append(id) }
        }
        self.vocabulary = vocabulary
        self.postings = postings
        self.wordIDs = wordIDs
        self.variants = variants
        self.pointsByNumber = pointsByNumber
        func ids(_ words: [String]) -> [Int32] { words.compactMap { wordIDs[$0].map(Int32.init) } }
        streetWords = sources.streets.map { street in
            let words = SearchWords.of(street.name)
            return (ids(words), ids(words.filter { !Question.stopWords.contains($0) }))
        }
        self.pointNames = pointNames
        self.pointName = pointName
        pointNameWords = pointNames.map { name in
            let words = SearchWords.of(name)
            return (ids(words), ids(words.filter { !Question.stopWords.contains($0) }))
        }
        wordsInOrder = vocabulary.indices.sorted { vocabulary[$0].utf8.lexicographicallyPrecedes(vocabulary[$1].utf8) }
        var addressWords = Set<String>()
        var countryCodes = Set<String>()
        for area in sources.areas {
            addressWords.formUnion(Self.words(of: Self.names(of: area)))
            if let code = area.code { addressWords.formUnion(SearchWords.of(code)) }
        }
        for node in sources.placeNodes { addressWords.formUnion(Self.words(of: Self.names(of: node))) }
        for point in sources.points {
            for key in ["city", "suburb", "state"] { if let value = point.address[key] { addressWords.formUnion(SearchWords.of(value)) } }
            if let code = point.address["country"]?.uppercased(), code.count == 2 {
                countryCodes.insert(code)
                addressWords.formUnion(SearchWords.of(code))
            }
        }
        self.addressWords = addressWords
        addressWordsInOrder = addressWords.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        self.countryCodes = countryCodes.sorted()
    }

    /// Whether an address can hold the word besides its street's name (`addressWords`).
    func isAddressWord(_ word: String) -> Bool { !isWhole || addressWords.contains(word) }

    /// Whether an address can hold a word that `start` begins.
    func isAddressWordStart(_ start: String) -> Bool {
        guard isWhole else { return true }
        let first = addressWordsInOrder.partitionPoint { $0.utf8.lexicographicallyPrecedes(start.utf8) }
        return first < addressWordsInOrder.count && NameQuery.starts(addressWordsInOrder[first], with: start)
    }

    /// The names each kind of source is found by: a street's, an address
    /// point's street (or `addr:place`; none without a house number), every
    /// name of an area or a `place=*` node.
    public static func names(of street: NamedStreet) -> [String] { [street.name] }

    public static func names(of point: AddressPoint) -> [String] {
        guard point.address["housenumber"] != nil, let street = point.address["street"] ?? point.address["place"] else { return [] }
        return [street]
    }

    public static func names(of area: AddressArea) -> [String] { [area.name] + area.names.values }

    public static func names(of node: PlaceNode) -> [String] { [node.name] + node.names.values }

    /// The distinct folded words of names, as the index files them.
    public static func words(of names: [String]) -> [String] {
        var seen = Set<String>()
        return names.flatMap(SearchWords.of).filter { seen.insert($0).inserted }
    }

    /// Every word of `words` and, from four letters, its one-letter
    /// deletions, each beside the word it comes from: how a typed word finds
    /// the words one edit away (`words(matching:)`), as a store's table of them.
    public static func variants(of words: some Sequence<String>) -> [(variant: String, word: String)] {
        words.flatMap { word in
            word.unicodeScalars.count >= NameQuery.typoMinimumLength - 1
                ? NameQuery.deletions(of: word).map { ($0, word) } : [(word, word)]
        }
    }

    /// The words of the index a typed word stands for: itself, and from
    /// five letters the words one edit away.
    public func words(matching typed: String) -> [String] {
        var found: [Int] = wordIDs[typed].map { [$0] } ?? []
        if NameQuery.allowsTypo(typed) {
            var seen = Set(found)
            for variant in NameQuery.deletions(of: typed) {
                for id in variants[variant] ?? [] where seen.insert(id).inserted && NameQuery.withinOneEdit(typed, vocabulary[id]) {
                    found.append(id)
                }
            }
        }
        return found.map { vocabulary[$0] }
    }

    /// The first `limit` words of the index, in UTF-8 order, that begin
    /// with `start`: a word still being typed ("triesenb" → "triesenberg").
    public func words(startingWith start: String, limit: Int) -> [String] {
        let first = wordsInOrder.partitionPoint { vocabulary[$0].utf8.lexicographicallyPrecedes(start.utf8) }
        return wordsInOrder[first...].prefix(limit).prefix { NameQuery.starts(vocabulary[$0], with: start) }.map { vocabulary[$0] }
    }

    /// The address points filed with this house number (normalised).
    func points(numbered number: String) -> [Int32] { pointsByNumber[number] ?? [] }

    /// The names points are filed by, each once (`pointName(of:)` indexes them).
    var pointNameCount: Int { pointNames.count }

    func pointName(of point: Int32) -> Int32 { pointName[Int(point)] }

    func pointNameWords(_ name: Int32) -> (all: [Int32], distinctive: [Int32]) { pointNameWords[Int(name)] }

    /// A street's name words, and those of them that are no stop word, as vocabulary ids (`word(_:)`).
    func words(ofStreet index: Int) -> (all: [Int32], distinctive: [Int32]) { streetWords[index] }

    func id(of word: String) -> Int32? { wordIDs[word].map(Int32.init) }

    var vocabularyCount: Int { vocabulary.count }

    func word(_ id: Int32) -> String { vocabulary[Int(id)] }

    /// The streets, areas and `place=*` nodes whose names hold the word (address points are found by number).
    public func sources(withWord word: String) -> [Source] {
        wordIDs[word].map { postings[$0] } ?? []
    }

    /// The name a source is found by: a street's, an address point's
    /// street, an area's or a node's.
    public func name(of source: Source) -> String {
        switch source {
        case .street(let index): sources.streets[index].name
        case .point(let index): sources.points[index].address["street"] ?? sources.points[index].address["place"] ?? ""
        case .area(let index): sources.areas[index].name
        case .placeNode(let index): sources.placeNodes[index].name
        }
    }

    /// Every name of a source, each as folded words.
    func names(of source: Source) -> [[String]] {
        switch source {
        case .street, .point: [SearchWords.of(name(of: source))]
        case .area(let index): ([sources.areas[index].name] + sources.areas[index].names.values).map(SearchWords.of)
        case .placeNode(let index): ([sources.placeNodes[index].name] + sources.placeNodes[index].names.values).map(SearchWords.of)
        }
    }
}

import NearbyKit
import NearbyService
import PostgresNIO

extension PostGISPlaceService {
    /// Forward geocoding, answered as the in-memory geocoder answers it over
    /// every row, from the rows it needs, in one snapshot: the vocabulary's
    /// words the question's words, typos and typed start stand for; the
    /// rows holding those words (`nearby_address_*.words`, GIN-indexed); then
    /// the rows around where those candidates lie, with which areas cover
    /// which, for each candidate's address to be resolved as reverse
    /// geocoding resolves it. A store imported before the word index is read
    /// whole for each question.
    public func geocode(_ request: GeocodeRequest) async throws(NearbyAPIError) -> [GeocodeCandidate] {
        let question = try request.read()
        if let position = question.position {
            let sources = try await addressSources(addressTables.around(position))
            return Geocoder(AddressIndex(sources)).answer(question, request)
        }
        let (tables, store) = (addressTables, url)
        let answered = try await database { client -> [GeocodeCandidate]? in
            try await client.withConnection { connection in
                try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: Self.queryLogger)
                do {
                    let answer = try await Self.geocode(question, request, tables: tables, store: store, on: connection)
                    try await connection.query("COMMIT", logger: Self.queryLogger)
                    return answer
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
                    // No vocabulary: a store imported before the word index, or before there were address tables.
                    _ = try? await connection.query("ROLLBACK", logger: Self.queryLogger)
                    return nil
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: Self.queryLogger)
                    throw error
                }
            }
        }
        if let answered { return answered }
        let sources = try await addressSources(PostgresQuery(unsafeSQL: addressTables.whole(["TRUE", "TRUE", "TRUE", "TRUE"])))
        return Geocoder(AddressIndex(sources)).answer(question, request)
    }

    private static func geocode(
        _ question: Question, _ request: GeocodeRequest, tables: AddressTables, store: PostGISStoreURL, on connection: PostgresConnection
    ) async throws -> [GeocodeCandidate] {
        func sources(_ query: PostgresQuery) async throws -> AddressSources {
            var sources = AddressSources()
            for try await row in try await connection.query(query, logger: queryLogger) {
                try AddressTables.add(row, to: &sources, store: store)
            }
            return sources
        }
        let found: AddressSources
        if let id = request.element {
            found = try await sources(tables.element(id))
        } else if let lookup = Geocoder.lookup(question, request) {
            var variants: [(variant: String, word: String)] = []
            var words = Set<String>()
            for try await (kind, variant, word) in try await connection.query(tables.vocabularyRows(lookup), logger: queryLogger)
                .decode((String, String, String).self)
            {
                if kind == "s" { words.insert(word) } else { variants.append((variant, word)) }
            }
            words.formUnion(lookup.matching(variants))
            if let number = lookup.houseNumber { words.insert(number) }
            guard !words.isEmpty || lookup.postcode != nil else { return [] }
            found = try await sources(tables.candidateRows(words: words, lookup))
        } else {
            return []
        }
        let geocoder = Geocoder(index: GeocodeIndex(found, isWhole: false), addresses: AddressIndex(AddressSources()))
        func addresses(at locations: [LonLat]) async throws -> CandidateAddresses {
            guard !locations.isEmpty else { return CandidateAddresses(AddressSources(), covering: [:], at: []) }
            let around = try await sources(tables.around(locations))
            var covering: [PlaceID: [Int]] = [:]
            for try await (id, covers) in try await connection.query(tables.coverings(locations), logger: queryLogger)
                .decode((String, [Int]).self)
            {
                covering[id] = covers
            }
            return CandidateAddresses(around, covering: covering, at: locations)
        }
        if let id = request.element {
            guard let location = geocoder.location(ofElement: id) else { return [] }
            return Geocoder(index: geocoder.index, addresses: try await addresses(at: [location])).answer(question, request)
        }
        guard var answering = geocoder.answering(question, request) else { return [] }
        // Rows are read around a batch of candidates at a time, best first: most questions are answered by the first.
        var batch = 2 * max(request.limit, 1)
        while !answering.isDone {
            let locations = answering.pending(batch)
            answering.resolve(locations.count, with: try await addresses(at: locations))
            batch = min(2 * batch, Geocoder.candidateLimit)
        }
        return answering.answers
    }
}

/// Where a question's candidates are resolved: for each, an `AddressIndex`
/// of the rows read around it and the areas that cover it. The areas come as
/// their boxes (their outlines stay in the database, which tested them), so
/// a box may only stand for an area at the positions it covers. Positions
/// covered by the same areas (a town's candidates) share one index, of the
/// rows within reach of them only: an index of every row read, for each
/// town of a common street name's, was nine tenths of a geocode at a
/// million places (Benchmarks/geocoding, 45e3afd).
struct CandidateAddresses: AddressResolving {
    private let indexes: [LonLat: AddressIndex]

    init(_ around: AddressSources, covering: [PlaceID: [Int]], at positions: [LonLat]) {
        var areasAt = Array(repeating: [Int](), count: positions.count)
        for (index, area) in around.areas.enumerated() {
            for position in covering[area.id] ?? [] where positions.indices.contains(position) { areasAt[position].append(index) }
        }
        var groups: [[Int]: [Int]] = [:]
        for (position, areas) in areasAt.enumerated() { groups[areas, default: []].append(position) }
        let streetBoxes = around.streets.map { BoundingBox($0.lines.joined()) }
        let pointBoxes = around.points.map { BoundingBox($0.outline.joined().joined()) ?? BoundingBox([$0.position]) }
        func overlaps(_ a: BoundingBox?, _ b: BoundingBox) -> Bool {
            guard let a else { return false }
            return a.minLongitude <= b.maxLongitude && b.minLongitude <= a.maxLongitude && a.minLatitude <= b.maxLatitude
                && b.minLatitude <= a.maxLatitude
        }
        var indexes: [LonLat: AddressIndex] = [:]
        for (areas, members) in groups {
            guard let box = BoundingBox(members.map { positions[$0] }) else { continue }
            // A tenth more than the reaches the rows were read by: what lies beyond them the index does not use.
            let (near, far) = (box.expanded(by: AddressIndex.neighbourReach * 1.1), box.expanded(by: AddressIndex.reach * 1.1))
            var sources = AddressSources()
            sources.streets = around.streets.indices.filter { overlaps(streetBoxes[$0], near) }.map { around.streets[$0] }
            sources.points = around.points.indices.filter { overlaps(pointBoxes[$0], near) }.map { around.points[$0] }
            sources.placeNodes = around.placeNodes.filter { far.contains($0.position) }
            sources.areas = areas.map { around.areas[$0] }
            let index = AddressIndex(sources)
            for member in members { indexes[positions[member]] = index }
        }
        self.indexes = indexes
    }

    func address(at position: LonLat, own: [AddressComponent], language: String?) -> ResolvedAddress? {
        indexes[position]?.resolve(at: position, own: own, language: language)
    }
}

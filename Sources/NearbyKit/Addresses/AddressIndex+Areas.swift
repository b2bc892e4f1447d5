import Foundation

/// Rule 5 (docs/ADDRESSES.md): the areas a position lies in, the `place=*` nodes around it, and what its neighbours agree on.
extension AddressIndex {
    // MARK: - Rule 5

    /// The areas that hold the position, by index, each once.
    func areas(containing p: LonLat, _ work: inout AddressWork) -> [Int] {
        var inside: [Int] = []
        func consider(_ item: Int32) {
            let index = Int(item)
            guard let shape = areaShapes[index], shape.contains(p), work.allows(sources.areas[index].id) else { return }
            inside.append(index)
        }
        areaGrid.items(around: p, latitudeDegrees: 0, longitudeDegrees: 0, consider)
        return Array(Set(inside)).sorted()
    }

    func addAreas(_ work: inout AddressWork) {
        let inside = areas(containing: work.position, &work)
        work.inside = inside

        var levels: [Int: Int] = [:]
        var placeAreas: [(rank: PlaceRank, index: Int)] = []
        var postal: Int?
        for index in inside {
            switch sources.areas[index].kind {
            case .administrative(let level):
                if let other = levels[level], areaShapes[other]!.box.area <= areaShapes[index]!.box.area { continue }
                levels[level] = index
            case .postalCode:
                if postal == nil || areaShapes[index]!.box.area < areaShapes[postal!]!.box.area { postal = index }
            case .place(let rank):
                placeAreas.append((rank, index))
            }
        }
        placeAreas.sort { $0.rank > $1.rank || ($0.rank == $1.rank && areaShapes[$0.index]!.box.area < areaShapes[$1.index]!.box.area) }

        if work.parts[.country] == nil, let index = levels[2] { addArea(.country, index, &work) }
        let admin = AdminLevels.of(country: work.countryCode)
        if let level = admin.region, let index = levels[level] {
            addArea(.administrativeAreaLevel1, index, &work)
        }
        if let level = admin.county, let index = levels[level] {
            addArea(.administrativeAreaLevel2, index, &work)
        }
        let localityArea = admin.locality.lazy.compactMap { levels[$0] }.first
        if let index = localityArea { addArea(.locality, index, &work) }
        if let index = admin.sublocality.lazy.compactMap({ levels[$0] }).first {
            addArea(.sublocality, index, &work)
        }
        for (rank, index) in placeAreas {
            addArea(rank.component, index, &work)
        }
        addPlaceNodes(&work)
        if let index = admin.localityFallback.lazy.compactMap({ levels[$0] }).first {
            addArea(.locality, index, &work)
        }
        if work.parts[.postalCode] == nil, let index = postal {
            let area = sources.areas[index]
            if let code = area.postcode {
                work.add(AddressComponent(.postalCode, code, rule: .area), origin: areaOrigin(index))
            }
        }
        if work.parts[.postalCode] == nil, let index = localityArea, let code = sources.areas[index].postcode {
            work.add(AddressComponent(.postalCode, code, rule: .area), origin: areaOrigin(index))
        }
        if work.parts[.postalCode] == nil || work.parts[.country] == nil { addNeighbours(&work) }
    }

    func areaOrigin(_ index: Int) -> AddressOrigin {
        AddressOrigin(
            id: sources.areas[index].id, location: areaLabels[index] ?? areaShapes[index]!.box.centre, bounds: areaShapes[index]!.box)
    }

    func addArea(_ kind: AddressComponent.Kind, _ index: Int, _ work: inout AddressWork) {
        work.addArea(kind, sources.areas[index], origin: areaOrigin(index))
    }

    func addPlaceNodes(_ work: inout AddressWork) {
        let p = work.position
        let frame = PlanarFrame(p)
        let span = frame.degrees(Self.reach)
        var best: [AddressComponent.Kind: (index: Int, score: Double)] = [:]
        placeGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let index = Int(item)
            let node = sources.placeNodes[index]
            let kind = node.rank.component
            guard node.rank.namesAddresses, work.parts[kind] == nil, work.allows(node.id) else { return }
            let q = frame.point(node.position)
            let score = (q.x * q.x + q.y * q.y).squareRoot() / node.rank.reach
            guard score <= 1, Self.better(score, index, than: best[kind].map { ($0.score, $0.index) }) else { return }
            best[kind] = (index, score)
        }
        for (kind, found) in best.sorted(by: { $0.key < $1.key }) {
            let node = sources.placeNodes[found.index]
            work.add(
                AddressComponent(kind, work.name(node.name, node.names), rule: .placeNode),
                origin: AddressOrigin(id: node.id, location: node.position))
        }
    }

    /// The rings the nearest addressed neighbours are looked for in: the
    /// first holding three, else any in the last; the five nearest in it vote.
    static let neighbourRings = [150.0, 400, neighbourReach]

    /// The addressed elements with a postcode or a country within `reach`
    /// that agree with the address so far, nearest first, each once.
    func neighbours(of work: AddressWork, within reach: Double) -> [(distance: Double, index: Int)] {
        let p = work.position
        let frame = PlanarFrame(p)
        let span = frame.degrees(reach)
        var found: [(distance: Double, index: Int)] = []
        pointGrid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let index = Int(item)
            let point = sources.points[index]
            guard point.address["postcode"] != nil || point.address["country"] != nil, work.allows(point.id),
                work.agrees(with: point.address)
            else { return }
            let q = frame.point(point.position)
            let distance = (q.x * q.x + q.y * q.y).squareRoot()
            if distance <= reach { found.append((distance, index)) }
        }
        var seen = Set<Int>()
        return found.sorted { $0.distance < $1.distance || ($0.distance == $1.distance && $0.index < $1.index) }
            .filter { seen.insert($0.index).inserted }
    }

    /// How near `position` an addressed element must be to change what its
    /// nearest addressed neighbours give an address whose other parts are
    /// `address`'s, the elements in `excluding` left out: one farther is
    /// not among the five nearest of the ring that votes, nor makes a
    /// nearer ring hold three (the voting ring holds five or more: the
    /// fifth's distance; fewer: the ring's reach). An update derives again
    /// only the places a changed element comes that near.
    public func neighboursReach(at position: LonLat, address: PostalAddress?, excluding: Set<PlaceID>) -> Double {
        var work = AddressWork(position: position, language: nil, excluding: excluding)
        for component in address?.components ?? [] where component.rule != .neighbours { work.add(component, origin: nil) }
        for reach in Self.neighbourRings {
            let found = neighbours(of: work, within: reach)
            if found.count >= 5 { return found[4].distance }
            if found.count >= 3 { return reach }
        }
        return Self.neighbourReach
    }

    /// The postcode (and country) most of the nearest addressed neighbours
    /// give, looked for at growing distances.
    func addNeighbours(_ work: inout AddressWork) {
        for reach in Self.neighbourRings {
            let found = neighbours(of: work, within: reach)
            guard found.count >= 3 || (reach == Self.neighbourReach && !found.isEmpty) else { continue }
            let nearest = found.prefix(5)
            for (key, kind) in [("postcode", AddressComponent.Kind.postalCode), ("country", .country)] where work.parts[kind] == nil {
                var votes: [String: (count: Int, first: Int)] = [:]
                for (rank, neighbour) in nearest.enumerated() {
                    guard let value = sources.points[neighbour.index].address[key] else { continue }
                    votes[value, default: (0, rank)].count += 1
                }
                guard
                    let winner = votes.max(by: {
                        $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.value.first > $1.value.first
                    })
                else { continue }
                let from = sources.points[nearest[nearest.startIndex + winner.value.first].index]
                let origin = AddressOrigin(id: from.id, location: from.position)
                if kind == .country {
                    let code = winner.key.uppercased()
                    guard code.count == 2 else { continue }
                    work.add(
                        AddressComponent(
                            .country, AddressTags.countryName(code, language: work.language), shortName: code, rule: .neighbours),
                        origin: origin)
                } else {
                    work.add(AddressComponent(.postalCode, winner.key, rule: .neighbours), origin: origin)
                }
            }
            return
        }
    }
}

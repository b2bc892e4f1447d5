extension Geocoder {
    /// A source as an answer, its address resolved where it lies; nil for an
    /// area whose name is no part of the address there (a boundary of a
    /// level the country's addresses do not use).
    func candidate(_ source: GeocodeIndex.Source, _ language: String?) -> GeocodeCandidate? {
        let sources = index.sources
        switch source {
        case .point(let i):
            let point = sources.points[i]
            let own = AddressTags.components(point.address, rule: .tags, language: language)
            guard let resolved = addresses.address(at: point.position, own: own, language: language) else { return nil }
            let bounds = point.outline.isEmpty ? nil : BoundingBox(point.outline.joined().joined())
            return GeocodeCandidate(
                kind: .address, id: point.id, location: point.position, bounds: bounds, address: resolved.address, partialMatch: false)
        case .street(let i):
            let street = sources.streets[i]
            guard let location = location(of: source) else { return nil }
            let own = [AddressComponent(.route, street.name, rule: .street)]
            guard let resolved = addresses.address(at: location, own: own, language: language) else { return nil }
            return GeocodeCandidate(
                kind: .street, id: street.id, location: location, bounds: BoundingBox(street.lines.joined()),
                address: resolved.address.with(components: resolved.address.components.filter { $0.kind != .streetNumber }).unwritten,
                partialMatch: false)
        case .area(let i):
            let area = sources.areas[i]
            guard let location = location(of: source) else { return nil }
            let bounds = BoundingBox(area.polygons.compactMap(\.first).joined())
            if area.kind == .postalCode {
                return postcode(area.postcode ?? area.name, id: area.id, at: location, bounds: bounds, language: language)
            }
            return self.area(id: area.id, names: [area.name] + area.names.values, at: location, bounds: bounds, language: language)
        case .placeNode(let i):
            let node = sources.placeNodes[i]
            return area(id: node.id, names: [node.name] + node.names.values, at: node.position, bounds: nil, language: language)
                ?? place(node, language: language)
        }
    }

    /// Where a source's address is resolved: an address point's anchor, the
    /// middle vertex of a street's longest line, an area's label, a node.
    func location(of source: GeocodeIndex.Source) -> LonLat? {
        let sources = index.sources
        switch source {
        case .point(let i): return sources.points[i].position
        case .street(let i):
            guard let line = sources.streets[i].lines.max(by: { $0.count < $1.count }), !line.isEmpty else { return nil }
            return line[line.count / 2]
        case .area(let i): return sources.areas[i].label ?? sources.areas[i].polygons.first?.first?.first
        case .placeNode(let i): return sources.placeNodes[i].position
        }
    }

    /// The street, address point, area or `place=*` node with this id, as
    /// the answer it is when found by words.
    func element(_ id: PlaceID, language: String?) -> GeocodeCandidate? {
        elementSource(id).flatMap { candidate($0, language) }
    }

    /// A scan of the tables: one question reads them once, as a question in words reads its postings.
    func elementSource(_ id: PlaceID) -> GeocodeIndex.Source? {
        let sources = index.sources
        func find<T>(_ items: [T], _ idOf: (T) -> PlaceID) -> Int? { items.firstIndex { idOf($0) == id } }
        return if let i = find(sources.points, \.id) {
            .point(i)
        } else if let i = find(sources.streets, \.id) {
            .street(i)
        } else if let i = find(sources.areas, \.id) {
            .area(i)
        } else if let i = find(sources.placeNodes, \.id) {
            .placeNode(i)
        } else {
            nil
        }
    }

    /// The address of a position as one answer: the address or street there, else the smallest area.
    func reverse(_ position: Coordinate, language: String?) -> GeocodeCandidate? {
        let here = LonLat(position.longitude, position.latitude)
        guard let resolved = addresses.address(at: here, own: [], language: language) else { return nil }
        let address = resolved.address
        if address[.route] != nil {
            let numbered = address[.streetNumber] != nil
            let origin = resolved.origins[numbered ? .streetNumber : .route]
            return GeocodeCandidate(
                kind: numbered ? .address : .street, id: origin?.id, location: origin?.location ?? here, bounds: origin?.bounds,
                address: address, partialMatch: false)
        }
        guard let smallest = address.components.first(where: { $0.kind != .postalCode }) else { return nil }
        let origin = resolved.origins[smallest.kind]
        return GeocodeCandidate(
            kind: .area(smallest.kind), id: origin?.id, location: origin?.location ?? here, bounds: origin?.bounds,
            address: Self.broader(address, than: smallest.kind), partialMatch: false)
    }

    /// The postcode's boundaries, else where the addresses that carry it lie.
    func postcodes(_ code: String) -> [GeocodeCandidate] {
        postcodeSites(code).compactMap { postcode($0.code, id: $0.id, at: $0.location, bounds: $0.bounds, language: nil) }
    }

    struct PostcodeSite {
        var code: String
        var id: PlaceID?
        var location: LonLat
        var bounds: BoundingBox?
    }

    func postcodeSites(_ code: String) -> [PostcodeSite] {
        let wanted = Self.normalised(code)
        let boundaries = index.sources.areas.filter { $0.kind == .postalCode && Self.normalised($0.postcode ?? $0.name) == wanted }
        if !boundaries.isEmpty {
            return boundaries.compactMap { area in
                guard let location = area.label ?? area.polygons.first?.first?.first else { return nil }
                return PostcodeSite(
                    code: area.postcode ?? area.name, id: area.id, location: location,
                    bounds: BoundingBox(area.polygons.compactMap(\.first).joined()))
            }
        }
        let points = index.sources.points.filter { $0.address["postcode"].map(Self.normalised) == wanted }.map(\.position)
        guard let bounds = BoundingBox(points),
            let written = index.sources.points.lazy.compactMap({ $0.address["postcode"] })
                .first(where: { Self.normalised($0) == wanted })
        else { return [] }
        // The address nearest the middle stands for them all: the middle itself may be in the sea.
        let middle = bounds.centre
        let location = points.min { Self.squared($0, middle) < Self.squared($1, middle) }!
        return [PostcodeSite(code: written, id: nil, location: location, bounds: bounds)]
    }

    private func postcode(_ code: String, id: PlaceID?, at location: LonLat, bounds: BoundingBox?, language: String?) -> GeocodeCandidate? {
        let resolved = addresses.address(at: location, own: [], language: language)
        var components = resolved.map { Self.broader($0.address, than: .postalCode).components } ?? []
        components.removeAll { $0.kind == .postalCode }
        components.append(AddressComponent(.postalCode, code, rule: .area))
        return GeocodeCandidate(
            kind: .postcode, id: id, location: location, bounds: bounds, address: PostalAddress(components: components),
            partialMatch: false)
    }

    private func area(id: PlaceID, names: [String], at location: LonLat, bounds: BoundingBox?, language: String?) -> GeocodeCandidate? {
        guard let resolved = addresses.address(at: location, own: [], language: language) else { return nil }
        let folded = Set(names.map(SearchWords.folded))
        guard
            let component = resolved.address.components.first(where: {
                $0.kind != .streetNumber && $0.kind != .route && $0.kind != .postalCode && folded.contains(SearchWords.folded($0.longName))
            })
        else { return nil }
        return GeocodeCandidate(
            kind: .area(component.kind), id: id, location: location, bounds: bounds,
            address: Self.broader(resolved.address, than: component.kind), partialMatch: false)
    }

    /// A `place=*` node the address where it lies does not name (a village
    /// inside a municipality's boundary of another name, a hamlet): itself,
    /// as the part of an address its rank makes it, with the broader parts
    /// of the address there.
    private func place(_ node: PlaceNode, language: String?) -> GeocodeCandidate {
        let kind = node.rank.component
        let there = addresses.address(at: node.position, own: [], language: language)?.address
        var components = there.map { Self.broader($0, than: kind).components.filter { $0.kind != kind } } ?? []
        components.append(AddressComponent(kind, language.flatMap { node.names[$0] } ?? node.name, rule: .placeNode))
        return GeocodeCandidate(
            kind: .area(kind), id: node.id, location: node.position, bounds: nil, address: PostalAddress(components: components),
            partialMatch: false)
    }

    /// The parts Google lists beside an answer of `kind`: it and the broader ones.
    static func broader(_ address: PostalAddress, than kind: AddressComponent.Kind) -> PostalAddress {
        let parts = address.components.filter { component in
            switch kind {
            case .streetNumber, .route: true
            case .postalCode:
                [.postalCode, .locality, .administrativeAreaLevel2, .administrativeAreaLevel1, .country].contains(component.kind)
            default: component.kind == kind || (component.kind > kind && component.kind != .postalCode)
            }
        }
        return PostalAddress(components: parts)
    }

    private static func squared(_ a: LonLat, _ b: LonLat) -> Double {
        let (x, y) = (a.longitude - b.longitude, a.latitude - b.latitude)
        return x * x + y * y
    }
}

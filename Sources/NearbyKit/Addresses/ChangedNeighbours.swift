/// The addressed elements an update changed that name a postcode or a
/// country, where they were and where they are: what the places that take
/// theirs from their nearest addressed neighbours may now take otherwise
/// (an update in place's, `IncrementalUpdate`).
package struct ChangedNeighbours: Sendable {
    private let ids: Set<PlaceID>
    private let positions: [LonLat]
    private var grid = CellGrid(cellDegrees: 0.01)

    package init(_ points: [AddressPoint]) {
        ids = Set(points.map(\.id))
        let voters = points.filter { $0.address["postcode"] != nil || $0.address["country"] != nil }
        positions = voters.map(\.position)
        for (index, position) in positions.enumerated() { grid.insert(Int32(index), box: BoundingBox([position])!) }
    }

    /// Whether one comes near enough `place` to change what its neighbours
    /// give it (`AddressIndex.neighboursReach`, reckoned without them all).
    package func reach(_ place: Place, _ index: AddressIndex) -> Bool {
        guard !positions.isEmpty else { return false }
        let p = LonLat(place.coordinate.longitude, place.coordinate.latitude)
        let reach = index.neighboursReach(at: p, address: place.address, excluding: ids)
        let frame = PlanarFrame(p)
        let span = frame.degrees(reach)
        var near = false
        grid.items(around: p, latitudeDegrees: span.latitude, longitudeDegrees: span.longitude) { item in
            let q = frame.point(positions[Int(item)])
            if (q.x * q.x + q.y * q.y).squareRoot() <= reach { near = true }
        }
        return near
    }
}

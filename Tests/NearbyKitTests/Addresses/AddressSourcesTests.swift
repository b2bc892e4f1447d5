import Testing

@testable import NearbyKit

/// What an update compares: the sources an element had and those it is
/// exported with again.
struct AddressSourcesTests {
    static let street = NamedStreet(
        id: "w1", name: "Avenue de la Costa", kind: .road, lines: [[LonLat(7.42, 43.74), LonLat(7.43, 43.74)]])
    static let point = AddressPoint(
        id: "n2", position: LonLat(7.425, 43.741), outline: [], address: ["street": "Avenue de la Costa", "housenumber": "12"])

    @Test func anIDIsUnchangedOnlyWhenAllItsSourcesAreTheSame() {
        var moved = Self.point
        moved.position = LonLat(7.426, 43.741)
        var renamed = Self.street
        renamed.name = "Boulevard des Moulins"
        let outline = AddressPoint(id: "w1", position: LonLat(7.42, 43.74), outline: [], address: ["housenumber": "1"])
        let asStored = AddressSources(streets: [Self.street], points: [Self.point, outline])
        #expect(asStored.unchangedIDs(comparedWith: AddressSources(streets: [Self.street], points: [Self.point])) == ["n2"])
        #expect(asStored.unchangedIDs(comparedWith: AddressSources(streets: [renamed], points: [moved])) == [])
        #expect(asStored.unchangedIDs(comparedWith: asStored) == ["w1", "n2"])
        #expect(asStored.filter { $0 == "w1" } == AddressSources(streets: [Self.street], points: [outline]))
    }
}

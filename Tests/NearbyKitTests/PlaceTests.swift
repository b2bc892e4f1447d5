import Testing

@testable import NearbyKit

/// `Place` shares one box of fields between copies; it must still behave as a value.
struct PlaceTests {
    static let cafe = Place(
        id: "n4316767531", name: "Café de Paris", category: .cafe, otherCategories: [.restaurant, .cafe],
        coordinate: try! Coordinate(latitude: 43.7396, longitude: 7.4276), openingHours: "Mo-Su 08:00-02:00",
        tags: ["cuisine": "french"])

    @Test func settingAFieldOfACopyLeavesTheOriginal() {
        var copy = Self.cafe
        copy.name = "Café de Monte-Carlo"
        copy.tags["outdoor_seating"] = "yes"
        copy.openingHours = nil
        #expect(Self.cafe.name == "Café de Paris")
        #expect(Self.cafe.tags == ["cuisine": "french"])
        #expect(Self.cafe.openingHours == "Mo-Su 08:00-02:00")
        #expect(copy.name == "Café de Monte-Carlo")
        #expect(copy.tags == ["cuisine": "french", "outdoor_seating": "yes"])
        #expect(copy.openingHours == nil)
    }

    @Test func equalityAndHashingFollowTheFieldsNotTheBox() {
        var renamed = Self.cafe
        renamed.name = "Café de Paris"  // a box of its own, the same fields
        #expect(renamed == Self.cafe)
        #expect(renamed.hashValue == Self.cafe.hashValue)
        renamed.phone = "+377 98 06 76 23"
        #expect(renamed != Self.cafe)
        #expect(Set([Self.cafe, renamed, Self.cafe]).count == 2)
    }

    @Test func theMainKindIsNotRepeated() {
        #expect(Self.cafe.otherCategories == [.restaurant])
        #expect(Self.cafe.categories == [.cafe, .restaurant])
    }
}

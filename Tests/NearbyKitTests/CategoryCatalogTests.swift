import Foundation
import Testing

@testable import NearbyKit

struct CategoryCatalogTests {
    @Test func theTableCoversWhatANearbyAppIsAskedFor() {
        #expect(PlaceCategory.allCases.count >= 80)
        #expect(
            PlaceCategoryGroup.allCases.map(\.rawValue) == [
                "food", "shopping", "money", "health", "transport", "lodging", "culture", "leisure", "services", "worship", "education",
            ])
        for id in [
            "fast_food", "pub", "biergarten", "ice_cream", "dentist", "doctor", "clinic", "veterinary", "parking", "charging_station",
            "bicycle_rental", "bus_stop", "tram_stop", "train_station", "taxi", "park", "playground", "sports_centre",
            "swimming_pool", "toilets", "drinking_water", "library", "police", "town_hall", "place_of_worship", "school",
        ] {
            #expect(PlaceCategory(rawValue: id) != nil, "no category \(id)")
        }
    }

    /// Every tag of every category makes that category when it is a place's
    /// only tag: none is shadowed by another row or by the key order.
    @Test func everyCategoryIsReachableFromItsTags() {
        for category in PlaceCategory.allCases {
            for tag in category.osmTags {
                let parts = tag.split(separator: "=", maxSplits: 1).map(String.init)
                #expect(PlaceCategory.categories(forTags: [parts[0]: parts[1]]) == [category], "\(tag)")
            }
        }
    }

    @Test func everyCategoryHasWhatAMapAndAListNeed() {
        var googleTypes = Set<String>()
        for category in PlaceCategory.allCases {
            #expect(!category.singularName.isEmpty && !category.displayName.isEmpty && !category.sectionTitle.isEmpty)
            #expect(category.glyph.unicodeScalars.count == 1)
            #expect(category.group.categories.contains(category))
            if let google = category.googleType { #expect(googleTypes.insert(google).inserted, "\(google) twice") }
            #expect(PlaceCategory(apiType: category.apiType) == category)
        }
    }

    @Test func aPlaceCanBeSeveralKindsMainOneFirst() {
        #expect(PlaceCategory.categories(forTags: ["amenity": "bank", "atm": "yes"]) == [.bank, .atm])
        #expect(PlaceCategory.categories(forTags: ["tourism": "hotel", "amenity": "restaurant"]) == [.restaurant, .hotel])
        #expect(PlaceCategory.categories(forTags: ["amenity": "pub"]) == [PlaceCategory(rawValue: "pub")])
        #expect(PlaceCategory.categories(forTags: ["amenity": "bench"]).isEmpty)
        #expect(PlaceCategory.categories(forTags: ["highway": "primary"]).isEmpty)
    }

    @Test func osmiumReadsOnlyTheValuesOfNarrowKeys() {
        let filters = CategoryCatalog.shared.osmiumFilters
        #expect(filters.contains("nwr/amenity"))
        #expect(filters.contains { $0.hasPrefix("nwr/highway=") && $0.contains("bus_stop") })
        #expect(!filters.contains("nwr/highway"))
    }

    @Test func userInputNamesCategoriesAndGroups() {
        #expect(PlaceCategory(userInput: "cafes") == .cafe)
        #expect(PlaceCategory(userInput: "Café") == .cafe)
        #expect(PlaceCategory(userInput: "ATMs") == .atm)
        #expect(PlaceCategory(userInput: "night club") == .nightclub)
        #expect(PlaceCategory(userInput: "post-office") == .postOffice)
        #expect(PlaceCategory(userInput: "spaceport") == nil)
        #expect(PlaceCategoryGroup(userInput: "Food & Drink")?.categories.contains(.cafe) == true)
        #expect(PlaceCategoryGroup(userInput: "food") == PlaceCategoryGroup(rawValue: "food"))
    }

    @Test func aBrokenTableIsRefusedWithItsReason() {
        func reason(_ json: String) -> String? {
            do {
                _ = try CategoryCatalog(json: Data(json.utf8))
                return nil
            } catch {
                return error.reason
            }
        }
        let group = #"{"id": "food", "name": "Food", "section": "Eat"}"#
        func table(_ categories: String) -> String {
            #"{"keyPriority": ["amenity"], "wholeKeys": ["amenity"], "groups": [\#(group)], "categories": [\#(categories)]}"#
        }
        func row(_ id: String, tags: String = #"["amenity=cafe"]"#, colour: String = "#112233", group: String = "food") -> String {
            #"{"id": "\#(id)", "group": "\#(group)", "name": "N", "plural": "Ns", "section": "S", "google": null, "#
                + #""tags": \#(tags), "terms": [], "colour": "\#(colour)", "glyph": "x"}"#
        }
        #expect(reason(table(row("cafe"))) == nil)
        #expect(reason(table(row("cafe") + "," + row("cafe2"))) == "cafe2: tag amenity=cafe belongs to another category too")
        #expect(reason(table(row("cafe") + "," + row("cafe"))) == "category cafe appears twice")
        #expect(reason(table(row("cafe", group: "drink"))) == "cafe: no group drink")
        #expect(reason(table(row("cafe", colour: "brown"))) == "cafe: colour brown is not #RRGGBB")
        #expect(reason(table(row("cafe", tags: #"["shop=bakery"]"#))) == "cafe: key shop is not in keyPriority")
        #expect(reason(table(row("Cafe"))) == "category id Cafe is not lowercase snake_case")
    }
}

struct NodeAreaMergeTests {
    private static let square: [InteriorPoint.Polygon] = [[[(7.0, 43.0), (7.001, 43.0), (7.001, 43.001), (7.0, 43.001)]]]

    private func place(
        _ id: String, _ name: String, _ category: PlaceCategory, lat: Double = 43.0005, lon: Double = 7.0005,
        address: PostalAddress? = nil, hours: String? = nil
    ) throws -> Place {
        Place(
            id: id, name: name, category: category, coordinate: try Coordinate(latitude: lat, longitude: lon),
            address: address, openingHours: hours)
    }

    @Test func aNodeInsideItsBuildingBecomesOnePlace() throws {
        var merge = NodeAreaMerge()
        let casino = PostalAddress(components: [AddressComponent(.route, "Place du Casino", rule: .tags)])
        let building = try place("w1", "Café de Paris", .cafe, address: casino)
        merge.add(building, polygons: Self.square)
        let node = try place("n1", "Café de Paris", .cafe, hours: "Mo-Su 08:00-02:00")
        let (places, folded) = merge.merged([node, building])
        #expect(folded == ["n1": ["w1"]])
        #expect(places.map(\.id) == ["n1"])
        #expect(places[0].address == casino)
        #expect(places[0].openingHours == "Mo-Su 08:00-02:00")
    }

    @Test func anotherNameKindOrPositionKeepsBoth() throws {
        var merge = NodeAreaMerge()
        let building = try place("w1", "Café de Paris", .cafe)
        merge.add(building, polygons: Self.square)
        let others = [
            try place("n1", "Le Bar Américain", .cafe),
            try place("n2", "Café de Paris", .bar),
            try place("n3", "Café de Paris", .cafe, lat: 43.002),
        ]
        let (places, folded) = merge.merged(others + [building])
        #expect(folded.isEmpty)
        #expect(places.count == 4)
    }

    @Test func aHoleIsOutside() throws {
        let courtyard: [InteriorPoint.Polygon] = [
            [
                [(0, 0), (10, 0), (10, 10), (0, 10)], [(2, 2), (8, 2), (8, 8), (2, 8)],
            ]
        ]
        #expect(NodeAreaMerge.contains(courtyard, try Coordinate(latitude: 1, longitude: 1)))
        #expect(!NodeAreaMerge.contains(courtyard, try Coordinate(latitude: 5, longitude: 5)))
    }
}

struct CategoryDocumentTests {
    /// docs/openapi.yaml lists the category ids its `PlaceCategory` schema allows.
    @Test func theAPIDocumentListsEveryCategory() throws {
        let document = try String(contentsOf: Repository.root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
        let schema = try #require(document.range(of: "    PlaceCategory:\n"))
        let rest = document[schema.upperBound...]
        let list = try #require(rest.range(of: "enum: [")).upperBound
        let end = try #require(rest[list...].firstIndex(of: "]"))
        let ids = rest[list..<end].split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        #expect(ids == PlaceCategory.allCases.map(\.rawValue))
    }
}

struct NameQueryTests {
    private func place(_ name: String, _ category: PlaceCategory = .cafe, tags: [String: String] = [:]) throws -> Place {
        Place(id: "n1", name: name, category: category, coordinate: try Coordinate(latitude: 0, longitude: 0), tags: tags)
    }

    @Test func wordsMatchWholeThenAsPrefixesInAnyOrderAccentsIgnored() throws {
        let cafe = try place("Café de Paris")
        #expect(NameQuery("cafe de paris").match(cafe) == .word)
        #expect(NameQuery("PARIS CAFÉ").match(cafe) == .word)
        #expect(NameQuery("caf par").match(cafe) == .prefix)
        #expect(NameQuery("cafe london").match(cafe) == nil)
        #expect(NameQuery("café-de-paris").match(cafe) == .word)
    }

    @Test func oneTypoInLongerWords() throws {
        let restaurant = try place("Restaurant du Port", .restaurant)
        #expect(NameQuery("restaurnt").match(restaurant) == .typo)
        #expect(NameQuery("resturant port").match(restaurant) == .typo)
        #expect(NameQuery("rsetaurant").match(restaurant) == .typo)  // two letters swapped
        #expect(NameQuery("restaurnat du").match(restaurant) == .typo)
        #expect(NameQuery("restaura").match(restaurant) == .prefix)
        #expect(NameQuery("restuara").match(restaurant) == nil)  // a typo in a word's start is not looked for
        #expect(NameQuery("restaurantt").match(restaurant) == .typo)  // a letter more
        #expect(NameQuery("rstrnt").match(restaurant) == nil)  // three edits
        #expect(NameQuery("pord").match(restaurant) == nil)  // four letters: no typo allowed
    }

    @Test func brandsOtherLanguagesAndKindsAreSearched() throws {
        let atm = try place("Distributeur", .atm, tags: ["brand": "Société Générale", "name:en": "Cash machine"])
        #expect(NameQuery("atm").match(atm) == .kind)
        #expect(NameQuery("cashpoint").match(atm) == .kind)
        #expect(NameQuery("generale").match(atm) == .word)
        #expect(NameQuery("cash mach").match(atm) == .prefix)
        #expect(NameQuery("distributeur atm").match(atm) == .kind)
    }

    @Test func foldingKeepsWordsWholeInEveryScript() {
        #expect(SearchWords.of("Café-de-Paris") == ["cafe", "de", "paris"])
        #expect(SearchWords.of("Jimmy’z Monte-Carlo") == ["jimmy", "z", "monte", "carlo"])
        #expect(SearchWords.of("Straße ŒUVRE Æble") == ["strasse", "oeuvre", "aeble"])
        #expect(SearchWords.of("Ρεστοράν Ακρόπολη") == ["ρεστοραν", "ακροπολη"])
        #expect(SearchWords.of("ร้านอาหาร สยาม") == ["รานอาหาร", "สยาม"])  // a tone mark dropped, as an accent
        #expect(SearchWords.of("हिंदी भवन").count == 2)  // vowel signs stay in their word
        #expect(SearchWords.of("東京タワー 2") == ["東京タワー", "2"])
    }

    @Test func qualityOrdersAnswersBeforeDistance() throws {
        // Exact words, then prefixes, then kinds, then typos.
        #expect([NameMatch.typo, .word, .kind, .prefix].sorted() == [.word, .prefix, .kind, .typo])
    }
}

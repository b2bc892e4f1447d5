import Testing

@testable import NearbyKit

/// Each of the rules, on sources laid out by hand in metres around one
/// position (`AddressIndex`'s order: own tags, building, address point,
/// street, then areas, place nodes and neighbours).
struct AddressIndexTests {
    static let here = LonLat(7.4246, 43.7384)
    static let frame = PlanarFrame(here)

    /// The position `x` metres east and `y` north of `here`.
    static func at(_ x: Double, _ y: Double) -> LonLat { frame.position(x: x, y: y) }

    /// A square of `half` metres each way around (x, y).
    static func square(_ x: Double, _ y: Double, _ half: Double) -> Polygon {
        [[at(x - half, y - half), at(x + half, y - half), at(x + half, y + half), at(x - half, y + half), at(x - half, y - half)]]
    }

    static func street(_ id: String, _ name: String, kind: NamedStreet.Kind = .road, from a: (Double, Double), to b: (Double, Double))
        -> NamedStreet
    {
        NamedStreet(id: id, name: name, kind: kind, lines: [[at(a.0, a.1), at(b.0, b.1)]])
    }

    /// A road 30 m north running east–west, a footpath 10 m south.
    static let streets = [
        street("w1", "Boulevard des Moulins", from: (-500, 30), to: (500, 30)),
        street("w2", "Escaliers Sainte-Dévote", kind: .path, from: (-500, -10), to: (500, -10)),
    ]

    static func resolve(
        _ sources: AddressSources, at position: LonLat = here, own: [AddressComponent] = [], excluding: Set<PlaceID> = [],
        language: String? = nil
    ) -> PostalAddress? {
        AddressIndex(sources).resolve(at: position, own: own, excluding: excluding, language: language)?.address
    }

    /// On the line between two districts (a vertex they share, a point of an edge), both hold it, as
    /// PostGIS's `ST_Covers` says; a point beside the line, one.
    @Test func aPointOnAnOutlineIsInside() throws {
        let west = try #require(
            BandedPolygon([[[Self.at(-100, -50), Self.at(0, -50), Self.at(0, 50), Self.at(-100, 50), Self.at(-100, -50)]]]))
        let east = try #require(BandedPolygon([[[Self.at(0, -50), Self.at(100, -50), Self.at(100, 50), Self.at(0, 50), Self.at(0, -50)]]]))
        for shared in [Self.at(0, 50), Self.at(0, -50)] { #expect(west.contains(shared) && east.contains(shared)) }
        let onEdge = LonLat(Self.at(0, 50).longitude, Self.here.latitude)
        #expect(west.contains(onEdge) && east.contains(onEdge))
        #expect(west.contains(Self.at(-1, 0)) && !east.contains(Self.at(-1, 0)))
    }

    @Test func ownTagsComeFirst() throws {
        let own = [AddressComponent(.route, "Rue Grimaldi", rule: .tags), AddressComponent(.streetNumber, "45", rule: .tags)]
        let address = try #require(Self.resolve(AddressSources(streets: Self.streets), own: own))
        #expect(address[.route]?.longName == "Rue Grimaldi")
        #expect(address[.streetNumber]?.rule == .tags)
    }

    @Test func theAddressedBuildingAroundThePlace() throws {
        let building = AddressPoint(
            id: "w10", position: Self.at(0, 0), outline: [Self.square(0, 0, 8)],
            address: ["housenumber": "2", "street": "Avenue de la Costa", "postcode": "98000"])
        let sources = AddressSources(streets: Self.streets, points: [building])
        let address = try #require(Self.resolve(sources, at: Self.at(3, -2)))
        #expect(address[.route]?.longName == "Avenue de la Costa")
        #expect(address[.streetNumber]?.longName == "2")
        #expect(address[.route]?.rule == .building)
        #expect(address[.postalCode]?.rule == .building)
        // The same building left out (the place's own element, when its tags are hidden): the nearest street
        // instead, the footpath 8 m away (counting 24 m) before the road 32 m away.
        let without = try #require(Self.resolve(sources, at: Self.at(3, -2), excluding: ["w10"]))
        #expect(without[.route]?.longName == "Escaliers Sainte-Dévote")
        #expect(without[.streetNumber] == nil)
    }

    @Test func anAddressPointAFewMetresAwayButNeverAcrossAStreet() throws {
        let near = AddressPoint(id: "n20", position: Self.at(4, 3), address: ["housenumber": "7", "street": "Avenue de Grande-Bretagne"])
        var address = try #require(Self.resolve(AddressSources(streets: Self.streets, points: [near])))
        #expect(address[.streetNumber]?.longName == "7")
        #expect(address[.route]?.rule == .addressPoint)
        // Across the footpath, 6 m away: the number belongs to the other side.
        let across = AddressPoint(
            id: "n21", position: Self.at(0, -12), address: ["housenumber": "9", "street": "Avenue de Grande-Bretagne"])
        address = try #require(Self.resolve(AddressSources(streets: Self.streets, points: [across]), at: Self.at(0, -7)))
        #expect(address[.streetNumber] == nil)
        #expect(address[.route]?.rule == .street)
        // Farther than `pointReach`: not the same spot.
        let far = AddressPoint(id: "n22", position: Self.at(12, 0), address: ["housenumber": "11", "street": "Avenue de Grande-Bretagne"])
        address = try #require(Self.resolve(AddressSources(streets: Self.streets, points: [far])))
        #expect(address[.streetNumber] == nil)
    }

    @Test func anElementThatNamesOnlyItsStreetGivesTheStreet() throws {
        let entrance = AddressPoint(id: "n23", position: Self.at(3, 4), address: ["street": "Place d'Armes"])
        let address = try #require(Self.resolve(AddressSources(streets: Self.streets, points: [entrance])))
        #expect(address[.route]?.longName == "Place d'Armes")
        #expect(address[.route]?.rule == .addressPoint)
        #expect(address[.streetNumber] == nil)
    }

    @Test func anAddressedOutlineIsAsNearAsItsEdge() throws {
        // A building 20 m across whose middle is 16 m east: its wall is 6 m away, within `pointReach`.
        let building = AddressPoint(
            id: "w24", position: Self.at(16, 0), outline: [Self.square(16, 0, 10)],
            address: ["housenumber": "3", "street": "Avenue de la Costa"])
        var address = try #require(Self.resolve(AddressSources(streets: Self.streets, points: [building])))
        #expect(address[.route]?.longName == "Avenue de la Costa")
        #expect(address[.streetNumber]?.longName == "3")
        #expect(address[.route]?.rule == .addressPoint)
        // Its wall 12 m away: not the same spot.
        address = try #require(Self.resolve(AddressSources(streets: Self.streets, points: [building]), at: Self.at(-6, 0)))
        #expect(address[.route]?.rule == .street)
        // Inside a block 60 m across, where the smallest outline around gives a postcode and no street: the block's
        // street, its wall 29 m away.
        let block = AddressPoint(
            id: "r26", position: Self.at(0, 0), outline: [Self.square(0, 0, 30)], address: ["street": "Avenue de la Costa"])
        let wing = AddressPoint(id: "w27", position: Self.at(0, 0), outline: [Self.square(0, 0, 3)], address: ["postcode": "98001"])
        address = try #require(Self.resolve(AddressSources(streets: Self.streets, points: [block, wing]), at: Self.at(0, 1)))
        #expect(address[.route]?.longName == "Avenue de la Costa" && address[.route]?.rule == .addressPoint)
        #expect(address[.postalCode]?.longName == "98001" && address[.postalCode]?.rule == .building)
    }

    @Test func aNumberOfItsOwnInsideTheBuildingComesBeforeTheBuildings() throws {
        // A block 60 m across with one address, and a shop's own entrance 12 m from the place, inside it.
        let block = AddressPoint(
            id: "r25", position: Self.at(0, 0), outline: [Self.square(0, 0, 30)],
            address: ["street": "Place du Casino", "postcode": "98000"])
        let shop = AddressPoint(id: "n26", position: Self.at(12, 0), address: ["housenumber": "2", "street": "Avenue Princesse Alice"])
        var address = try #require(Self.resolve(AddressSources(points: [block, shop])))
        #expect(address[.route]?.longName == "Avenue Princesse Alice")
        #expect(address[.streetNumber]?.longName == "2")
        #expect(address[.route]?.rule == .addressPoint)
        #expect(address[.postalCode]?.rule == .building)
        // 18 m away, beyond `pointReachInBuilding`: the building's address.
        address = try #require(Self.resolve(AddressSources(points: [block, shop]), at: Self.at(-6, 0)))
        #expect(address[.route]?.longName == "Place du Casino")
        #expect(address[.route]?.rule == .building)
        #expect(address[.streetNumber] == nil)
    }

    @Test func theNearestStreetWeighedByItsKind() throws {
        // The footpath is 10 m away (counts 30 m), the road 30 m: the footpath, just.
        var address = try #require(Self.resolve(AddressSources(streets: Self.streets)))
        #expect(address[.route]?.longName == "Escaliers Sainte-Dévote")
        // 5 m nearer the road: the road.
        address = try #require(Self.resolve(AddressSources(streets: Self.streets), at: Self.at(0, 5)))
        #expect(address[.route]?.longName == "Boulevard des Moulins")
        #expect(address[.route]?.rule == .street)
        // A main road 14 m away (counts 9.3 m) before another 10 m away: a corner building is numbered on the main road.
        let corner = [
            Self.street("w4", "Rue Grimaldi", kind: .main, from: (-500, 14), to: (500, 14)),
            Self.street("w5", "Rue de la Turbie", from: (-10, -500), to: (-10, 500)),
        ]
        address = try #require(Self.resolve(AddressSources(streets: corner)))
        #expect(address[.route]?.longName == "Rue Grimaldi")
        // Beyond `streetReach`, no street.
        let far = [Self.street("w3", "Route Lointaine", from: (-500, 150), to: (500, 150))]
        #expect(Self.resolve(AddressSources(streets: far)) == nil)
    }

    @Test func aPlaceOnASquareIsOnTheSquare() throws {
        let square = NamedStreet(id: "w30", name: "Place du Casino", kind: .square, lines: Self.square(0, 0, 40))
        let address = try #require(Self.resolve(AddressSources(streets: Self.streets + [square])))
        #expect(address[.route]?.longName == "Place du Casino")
    }

    static let areas = [
        AddressArea(
            id: "r1", kind: .administrative(level: 2), name: "Monaco", names: ["en": "Monaco"], code: "MC", polygons: [square(0, 0, 5000)]),
        AddressArea(
            id: "r2", kind: .administrative(level: 8), name: "Monaco", names: ["it": "Monaco"], postcode: "98000",
            polygons: [square(0, 0, 3000)]),
        AddressArea(
            id: "r3", kind: .administrative(level: 10), name: "Monte-Carlo", names: ["ru": "Монте-Карло"], polygons: [square(0, 0, 500)]),
        AddressArea(
            id: "r4", kind: .administrative(level: 4), name: "Provence-Alpes-Côte d'Azur", code: "FR-PAC",
            polygons: [square(4000, 0, 500)]),
    ]

    @Test func theAreasItLiesInByAdminLevel() throws {
        let address = try #require(Self.resolve(AddressSources(streets: Self.streets, areas: Self.areas)))
        #expect(address[.country]?.longName == "Monaco")
        #expect(address[.country]?.shortName == "MC")
        #expect(address[.locality]?.longName == "Monaco")
        #expect(address[.sublocality]?.longName == "Monte-Carlo")
        #expect(address[.postalCode]?.longName == "98000")
        #expect(address[.locality]?.rule == .area)
        #expect(address.formatted == "Escaliers Sainte-Dévote, 98000 Monaco")
        // In another language where the area has a name in it.
        let russian = try #require(Self.resolve(AddressSources(streets: Self.streets, areas: Self.areas), language: "ru"))
        #expect(russian[.sublocality]?.longName == "Монте-Карло")
        // Outside the district, not in it; a region gives its ISO 3166-2 code, short.
        let east = try #require(Self.resolve(AddressSources(areas: Self.areas), at: Self.at(4000, 0)))
        #expect(east[.sublocality] == nil)
        #expect(east[.administrativeAreaLevel1]?.shortName == "PAC")
    }

    @Test func theNearestPlaceNodeOfTheRightRankWithinItsReach() throws {
        let nodes = [
            PlaceNode(id: "n40", rank: .town, name: "Beausoleil", position: Self.at(0, 5000)),
            PlaceNode(id: "n41", rank: .village, name: "La Turbie", position: Self.at(0, -2000)),
            PlaceNode(id: "n42", rank: .suburb, name: "Moneghetti", position: Self.at(800, 0)),
        ]
        let address = try #require(Self.resolve(AddressSources(placeNodes: nodes)))
        // La Turbie is 2 km away of its 2.5 km reach (0.8), Beausoleil 5 km of 6 km (0.83): the village.
        #expect(address[.locality]?.longName == "La Turbie")
        #expect(address[.locality]?.rule == .placeNode)
        #expect(address[.sublocality]?.longName == "Moneghetti")
        // 3 km from the village, beyond its reach: the town.
        let north = try #require(Self.resolve(AddressSources(placeNodes: nodes), at: Self.at(0, 1000)))
        #expect(north[.locality]?.longName == "Beausoleil")
    }

    @Test func thePostcodeOfTheNeighboursButNotAcrossABorder() throws {
        let town = [AddressArea(id: "r2", kind: .administrative(level: 8), name: "Monaco", polygons: [Self.square(0, 0, 3000)])]
        let neighbours = [
            AddressPoint(id: "n50", position: Self.at(50, 0), address: ["postcode": "98000", "city": "Monaco"]),
            AddressPoint(id: "n51", position: Self.at(60, 0), address: ["postcode": "98000"]),
            AddressPoint(id: "n52", position: Self.at(20, 0), address: ["postcode": "06240", "city": "Beausoleil"]),
            AddressPoint(id: "n53", position: Self.at(70, 0), address: ["postcode": "98000", "country": "MC"]),
        ]
        let address = try #require(Self.resolve(AddressSources(points: neighbours, areas: town)))
        #expect(address[.postalCode]?.longName == "98000")
        #expect(address[.postalCode]?.rule == .neighbours)
        // The country from their addr:country, named from its code (ICU, English by default).
        #expect(address[.country]?.longName == "Monaco")
        #expect(address[.country]?.shortName == "MC")
        let french = [AddressPoint(id: "n54", position: Self.at(30, 0), address: ["postcode": "75001", "country": "FR"])]
        #expect(try #require(Self.resolve(AddressSources(points: french)))[.country]?.longName == "France")
        #expect(try #require(Self.resolve(AddressSources(points: french), language: "de"))[.country]?.longName == "Frankreich")
    }

    /// How near a changed element must come to change what the neighbours
    /// give: the fifth nearest's distance when the ring that votes holds
    /// five, else the ring's reach; elements that disagree with the town, and
    /// those left out (the changed ones), do not count.
    @Test func theNeighboursReachIsTheFifthNearestOrTheRing() throws {
        let town = [AddressArea(id: "r2", kind: .administrative(level: 8), name: "Monaco", polygons: [Self.square(0, 0, 3000)])]
        func points(_ metres: [Double], city: String = "Monaco") -> [AddressPoint] {
            metres.enumerated().map {
                AddressPoint(id: "n\(60 + $0.offset)", position: Self.at($0.element, 0), address: ["postcode": "98000", "city": city])
            }
        }
        let derived = try #require(Self.resolve(AddressSources(points: points([20, 40]), areas: town)))
        func reach(_ points: [AddressPoint], excluding: Set<PlaceID> = []) -> Double {
            AddressIndex(AddressSources(points: points, areas: town)).neighboursReach(at: Self.here, address: derived, excluding: excluding)
        }
        #expect(abs(reach(points([10, 20, 30, 40, 50, 60])) - 50) < 0.01)
        #expect(reach(points([10, 20, 30, 40])) == 150)
        #expect(reach(points([10, 20, 200, 250])) == 400)
        #expect(abs(reach(points([10, 20, 200, 250, 300, 350])) - 300) < 0.01)
        #expect(reach(points([10, 20])) == 1_000)
        #expect(reach([]) == 1_000)
        // Beausoleil's postcodes are not borrowed in Monaco; n60 and n61 left out as changed.
        #expect(reach(points([10, 20, 30, 40, 50, 60], city: "Beausoleil")) == 1_000)
        #expect(reach(points([10, 20, 30, 40, 50, 60]), excluding: ["n60", "n61"]) == 150)
    }

    @Test func aPostalBoundaryGivesThePostcode() throws {
        let postal = AddressArea(
            id: "r60", kind: .postalCode, name: "06320 Cap-d'Ail", postcode: "06320", polygons: [Self.square(0, 0, 800)])
        let address = try #require(Self.resolve(AddressSources(areas: [postal])))
        #expect(address[.postalCode]?.longName == "06320")
        #expect(address[.postalCode]?.rule == .area)
    }

    @Test func theNetherlandsNameTheirTownsAtLevel10() throws {
        let areas = [
            AddressArea(
                id: "r70", kind: .administrative(level: 2), name: "Nederland", names: ["en": "Netherlands"], code: "NL",
                polygons: [Self.square(0, 0, 9000)]),
            AddressArea(id: "r71", kind: .administrative(level: 8), name: "Súdwest-Fryslân", polygons: [Self.square(0, 0, 8000)]),
            AddressArea(id: "r72", kind: .administrative(level: 10), name: "Sneek", polygons: [Self.square(0, 0, 2000)]),
        ]
        let address = try #require(Self.resolve(AddressSources(areas: areas)))
        #expect(address[.locality]?.longName == "Sneek")
        #expect(address[.country]?.longName == "Netherlands")
        #expect(address[.sublocality] == nil)
    }

    @Test func nothingKnownIsNil() {
        #expect(Self.resolve(AddressSources()) == nil)
        #expect(Self.resolve(AddressSources(streets: Self.streets, areas: Self.areas), at: LonLat(-150, -40)) == nil)
    }

    @Test func theCoverageAimsAreMeasuredIndependently() {
        let index = AddressIndex(AddressSources(streets: Self.streets, areas: Self.areas))
        func measured(_ p: LonLat, own: [AddressComponent] = []) -> (Bool, Bool) {
            let measure = index.resolveAndMeasure(at: p, own: own)
            return (measure.populated, measure.nearStreet)
        }
        #expect(measured(Self.here) == (true, true))
        // A street of its own: the street near it is looked for all the same.
        #expect(measured(Self.here, own: [AddressComponent(.route, "Rue Grimaldi", rule: .tags)]) == (true, true))
        #expect(measured(Self.at(0, 2000)) == (true, false))  // in Monaco (level 8), 2 km from the road
        #expect(measured(Self.at(0, 4000)) == (false, false))  // only in the country
    }

    /// Across the antimeridian, the grid's cells wrap: a street 20 m east of 180° is found from 20 m west.
    @Test func theAntimeridianIsNoEdge() throws {
        let west = LonLat(179.99985, -16.5)
        let street = NamedStreet(id: "w80", name: "Queens Road", lines: [[LonLat(-179.9999, -16.51), LonLat(-179.9999, -16.49)]])
        let address = try #require(AddressIndex(AddressSources(streets: [street])).resolve(at: west)?.address)
        #expect(address[.route]?.longName == "Queens Road")
    }

    /// Boxes a store file got wrong (found by the GeoPackage fuzzer: a
    /// longitude of 1e300) are filed without a crash, or not at all.
    @Test func aGridTakesAnyBoxAStoreHolds() {
        var grid = CellGrid(cellDegrees: 0.1)
        grid.insert(1, box: BoundingBox(minLongitude: 7.4, minLatitude: 43.7, maxLongitude: 1e300, maxLatitude: 43.8))
        grid.insert(2, box: BoundingBox(minLongitude: -.infinity, minLatitude: .nan, maxLongitude: .nan, maxLatitude: .infinity))
        grid.insert(3, box: BoundingBox(minLongitude: 7.4, minLatitude: 44.0, maxLongitude: 7.5, maxLatitude: 43.0))
        grid.insert(4, box: BoundingBox(minLongitude: 8.5, minLatitude: 43.7, maxLongitude: 7.4, maxLatitude: 43.8))
        var found: Set<Int32> = []
        grid.items(around: Self.here, latitudeDegrees: 0.01, longitudeDegrees: 0.01) { found.insert($0) }
        #expect(found.contains(1) && !found.contains(3) && !found.contains(4))
    }

    /// Found by the GeoPackage fuzzer: one segment of a street from the Bay of
    /// Biscay to the Gulf of Guinea filed under every 0.002° cell of its box
    /// (88 million) took 6 GB. Along its length it takes a few thousand, and
    /// is found beside any part of it; a box of more cells than the grid
    /// files is given everywhere.
    @Test func aLongSegmentIsFiledAlongItself() throws {
        let street = NamedStreet(id: "w90", name: "Route du Désert", lines: [[LonLat(-0.572, 43.739), LonLat(7.428, -0.113)]])
        let index = AddressIndex(AddressSources(streets: [street]))
        let onIt = LonLat(-0.572 + 8 * 0.25, 43.739 - 43.852 * 0.25)
        let address = try #require(index.resolve(at: LonLat(onIt.longitude + 0.0002, onIt.latitude))?.address)
        #expect(address[.route]?.longName == "Route du Désert")
        #expect(index.resolve(at: LonLat(7.428 - 1, 43.739 - 1)) == nil)

        var grid = CellGrid(cellDegrees: 0.1, maxCells: 4)
        grid.insert(1, box: BoundingBox(minLongitude: 7, minLatitude: 43, maxLongitude: 8, maxLatitude: 44))
        var found: [Int32] = []
        grid.items(around: LonLat(-120, -40), latitudeDegrees: 0, longitudeDegrees: 0) { found.append($0) }
        #expect(found == [1])
    }
}

import Testing

@testable import NearbyKit

/// The geocoder on sources laid out by hand, for what Monaco's data does
/// not hold (the cases Benchmarks/addresses/forward found on Liechtenstein).
struct GeocoderTests {
    typealias Layout = AddressIndexTests

    /// A municipality's boundary, a village node inside it of another name,
    /// and two streets whose names fold alike, the one spelt with an umlaut
    /// farther from the bias and later by id.
    static let sources: AddressSources = {
        var sources = AddressSources()
        sources.areas = [
            AddressArea(id: "r1", kind: .administrative(level: 8), name: "Eschen", polygons: [Layout.square(0, 0, 3000)]),
            AddressArea(
                id: "r2", kind: .administrative(level: 2), name: "Liechtenstein", code: "LI", polygons: [Layout.square(0, 0, 9000)]),
        ]
        sources.placeNodes = [
            PlaceNode(id: "n10", rank: .town, name: "Eschen", position: Layout.at(-1000, 0)),
            PlaceNode(id: "n11", rank: .village, name: "Nendeln", position: Layout.at(1500, 500)),
        ]
        sources.streets = [
            Layout.street("w4", "Bodastrasse", from: (-200, 100), to: (200, 100)),
            Layout.street("w5", "Bödastrasse", from: (2000, -1500), to: (2500, -1500)),
        ]
        return sources
    }()

    let geocoder = Geocoder(AddressIndex(Self.sources))

    func answer(_ text: String) throws -> [GeocodeCandidate] {
        let request = GeocodeRequest(
            text: text, bias: .init(position: try Coordinate(latitude: Layout.here.latitude, longitude: Layout.here.longitude)))
        return geocoder.answer(try request.question(), request)
    }

    /// A village whose name no address there holds (the boundary says Eschen) is still found by its name.
    @Test func aVillageInsideAMunicipalityOfAnotherName() throws {
        let first = try #require(try answer("Nendeln").first)
        #expect(first.id == "n11")
        #expect(first.kind == .area(.locality))
        #expect(first.address[.locality]?.longName == "Nendeln")
        #expect(first.address[.country]?.longName == "Liechtenstein")
        #expect(!first.partialMatch)
        #expect(try answer("Eschen").first?.id == "r1")
    }

    /// Of two names that fold alike, the one spelt as typed comes first, whatever the bias or the ids say.
    @Test func theSpellingTypedWinsOverAFoldedTwin() throws {
        #expect(try answer("Bödastrasse").first?.id == "w5")
        #expect(try answer("Bodastrasse").first?.id == "w4")
    }

    /// A tunnel and a named alp (`place=locality`) are found by their names,
    /// yet no address is on the one or in the other; without a number, a
    /// village comes before a lane of its name nearer the bias.
    @Test func whatIsFoundByNameOnlyAndAVillageBeforeALane() throws {
        var sources = Self.sources
        sources.streets += [
            Layout.street("w6", "Stegertunnel", kind: .nameOnly, from: (-300, 40), to: (300, 40)),
            Layout.street("w7", "Steg", from: (-100, -400), to: (100, -400)),
        ]
        sources.placeNodes += [
            PlaceNode(id: "n12", rank: .locality, name: "Gafadura", position: Layout.at(0, 30)),
            PlaceNode(id: "n13", rank: .village, name: "Steg", position: Layout.at(2500, 2500)),
        ]
        let index = AddressIndex(sources)
        let geocoder = Geocoder(index)
        func first(_ text: String) throws -> GeocodeCandidate? {
            let request = GeocodeRequest(
                text: text, bias: .init(position: try Coordinate(latitude: Layout.here.latitude, longitude: Layout.here.longitude)))
            return geocoder.answer(try request.question(), request).first
        }
        let tunnel = try #require(try first("Stegertunnel"))
        #expect(tunnel.id == "w6" && tunnel.kind == .street && !tunnel.partialMatch)
        #expect(tunnel.address[.route]?.longName == "Stegertunnel" && tunnel.address[.locality]?.longName == "Eschen")
        let alp = try #require(try first("Gafadura"))
        #expect(alp.id == "n12" && alp.kind == .area(.neighborhood) && !alp.partialMatch)
        // Above the tunnel, at the alp: Bodastrasse, 60 m off across nothing, and Eschen; neither tunnel nor alp.
        let there = try #require(index.resolve(at: Layout.at(0, 40))).address
        #expect(there[.route]?.longName == "Bodastrasse" && there[.neighborhood] == nil, "\(there.formatted)")
        #expect(try first("Steg")?.id == "n13")
        #expect(try first("1 Steg")?.id == "w7")
    }
}

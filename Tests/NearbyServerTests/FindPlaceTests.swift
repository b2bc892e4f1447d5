import Foundation
import NearbyKit
import NearbyService
import Testing

/// Google's legacy Find Place on the Monaco store: a text's first answer (as
/// textsearch's), a phone number as libphonenumber normalises it, only the
/// fields asked for, and the four kinds of location bias.
struct FindPlaceTests {
    static let path = "/maps/api/place/findplacefromtext/json"

    static func find(_ server: RunningServer, _ parameters: String) async throws -> (FindPlaceResponse, [[String: Any]]) {
        let answer = try await server.get("\(path)?\(parameters)")
        #expect(answer.status == 200)
        let raw = try #require(try answer.json()["candidates"] as? [[String: Any]])
        return (try answer.decode(FindPlaceResponse.self), raw)
    }

    @Test func aTextFindsTheFirstPlaceTextSearchAnswersWithTheFieldsAskedFor() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let fields = "fields=place_id,name,formatted_address,geometry,types,business_status,opening_hours,rating,photos"
        let (cafe, cafeFields) = try await Self.find(server, "input=caf%C3%A9%20de%20paris&inputtype=textquery&\(fields)")
        let (bare, bareFields) = try await Self.find(server, "input=caf%C3%A9%20de%20paris&inputtype=textquery")
        let (located, locatedFields) = try await Self.find(
            server, "input=cafe%20de%20paris&inputtype=textquery&fields=geometry/location,name")
        let (kind, _) = try await Self.find(server, "input=restaurants%20in%20Monte-Carlo&inputtype=textquery")
        let text = try await TextSearchTests.search(server, "query=restaurants%20in%20Monte-Carlo")
        let (nothing, _) = try await Self.find(server, "input=restaurant%20in%20Nowhereville&inputtype=textquery")
        try await server.stop()

        #expect(cafe.status == .ok && cafe.candidates.count == 1)
        let first = try #require(cafe.candidates.first)
        #expect(first.placeID == "n4316767531" && first.name == "Café de Paris" && first.formattedAddress?.isEmpty == false)
        #expect(first.types?.first == "cafe" && first.businessStatus == "OPERATIONAL" && first.geometry != nil)
        // Only Google's fields, and of those only what nearby knows: no rating, no photos, no distance_m or osm.
        #expect(
            Set(cafeFields[0].keys).isSubset(of: [
                "place_id", "name", "formatted_address", "geometry", "types", "business_status",
                "opening_hours",
            ]))
        #expect(bare.candidates.first?.placeID == "n4316767531" && bareFields.map { Set($0.keys) } == [["place_id"]])
        #expect(located.candidates.first?.geometry != nil && locatedFields.map { Set($0.keys) } == [["geometry", "name"]])
        #expect(kind.candidates.map(\.placeID) == [text.results.first?.placeID])
        #expect(nothing.status == .zeroResults && nothing.candidates.isEmpty)
    }

    /// Jardin Exotique's number is stored as +377 93 15 29 80; any way of writing it finds it.
    @Test func aPhoneNumberFindsItsPlaceHoweverWritten() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        var found: [[String?]] = []
        for written in ["%2B37793152980", "%2B377%2093%2015%2029%2080", "%2B377-93-15-29-80", "%2B377%20(93)%2015.29.80"] {
            found.append(
                try await Self.find(server, "input=\(written)&inputtype=phonenumber&fields=place_id,name").0.candidates.map(\.placeID))
        }
        let (nobody, _) = try await Self.find(server, "input=%2B37793000000&inputtype=phonenumber")
        try await server.stop()
        #expect(found == Array(repeating: ["w157455610"], count: 4))
        #expect(nobody.status == .zeroResults)
    }

    /// A bias leans as textsearch's location does: the first candidate is textsearch's first from there.
    @Test func everyLocationBiasLeansAsTextSearchLeans() async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let input = "input=pharmacy&inputtype=textquery&locationbias="
        let leaning = try await TextSearchTests.search(server, "query=pharmacy&location=43.7384,7.4246")
        let fromTheMiddle = try await TextSearchTests.search(server, "query=pharmacy&location=43.74,7.425")
        let nowhere = try await TextSearchTests.search(server, "query=pharmacy")
        var firsts: [String?] = []
        for bias in ["point:43.7384,7.4246", "circle:500@43.7384,7.4246", "rectangle:43.73,7.42%7C43.75,7.43", "ipbias"] {
            firsts.append(try await Self.find(server, input + bias).0.candidates.first?.placeID)
        }
        try await server.stop()
        #expect(firsts[0] == leaning.results.first?.placeID && firsts[1] == firsts[0])
        #expect(firsts[2] == fromTheMiddle.results.first?.placeID)
        #expect(firsts[3] == nowhere.results.first?.placeID)
        #expect(firsts[0] != firsts[3], "the bias moves the answer")
    }

    @Test(arguments: [
        "inputtype=textquery", "input=cafe", "input=cafe&inputtype=address", "input=&inputtype=textquery",
        "input=!!!&inputtype=textquery", "input=cafe%01&inputtype=textquery", "input=cafe&inputtype=textquery&fields=stars",
        "input=cafe&inputtype=textquery&fields=name,", "input=cafe&inputtype=textquery&locationbias=near:43.7,7.4",
        "input=cafe&inputtype=textquery&locationbias=point:91,7.4", "input=cafe&inputtype=textquery&locationbias=circle:-5@43.7,7.4",
        "input=cafe&inputtype=textquery&locationbias=rectangle:43.75,7.42%7C43.73,7.43", "input=cafe&inputtype=textquery&language=English",
        "input=93152980&inputtype=phonenumber", "input=%2B1&inputtype=phonenumber", "input=cafe&inputtype=phonenumber",
    ])
    func badInputIsInvalidRequest(_ parameters: String) async throws {
        let server = try await RunningServer.start(data: Repository.store)
        let (answer, _) = try await Self.find(server, parameters)
        try await server.stop()
        #expect(answer.status == .invalidRequest && answer.errorMessage?.isEmpty == false, "\(parameters)")
    }
}

import Foundation
import NearbyTestSupport
import Testing

/// `nearby where`: a position's address from the store, the same through a
/// server's Geocoding API, and one line and a distinct status when nothing
/// is known or the position is not one.
struct WhereCommandTests {
    static let store = ServiceEquivalenceTests.store
    static let position = ServiceEquivalenceTests.position

    @Test func theAddressOfAPositionWithTheRuleOfEachPart() throws {
        let run = try NearbyBinary.run(["where"] + Self.position + ["--data", Self.store])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Avenue de la Costa, 98000 Monaco")
        #expect(lines.contains { $0.hasPrefix("  route") && $0.contains("Avenue de la Costa") && $0.hasSuffix("[street w176674530]") })
        #expect(lines.contains { $0.hasPrefix("  sublocality") && $0.contains("Monte-Carlo") && $0.hasSuffix("[area r5986438]") })
        let json = try NearbyBinary.run(["where"] + Self.position + ["--data", Self.store, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["formatted_address"] as? String == "Avenue de la Costa, 98000 Monaco")
        #expect(object["short_address"] as? String == "Avenue de la Costa, Monaco")
        #expect((object["address_components"] as? [Any])?.count == 5)
    }

    @Test func throughAServerTheSameWords() throws {
        let server = try ServiceEquivalenceTests.Server()
        for extra in [[], ["--json"], ["--lang", "mk"]] {
            let local = try NearbyBinary.run(["where"] + Self.position + extra + ["--data", Self.store])
            let remote = try NearbyBinary.run(["where"] + Self.position + extra + ["--service", server.url])
            #expect(local.status == 0 && remote.status == 0, "\(remote.stderr)")
            #expect(remote.stdout == local.stdout, "\(extra)")
        }
        let nowhere = try NearbyBinary.run(["where", "--lat", "0", "--lon", "0", "--service", server.url])
        #expect(nowhere.status == 1)
    }

    /// Forward: an address, a street with a number it lacks, a district; the same through a server.
    @Test func whereAnAddressAStreetOrATownIs() throws {
        let address = try NearbyBinary.run(["where", "Avenue de la Costa 26, 98000 Monte-Carlo", "--data", Self.store])
        #expect(address.status == 0, "\(address.stderr)")
        #expect(
            address.stdout.split(separator: "\n").map(String.init) == [
                "26 Avenue de la Costa, 98000 Monte-Carlo, Monaco", "  address                      w94399442  43.7394924, 7.4251593",
            ])
        let partial = try NearbyBinary.run(["where", "999 avenue de la costa", "--data", Self.store])
        #expect(partial.stdout.hasPrefix("Avenue de la Costa, 98000 Monaco\n  street") && partial.stdout.contains("(partial match)"))
        let server = try ServiceEquivalenceTests.Server()
        for text in ["26 avenue de la costa", "Monte-Carlo", "98000", "Boulevrad des Moulins"] {
            for extra in [[], ["--json"], ["--lang", "mk"]] {
                let local = try NearbyBinary.run(["where", text] + extra + ["--data", Self.store])
                let remote = try NearbyBinary.run(["where", text] + extra + ["--service", server.url])
                #expect(local.status == 0 && remote.status == 0, "\(text) \(extra): \(remote.stderr)")
                #expect(remote.stdout == local.stdout, "\(text) \(extra)")
            }
        }
    }

    /// `nearby search` with a text that says where needs no position: the
    /// kind in the place, as `where` finds the place; the same through a server.
    @Test func aSearchThatSaysWhere() throws {
        let local = try NearbyBinary.run(["search", "restaurants in Monte-Carlo", "--json", "--limit", "50", "--data", Self.store])
        #expect(local.status == 0, "\(local.stderr)")
        let places = try #require(try NearbyBinary.json(local.stdout)["places"] as? [[String: Any]])
        #expect(places.count > 5)
        #expect(places.allSatisfy { $0["category"] as? String == "restaurant" })
        let bounds = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try NearbyBinary.run(["where", "Monte-Carlo", "--json", "--data", Self.store]).stdout.utf8)) as? [String: Any])
        let viewport = try #require(
            ((bounds["results"] as? [[String: Any]])?.first?["geometry"] as? [String: Any])?["bounds"] as? [String: [String: Double]])
        for place in places {
            let (lat, lon) = (place["lat"] as? Double ?? 0, place["lon"] as? Double ?? 0)
            #expect(lat >= viewport["southwest"]!["lat"]! && lat <= viewport["northeast"]!["lat"]!, "\(place["id"] ?? "")")
            #expect(lon >= viewport["southwest"]!["lng"]! && lon <= viewport["northeast"]!["lng"]!, "\(place["id"] ?? "")")
        }
        let server = try ServiceEquivalenceTests.Server()
        let remote = try NearbyBinary.run(["search", "restaurants in Monte-Carlo", "--json", "--limit", "50", "--service", server.url])
        #expect(remote.stdout == local.stdout)
        // A place the data does not know: the whole text a name, from the data's middle.
        let nowhere = try NearbyBinary.run(["search", "restaurant in Nowhereville", "--data", Self.store])
        #expect(nowhere.status == 0 && nowhere.stdout.contains("(0 found)"))
        let noWhere = try NearbyBinary.run(["search", "restaurants", "--data", Self.store])
        #expect(noWhere.status == 64 && noWhere.stderr.contains("a position is needed"))
    }

    /// A word that names different kinds in different languages, asked in no
    /// language, is read in the language of the country the place named lies
    /// in (issue 56): "trolleybus" is a bus stop in French (Monaco's), a bus
    /// stop or a bus station in Portuguese and Breton. (`categories` are the
    /// kinds searched; Monaco has no bus station to tell them apart by.)
    @Test func aWordOfSeveralKindsIsReadInTheLanguageOfTheCountryNamed() throws {
        func categories(_ arguments: [String]) throws -> [String] {
            let run = try NearbyBinary.run(["search", "trolleybus in Monte-Carlo", "--json", "--data", Self.store] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
            return try NearbyBinary.json(run.stdout)["categories"] as? [String] ?? []
        }
        #expect(try categories([]) == ["bus_stop"])
        #expect(Set(try categories(["--lang", "pt"])) == ["bus_station", "bus_stop"])
        // English first, before the country's language: "restaurants" is a French word for a food court too.
        let restaurants = try NearbyBinary.run(["search", "restaurants in Monte-Carlo", "--json", "--data", Self.store])
        #expect(try NearbyBinary.json(restaurants.stdout)["categories"] as? [String] == ["restaurant"])
    }

    /// The line over the rows says where the text sent the search, not the
    /// data's middle it started from: the district's box, or the position typed.
    @Test func aSearchThatSaysWhereSaysWhereItLooked() throws {
        let found = try NearbyBinary.json(try NearbyBinary.run(["where", "Monte-Carlo", "--json", "--data", Self.store]).stdout)
        let result = try #require((found["results"] as? [[String: Any]])?.first)
        let bounds = try #require((result["geometry"] as? [String: Any])?["bounds"] as? [String: [String: Double]])
        func corner(_ name: String) -> String { String(format: "%.7f, %.7f", bounds[name]!["lat"]!, bounds[name]!["lng"]!) }
        let inDistrict = try NearbyBinary.run(["search", "restaurants in Monte-Carlo", "--limit", "1", "--data", Self.store])
        #expect(
            inDistrict.stdout.hasPrefix("“restaurants in Monte-Carlo” between \(corner("southwest")) and \(corner("northeast")), around "),
            "\(inDistrict.stdout)")
        // The town beside the kind, with no "in" and no position: the same search, past the text quoted.
        let beside = try NearbyBinary.run(["search", "Monte-Carlo", "restaurants", "--limit", "1", "--data", Self.store])
        func unquoted(_ output: String) -> Substring { output.range(of: "” ").map { output[$0.upperBound...] } ?? "" }
        #expect(beside.status == 0 && unquoted(beside.stdout) == unquoted(inDistrict.stdout), "\(beside.stdout)\(beside.stderr)")
        let nearPosition = try NearbyBinary.run(["search", "pharmacy near 43.7384,7.4246", "--limit", "1", "--data", Self.store])
        #expect(nearPosition.stdout.contains(" within 1500 m of "), "\(nearPosition.stdout)")
        #expect(nearPosition.stdout.contains("(43.7384000, 7.4246000) (1 found)"), "\(nearPosition.stdout)")
    }

    /// `--near TEXT` is the position `where TEXT` finds: `list` from it answers as from its --lat/--lon.
    @Test func nearAnAddressIsItsPosition() throws {
        let near = try NearbyBinary.run(["list", "--near", "26 avenue de la costa", "--category", "cafe", "--data", Self.store])
        let at = try NearbyBinary.run(["list", "--lat", "43.7394924", "--lon", "7.4251593", "--category", "cafe", "--data", Self.store])
        #expect(near.status == 0 && near.stdout == at.stdout, "\(near.stderr)")
        #expect(near.stdout.hasPrefix("Cafés within 1500 m of 26 Avenue de la Costa, Monte-Carlo (43.7394924, 7.4251593)"))
        let cases: [([String], Int32, String)] = [
            (["list", "--near", "Rue Imaginaire 5", "--data", Self.store], 1, "nothing in the data answers it"),
            (["list", "--near", "the", "--data", Self.store], 64, "no word to look for"),
            (["list", "--near", "Monte-Carlo", "--lat", "1", "--lon", "2", "--data", Self.store], 64, "not both"),
        ]
        for (arguments, status, words) in cases {
            let run = try NearbyBinary.run(arguments)
            #expect(run.status == status && run.stderr.contains(words), "\(arguments): \(run.stderr)")
        }
    }

    @Test func nothingKnownOrNoPositionIsOneLineAndAStatus() throws {
        let cases: [([String], Int32, String)] = [
            (["where", "--lat", "0", "--lon", "0", "--data", Self.store], 1, "nearby: no address is known at 0.0000000, 0.0000000"),
            (
                ["where", "--lat", "43.7384", "--lon", "7.4246", "--data", ServiceEquivalenceTests.data], 1,
                "nearby: no address is known at"
            ),
            (["where", "--data", Self.store], 64, "a position is needed"),
            (["where", "--lat", "91", "--lon", "0", "--data", Self.store], 64, "invalid position"),
            (["where", "--lat", "43.7", "--data", Self.store], 64, "--lat needs --lon"),
            (["where", "Rue Imaginaire 5", "--data", Self.store], 1, "nothing in the data answers Rue Imaginaire 5"),
            (["where", "Monte-Carlo", "--country", "FR", "--data", Self.store], 1, "nothing in the data answers"),
            (["where", "the of", "--data", Self.store], 64, "no word to look for"),
            (["where", "Vaduz\u{1B}[31m", "--data", Self.store], 64, "control character"),
            (["where", String(repeating: "a", count: 401), "--data", Self.store], 64, "past the limit of 400"),
            (["where", "Monte-Carlo", "--lat", "43.7", "--lon", "7.4", "--data", Self.store], 64, "not both"),
            (["where", "Monte-Carlo", "--country", "Monaco", "--data", Self.store], 64, "--country is a two-letter"),
        ]
        for (arguments, status, words) in cases {
            let run = try NearbyBinary.run(arguments)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr.contains(words), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
    }
}

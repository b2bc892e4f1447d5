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

import Foundation
import Testing

struct OpenNowCommandTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    @Test func showEvaluatesTheHoursAtAGivenInstant() throws {
        let run = try NearbyBinary.run(["show", "n4413997053", "--at", "2021-04-19T12:00:00+02:00"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Status     Closed · opens 19:30"))
        let json = try NearbyBinary.json(try NearbyBinary.run(["show", "n4413997053", "--json", "--at", "2021-04-19T20:00:00+02:00"]).stdout)
        #expect(json["open_now"] as? Bool == true)
        #expect(json["open_status"] as? String == "Open · closes 21:45")
        #expect(json["next_change"] as? String == "2021-04-19T21:45:00+02:00")
    }

    @Test func listOpenNowAsJSON() throws {
        let run = try NearbyBinary.run(["list"] + Self.position + ["--category", "restaurant", "--open-now", "--limit", "3", "--json",
                                                                   "--at", "2021-04-19T20:00:00+02:00"])
        #expect(run.status == 0)
        let places = try #require(try NearbyBinary.json(run.stdout)["places"] as? [[String: Any]])
        #expect(places.map { $0["id"] as? String } == ["n7857077111", "n4413997053", "n4893574386"])
        #expect(places.allSatisfy { $0["open_now"] as? Bool == true && $0["next_change"] is String })
    }

    @Test(arguments: [
        (["--at", "yesterday"], "--at yesterday is not an ISO 8601 time"),
        (["--tz", "Mars/Olympus"], "unknown time zone Mars/Olympus"),
    ])
    func badTimesAreUsageErrors(arguments: [String], message: String) throws {
        let run = try NearbyBinary.run(["list"] + Self.position + arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}

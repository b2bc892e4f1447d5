import Foundation
import Testing

struct OpenNowCommandTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    @Test func showEvaluatesTheHoursAtAGivenInstant() throws {
        let run = try NearbyBinary.run(["show", "n4413997053", "--at", "2021-04-19T12:00:00+02:00"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Status     Closed · opens 19:30"))
        let json = try NearbyBinary.json(
            try NearbyBinary.run(["show", "n4413997053", "--json", "--at", "2021-04-19T20:00:00+02:00"]).stdout)
        #expect(json["open_now"] as? Bool == true)
        #expect(json["open_status"] as? String == "Open · closes 21:45")
        #expect(json["next_change"] as? String == "2021-04-19T21:45:00+02:00")
    }

    /// A closed place's note (here, that public holidays are not known) is
    /// on the terminal as on the page and in JSON.
    @Test func aClosedPlacesNoteIsShown() throws {
        let run = try NearbyBinary.run(["show", "n1999205789", "--at", "2021-04-19T23:00:00+02:00"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Status     Closed · opens Tue 08:00\n"))
        #expect(run.stdout.contains("Note       public holidays are not known; evaluated as an ordinary day\n"))
    }

    @Test func listOpenNowAsJSON() throws {
        let run = try NearbyBinary.run(
            ["list"] + Self.position + [
                "--category", "restaurant", "--open-now", "--limit", "3", "--json",
                "--at", "2021-04-19T20:00:00+02:00",
            ])
        #expect(run.status == 0)
        let places = try #require(try NearbyBinary.json(run.stdout)["places"] as? [[String: Any]])
        #expect(places.map { $0["id"] as? String } == ["n7857077111", "n4413997053", "n4893574386"])
        #expect(places.allSatisfy { $0["open_now"] as? Bool == true && $0["next_change"] is String })
    }

    /// A local `--at` is read in `--tz`, the same instant as with its offset.
    @Test func aLocalTimeIsReadInTheZoneGiven() throws {
        let local = try NearbyBinary.run(["show", "n4413997053", "--json", "--at", "2021-04-19T20:00", "--tz", "Europe/Monaco"])
        let offset = try NearbyBinary.run(["show", "n4413997053", "--json", "--at", "2021-04-19T20:00:00+02:00"])
        #expect(local.status == 0)
        #expect(local.stdout == offset.stdout)
        #expect(try NearbyBinary.json(local.stdout)["open_now"] as? Bool == true)
    }

    @Test(arguments: [
        (["--at", "yesterday"], "--at yesterday is not an ISO 8601 time"),
        (["--tz", "Mars/Olympus"], "unknown time zone Mars/Olympus"),
        (
            ["--at", "2021-02-30T10:00:00+01:00"],
            "--at 2021-02-30T10:00:00+01:00 is not a real time: 30 February 2021 does not exist (28 days)"
        ),
        (["--at", "2021-04-19T24:00"], "--at 2021-04-19T24:00 is not a real time: hour 24 (0 to 23)"),
        (["--at", "2021-04-19T20:60:00Z"], "--at 2021-04-19T20:60:00Z is not a real time: minute 60 (0 to 59)"),
        (["--at", "2021-04-19T20:00:00+99:00"], "--at 2021-04-19T20:00:00+99:00 has a UTC offset beyond ±18:00"),
        (
            ["--at", "2021-03-28T02:30", "--tz", "Europe/Monaco"],
            "--at 2021-03-28T02:30 does not exist in Europe/Monaco: the clocks skip it"
        ),
    ])
    func badTimesAreUsageErrors(arguments: [String], message: String) throws {
        let run = try NearbyBinary.run(["list"] + Self.position + arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}

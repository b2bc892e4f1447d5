import Foundation
import Testing

struct ListAndShowTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    @Test func theDemoHomeFeed() throws {
        let run = try NearbyBinary.run(["list"] + Self.position)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("Want to be more specific?"))
        #expect(run.stdout.contains("Top Restaurants nearby"))
        #expect(run.stdout.contains("Closest ATMs nearby"))
        let cafeDeParis = run.stdout.split(separator: "\n").first { $0.contains("Café de Paris") }
        #expect(cafeDeParis?.contains("0.18 mi") == true)
        #expect(cafeDeParis?.contains("n4316767531") == true)
    }

    @Test func oneCategoryAsJSON() throws {
        let run = try NearbyBinary.run(["list"] + Self.position + ["--category", "cafe", "--limit", "3", "--json"])
        #expect(run.status == 0)
        let json = try NearbyBinary.json(run.stdout)
        let places = try #require(json["places"] as? [[String: Any]])
        #expect(places.map { $0["id"] as? String } == ["n3087468543", "n3087468610", "n4316767531"])
        #expect(places[2]["distance_text"] as? String == "0.18 mi")
        #expect(places[2]["distance_m"] as? Double == 289.0)
        #expect(places[2].keys.contains("open_now"))
        #expect(json["attribution"] as? String == "© OpenStreetMap contributors")
    }

    @Test func theHomeFeedAsJSONInKilometres() throws {
        let run = try NearbyBinary.run(["list"] + Self.position + ["--json", "--units", "km"])
        #expect(run.status == 0)
        let json = try NearbyBinary.json(run.stdout)
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections.first?["title"] as? String == "Top Restaurants nearby")
        let cafes = try #require(sections.first { $0["category"] as? String == "cafe" }?["places"] as? [[String: Any]])
        #expect(cafes.last?["distance_text"] as? String == "0.29 km")
        #expect((json["pager"] as? [Any])?.isEmpty == false)
    }

    @Test func theDetailOfCafeDeParis() throws {
        let run = try NearbyBinary.run(["show", "n4316767531"] + Self.position)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Café de Paris\n"))
        #expect(run.stdout.contains("0.18 mi"))
        #expect(run.stdout.contains("Hours unknown"))

        let json = try NearbyBinary.json(try NearbyBinary.run(["show", "n4316767531", "--json"] + Self.position).stdout)
        #expect(json["name"] as? String == "Café de Paris")
        #expect(json["distance_text"] as? String == "0.18 mi")
        let region = try #require(json["region"] as? [String: Any])
        #expect(region["lat_delta"] as? Double == 0.01 && region["lon_delta"] as? Double == 0.01)
        #expect((json["annotation"] as? [String: Any])?["subtitle"] as? String == "Café")
    }

    @Test func helpHasExamples() throws {
        for command in ["list", "show", "import"] {
            let run = try NearbyBinary.run([command, "--help"])
            #expect(run.status == 0)
            #expect(run.stdout.contains("Examples:"))
        }
    }
}

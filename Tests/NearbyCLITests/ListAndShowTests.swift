import Foundation
import Testing

struct ListAndShowTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    /// Nearest places to eat: geographiclib's Inverse over Data/places.geojson
    /// gives Le Palace Café at 89.3 m (0.06 mi), Le Vistamar, then Flashman.
    @Test func theDemoHomeFeed() throws {
        let run = try NearbyBinary.run(["list"] + Self.position)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("Want to be more specific?"))
        #expect(
            run.stdout.contains(
                "  food · shopping · money · health · transport · lodging · culture · leisure · services · worship · education\n"))
        #expect(run.stdout.contains("Places to eat and drink"))
        #expect(run.stdout.contains("Cash and banks nearby"))
        let palace = run.stdout.split(separator: "\n").first { $0.contains("Le Palace Café") }
        #expect(palace?.hasPrefix("  1. Café ") == true, "the nearest place is the first pin on the map")
        #expect(palace?.contains("0.06 mi") == true)
        #expect(palace?.contains("n3087468543") == true)
    }

    @Test func aGroupLessSomeKinds() throws {
        let run = try NearbyBinary.run(
            ["list"] + Self.position + [
                "--category", "food", "--exclude-category", "restaurant", "--exclude-category", "Cafés", "--json",
            ])
        #expect(run.status == 0)
        let json = try NearbyBinary.json(run.stdout)
        #expect(json["title"] as? String == "Food & drink without Restaurants & Cafés")
        #expect(json["excluded_categories"] as? [String] == ["restaurant", "cafe"])
        let places = try #require(json["places"] as? [[String: Any]])
        #expect(places.count > 20)
        #expect(!places.contains { ["restaurant", "cafe"].contains($0["category"] as? String) })
        #expect(Set(places.compactMap { $0["category"] as? String }).isSuperset(of: ["fast_food", "bar", "ice_cream"]))
    }

    @Test func searchByNameAsTyped() throws {
        let run = try NearbyBinary.run(["search", "caf", "par"] + Self.position)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == "“caf par” within 1500 m of Avenue de la Costa, Monte-Carlo (43.7384000, 7.4246000) (2 found)")
        #expect(lines.dropFirst().first?.contains("Café de Paris") == true)
        let json = try NearbyBinary.json(try NearbyBinary.run(["search", "restaurnt", "--limit", "5", "--json"] + Self.position).stdout)
        let places = try #require(json["places"] as? [[String: Any]])
        #expect(places.count == 5)
        #expect(places.allSatisfy { $0["category"] as? String == "restaurant" })
        #expect(json["query"] as? String == "restaurnt")
    }

    @Test func namesInAnotherLanguage() throws {
        let english = try NearbyBinary.run(["show", "w49209406", "--lang", "en"] + Self.position)
        #expect(english.stdout.hasPrefix("Princess Grace Hospital\n"))
        let french = try NearbyBinary.run(["show", "w49209406", "--lang", "fr"] + Self.position)
        #expect(french.stdout.hasPrefix("Centre Hospitalier Princesse Grace\n"))  // no name:fr: its name
        let search = try NearbyBinary.run(["search", "princess", "grace", "hospital", "--radius", "5000", "--lang", "en"] + Self.position)
        #expect(search.stdout.split(separator: "\n").dropFirst().first?.contains("Princess Grace Hospital") == true)
    }

    /// A place renamed is found by the name people still call it (`old_name`),
    /// in the GeoPackage's index as in memory (issue 56).
    @Test func aPlaceIsFoundByItsOldName() throws {
        for data in [[], ["--data", "Data/places.geojson"]] {
            let run = try NearbyBinary.run(["search", "pavillons", "boulingrins", "--json"] + data + Self.position)
            let places = try #require(try NearbyBinary.json(run.stdout)["places"] as? [[String: Any]])
            #expect(places.first?["id"] as? String == "w432751852", "\(data)")
            #expect(places.first?["matched_name"] as? [String: String] == ["tag": "old_name", "text": "Pavillons des Boulingrins"])
        }
        // The line under the row says which name matched, in the name's column.
        let text = try NearbyBinary.run(["search", "pavillons", "boulingrins"] + Self.position).stdout.split(separator: "\n")
        #expect(text.dropFirst().first?.hasPrefix("  1. Park                Jardin des Boulingrins") == true)
        #expect(text.dropFirst(2).first == "                         old name: Pavillons des Boulingrins")
        // A row whose shown name matched says nothing more.
        let shown = try NearbyBinary.run(["search", "jardin", "boulingrins", "--json"] + Self.position).stdout
        let first = try #require((try NearbyBinary.json(shown)["places"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "w432751852" && first["matched_name"] == nil)
    }

    /// A kind is named in the language asked where the vocabulary has its label (issue 56).
    @Test func kindsAreNamedInTheLanguageAsked() throws {
        let german = try NearbyBinary.run(["list", "--lang", "de"] + Self.position)
        #expect(german.status == 0)
        #expect(german.stdout.contains("  3. Geldautomat         Societe générale"))
        let english = try NearbyBinary.run(["list"] + Self.position)
        #expect(english.stdout.contains("  3. ATM                 Societe générale"))
        let show = try NearbyBinary.run(["show", "n4316875945", "--lang", "fr"] + Self.position)
        #expect(show.stdout.contains("Distributeur de billets"), "\(show.stdout)")
    }

    @Test func theCategoriesTable() throws {
        let text = try NearbyBinary.run(["categories"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Food & drink (food)\n"))
        #expect(text.stdout.contains("amenity=charging_station"))
        let json = try NearbyBinary.json(try NearbyBinary.run(["categories", "--json"]).stdout)
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.count == 11)
        #expect(groups.reduce(0) { $0 + (($1["categories"] as? [Any])?.count ?? 0) } >= 80)
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
        #expect(sections.first?["title"] as? String == "Places to eat and drink")
        let food = try #require(sections.first { $0["group"] as? String == "food" }?["places"] as? [[String: Any]])
        #expect(food.map { $0["distance_text"] as? String } == ["0.09 km", "0.10 km", "0.11 km"])
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

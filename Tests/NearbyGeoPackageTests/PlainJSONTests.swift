import Foundation
import NearbyKit
import NearbySQLite
import NearbyTestSupport
import Testing

@testable import NearbyGeoPackage

/// `PlainJSON` reads in place what SQLite's JSON functions would: the same
/// values for all that nearby writes, and nothing it would judge otherwise
/// (anything it does not take goes to SQLite, whose verdict stands).
struct PlainJSONTests {
    static let store = Fixtures.repository.appendingPathComponent("Data/places.gpkg")

    /// Every stored JSON text of the demo store but those with an escape (a
    /// tag's line break) is read in place, as SQLite reads it.
    @Test func whatNearbyWritesIsReadInPlaceAsSQLiteReadsIt() throws {
        let database = try SQLiteDatabase(path: Self.store.path, mode: .readOnly)
        let connection = try GeoPackageConnection(database)
        let strings = try JSONStringObject(database)
        var counts = (objects: 0, components: 0)
        let objects = try database.prepare(
            """
            SELECT tags FROM places WHERE tags IS NOT NULL UNION ALL SELECT address FROM address_points
            UNION ALL SELECT names FROM address_areas WHERE names IS NOT NULL
            UNION ALL SELECT names FROM address_places WHERE names IS NOT NULL
            """)
        while try objects.step() {
            let json = try #require(objects.text(0))
            guard let plain = PlainJSON.stringObject(json) else {
                #expect(json.contains("\\"), "not read in place: \(json)")
                continue
            }
            #expect(plain == (try strings.readBySQLite(json, refused: .notNearby("refused"))), "\(json)")
            counts.objects += 1
        }
        let components = try database.prepare("SELECT address_components FROM places WHERE address_components IS NOT NULL")
        while try components.step() {
            let json = try #require(components.text(0))
            guard let plain = PlainJSON.addressComponents(json) else {
                #expect(json.contains("\\"), "not read in place: \(json)")
                continue
            }
            #expect(plain == (try connection.components(json, fid: 0)), "\(json)")
            counts.components += 1
        }
        #expect(counts.objects > 1_000 && counts.components > 800, "\(counts)")
    }

    /// PostgreSQL's `jsonb` text (a space after each colon and comma) is read
    /// in place as `JSONDecoder` reads it, which PostGIS's address tables used.
    @Test func jsonbTextIsReadInPlaceAsJSONDecoderReadsIt() throws {
        for json in [#"{"city": "Monaco", "street": "Avenue de la Costa", "housenumber": "12"}"#, "{}", #"{"name:ja": "カフェ"}"#] {
            let plain = try #require(PlainJSON.stringObject(json), "\(json)")
            #expect(plain == (try JSONDecoder().decode([String: String].self, from: Data(json.utf8))))
        }
    }

    /// An address part naming several types nearby knows is the most
    /// specific of them, read in place or by `JSONDecoder` (PostGIS's text
    /// with escapes goes there), in Google's order or not.
    @Test func anAddressPartIsItsMostSpecificTypeEitherWay() throws {
        let expected: [(String, AddressComponent.Kind)] = [
            (#"["political", "sublocality", "sublocality_level_1"]"#, .sublocality), (#"["locality", "sublocality"]"#, .sublocality),
            (#"["postal_code", "route"]"#, .route),
        ]
        for (types, kind) in expected {
            let json = #"[{"long_name": "Monte-Carlo", "short_name": "MC", "types": \#(types), "source": "area"}]"#
            let plain = try #require(PlainJSON.addressComponents(json), "\(json)")
            #expect(plain.map(\.kind) == [kind], "\(json)")
            #expect(plain == (try JSONDecoder().decode([AddressComponent].self, from: Data(json.utf8))), "\(json)")
        }
    }

    /// What is not plain — an escape, a control character, a number, a
    /// nested value, a key it does not know or twice, anything after the
    /// end — is left to SQLite.
    @Test func whatIsNotPlainIsLeftToSQLite() {
        for json in [
            #"{"name":"Caf\u00e9"}"#, #"{"name":"a\"b"}"#, "{\"name\":\"a\tb\"}", #"{"level":4}"#, #"{"a":{"b":"c"}}"#,
            #"{"a":"b"} x"#, #"{"a":"b",}"#, #"{"a" "b"}"#, #"["a"]"#, #"{"a":"b""#, "", "null", #"{"a":null}"#,
        ] {
            #expect(PlainJSON.stringObject(json) == nil, "\(json)")
        }
        let component = #"{"long_name":"Monaco","short_name":"MC","source":"area","types":["country","political"]}"#
        #expect(PlainJSON.addressComponents("[\(component)]")?.first?.kind == .country)
        for json in [
            #"[{"long_name":"Monaco","types":["country"],"types":["locality"]}]"#,
            #"[{"long_name":"Monaco","types":["country"],"extra":"x"}]"#, #"[{"long_name":"Monaco","types":["political"]}]"#,
            #"[{"long_name":"Monaco"}]"#, #"[{"long_name":5,"types":["country"]}]"#, #"[{"long_name":"Mon\"aco","types":["country"]}]"#,
            "[\(component)", "[\(component),]", "{\(component)}",
        ] {
            #expect(PlainJSON.addressComponents(json) == nil, "\(json)")
        }
    }

    /// Thousands of texts a byte or a span away from stored ones: whatever
    /// is read in place is what SQLite reads, and what SQLite refuses is
    /// never read in place.
    @Test func textsNearWhatIsStoredAreReadInPlaceOnlyAsSQLiteReadsThem() throws {
        let database = try SQLiteDatabase(path: Self.store.path, mode: .readOnly)
        let connection = try GeoPackageConnection(database)
        let strings = try JSONStringObject(database)
        let seeds = [
            #"{"addr:street":"Avenue de la Costa","name":"Café de Paris","opening_hours":"Mo-Su 08:00-02:00"}"#,
            #"[{"long_name":"12","source":"tags","types":["street_number"]},"#
                + #"{"long_name":"Monaco","short_name":"MC","source":"area","types":["country","political"]}]"#,
        ]
        let pieces = Array(#"{}[]",: \null"ab"#.utf8)
        var random = SeededGenerator(seed: 31)
        var (inPlace, tried) = (0, 0)
        for seed in seeds {
            for _ in 0..<4_000 {
                var bytes = Array(seed.utf8)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(pieces.randomElement(using: &random)!, at: at)
                    default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...12, using: &random))], at: at)
                    }
                    if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
                }
                let json = String(decoding: bytes, as: UTF8.self)
                tried += 1
                if seed.hasPrefix("{"), let plain = PlainJSON.stringObject(json) {
                    inPlace += 1
                    #expect(plain == (try? strings.readBySQLite(json, refused: .notNearby("refused"))), "\(json)")
                }
                if seed.hasPrefix("["), let plain = PlainJSON.addressComponents(json) {
                    inPlace += 1
                    #expect(plain == (try? connection.components(json, fid: 0)), "\(json)")
                }
            }
        }
        // Some mutations stay plain JSON (white space, a repeated member); most are not.
        #expect(inPlace > 100 && inPlace < tried / 2, "\(inPlace) of \(tried)")
    }
}

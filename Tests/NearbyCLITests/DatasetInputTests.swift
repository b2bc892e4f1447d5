import Foundation
import Testing

/// A `--data` file that is not a usable dataset: one line that says why,
/// code 65 for bad data and 74 for what cannot be read.
struct DatasetInputTests {
    static let position = ["--lat", "43.7384", "--lon", "7.4246"]

    static func feature(geometry: String = #"{"type":"Point","coordinates":[7.4,43.7]}"#, name: String = #""A""#, timezone: String? = nil)
        -> String
    {
        let zone = timezone.map { #","timezone":"\#($0)""# } ?? ""
        return #"{"type":"Feature","id":"n1","geometry":\#(geometry),"properties":{"name":\#(name),"category":"cafe"\#(zone)}}"#
    }

    @Test(arguments: [
        (
            #"{"type":"FeatureCollection","features":["#
                + feature(geometry: #"{"type":"LineString","coordinates":[[7.4,43.7],[7.5,43.8]]}"#) + "]}",
            #"feature 0 (n1): the geometry must be a Point, not "LineString""#
        ),
        (#"{"type":"FeatureCollection","features":[\#(feature(name: #"" ""#))]}"#, "feature 0 (n1): the name is empty"),
        (
            #"{"type":"FeatureCollection","timezone":"Mars/Olympus","features":[]}"#,
            #"top level: timezone "Mars/Olympus" is not an IANA time zone (such as Europe/Monaco)"#
        ),
        (
            #"{"type":"FeatureCollection","features":[\#(feature(timezone: "Europe/Atlantis"))]}"#,
            #"feature 0 (n1): timezone "Europe/Atlantis" is not an IANA time zone (such as Europe/Monaco)"#
        ),
        (
            #"{"type":"FeatureCollection","features":[],"x":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
                + "}",
            "top level: arrays and objects nested more than 512 deep, which the JSON reader refuses"
        ),
        (
            #"{"type":"FeatureCollection\u001b]0;pwned\u0007","features":[]}"#,
            #"top level: type is "FeatureCollection\u{1b}]0;pwned\u{7}", expected "FeatureCollection""#
        ),
    ])
    func aBadDatasetIsOneLineAndCode65(json: String, message: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).geojson")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try NearbyBinary.run(["list"] + Self.position + ["--data", file.path])
        #expect(run.status == 65)
        #expect(run.stderr == "nearby: invalid places dataset \(file.path), \(message)\n")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains("\u{1B}"))
    }

    @Test func aDirectoryAsDataSaysSo() throws {
        let directory = NearbyBinary.repository.appendingPathComponent("Data").path
        let run = try NearbyBinary.run(["list"] + Self.position + ["--data", directory])
        #expect(run.status == 74)
        #expect(run.stderr == "nearby: the places dataset \(directory) is not a regular file (a directory)\n")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
    }
}

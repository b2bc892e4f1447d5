import Foundation
import NearbyTestSupport
import Testing

/// Google's own client libraries against `nearby serve`, as a new user
/// would point them at it (Tests/GoogleClients; scripts/setup installs
/// them from PyPI).
struct GoogleClientTests {
    @Test func theLegacyPythonClientReverseGeocodes() throws {
        try run("reverse_geocode.py", saying: "as Google's Geocoding API")
    }

    @Test func theLegacyPythonClientSearchesPagesDetailsAndMaps() throws {
        try run("places_legacy.py", saying: "as Google's Places API, 778 places in 39 pages")
    }

    @Test func thePlacesAPINewPythonClientSearchesAndReadsDetails() throws {
        try run("places_new.py", saying: "as Google's Places API (New)")
    }

    /// Runs one script of Tests/GoogleClients against a fresh server; it
    /// prints what failed, or one line ending in `saying` when all held.
    private func run(_ script: String, saying: String) throws {
        let server = try ServiceEquivalenceTests.Server()
        let path = NearbyBinary.repository.appendingPathComponent("Tests/GoogleClients/\(script)").path
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", path, server.url])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("reads \(server.url) \(saying)"), "\(run.stdout)\(run.stderr)")
    }
}

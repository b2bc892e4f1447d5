import Foundation
import NearbyTestSupport
import Testing

/// Google's own client libraries against `nearby serve`, as a new user
/// would point them at it (Tests/GoogleClients; scripts/setup installs
/// them from PyPI).
struct GoogleClientTests {
    @Test func theLegacyPythonClientReverseGeocodes() throws {
        let server = try ServiceEquivalenceTests.Server()
        let script = NearbyBinary.repository.appendingPathComponent("Tests/GoogleClients/reverse_geocode.py")
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, server.url])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("reads \(server.url) as Google's Geocoding API"), "\(run.stdout)\(run.stderr)")
    }
}

import Foundation
import NearbyKit
import Testing

/// One number grammar everywhere (`DecimalText`): the same texts, given as a
/// latitude, get the same verdict from the CLI, the legacy API, the static
/// map and the web pages. Each surface says why in its own words; what is
/// compared is whether it took the number.
struct DecimalVerdictTests {
    /// Each text and whether it is a decimal number.
    static let texts: [(text: String, isDecimal: Bool)] = [
        ("0x1p3", false), ("1e1", true), ("1e400", false), ("-0", true), ("+7", true), (".5", true),
        ("nan", false), ("١٢", false), (" 5", true), ("5 ", true),
    ]

    @Test func everyInputReadsANumberAlike() throws {
        let (server, port) = try ServeCommandTests.serve([])
        defer { server.stop() }
        for (text, isDecimal) in Self.texts {
            let query = PercentEncoding.encoded(text)
            let cli = try NearbyBinary.run(["list", "--lat=\(text)", "--lon", "7.4246", "--radius", "100"])
            let api = try ServeCommandTests.get(port, "/maps/api/place/nearbysearch/json?location=\(query),7.4246&radius=100")
            let staticMap = try ServeCommandTests.get(port, "/maps/api/staticmap?size=64x64&zoom=12&center=\(query),7.4246")
            let page = try ServeCommandTests.get(port, "/?lat=\(query)&lon=7.4246")
            let verdicts = [
                "cli": cli.status == 0, "api": api.status == 200, "static map": staticMap.status == 200, "pages": page.status == 200,
            ]
            #expect(verdicts.values.allSatisfy { $0 == isDecimal }, "\(text.debugDescription): \(verdicts)")
            if !isDecimal {
                #expect(cli.status == 64 && api.status == 400 && staticMap.status == 400 && page.status == 400)
            }
        }
    }
}

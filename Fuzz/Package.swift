// swift-tools-version: 6.1
import Foundation
import PackageDescription

// libFuzzer harnesses, one executable per parser of outside input. A package
// of their own so the main build and tests never compile them; see README.md.
//
// SwiftPM names a path dependency after its folder, which is the checkout's
// name (main, a worktree, a CI clone), so it is read rather than written.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

func harness(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["LibFuzzerDriver"] + products.map { .product(name: $0, package: root) }
    )
}

let package = Package(
    name: "NearbyFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "LibFuzzerDriver"),
        harness("HoursFuzzer", ["NearbyKit"]),
        harness("DatasetFuzzer", ["NearbyKit"]),
        harness("PNGFuzzer", ["MapRender"]),
        harness("OptionsFuzzer", ["NearbyKit", "MapRender"]),
        harness("GeoPackageFuzzer", ["NearbyGeoPackage", "NearbyService", "NearbyKit"]),
        harness("JSONFuzzer", ["NearbyKit"]),
        harness("QuestionFuzzer", ["NearbyKit"]),
        // Brings in Hummingbird and NIO: the longest part of the fuzz build.
        harness("ServerFuzzer", ["NearbyServer", "NearbyService", "NearbyKit", "MapRender"]),
    ],
    swiftLanguageModes: [.v6]
)

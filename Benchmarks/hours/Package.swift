// swift-tools-version: 6.1
import PackageDescription

// A separate package so the benchmark builds in release without touching
// the root manifest. The root package is named "nearby", but SwiftPM names a
// path dependency after its directory, which differs between checkouts, so
// the dependency states its name.
let package = Package(
    name: "hours-benchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "nearby", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "HoursBenchmark",
            dependencies: [.product(name: "NearbyKit", package: "nearby")]
        ),
    ],
    swiftLanguageModes: [.v5]
)

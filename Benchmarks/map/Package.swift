// swift-tools-version: 6.1
import PackageDescription

// The map benchmark lives in its own package so that the main package's
// `swift build` and `swift test` never build or run it.
let package = Package(
    name: "map-benchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "nearby", path: "../..")],
    targets: [
        .executableTarget(
            name: "MapBenchmark",
            dependencies: [.product(name: "MapRender", package: "nearby"), .product(name: "NearbyKit", package: "nearby")]
        ),
    ],
    swiftLanguageModes: [.v5]
)

// swift-tools-version: 6.1
import PackageDescription

// The Combine API on Linux, without OpenCombineFoundation (whose URLSession
// publisher would link Foundation's networking and libcurl into every command).
let openCombine: [Target.Dependency] = [
    .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
    .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
]

// The lock every module keeps shared state behind: NIO's, over pthread mutexes,
// which ThreadSanitizer sees whole. It cannot see the standard library's
// Mutex wait when contended (the library is not built with it), and reported
// data handed through a contended Mutex as races (Tools/tsan.supp).
let lock: Target.Dependency = .product(name: "NIOConcurrencyHelpers", package: "swift-nio")

let package = Package(
    name: "nearby",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nearby", targets: ["NearbyCLI"]),
        .library(name: "NearbyKit", targets: ["NearbyKit"]),
        .library(name: "NearbyService", targets: ["NearbyService"]),
        .library(name: "NearbyClient", targets: ["NearbyClient"]),
        .library(name: "NearbyGeoPackage", targets: ["NearbyGeoPackage"]),
        .library(name: "NearbyViewModels", targets: ["NearbyViewModels"]),
        .library(name: "MapRender", targets: ["MapRender"]),
        .library(name: "NearbyServer", targets: ["NearbyServer"]),
        .library(name: "NearbyPostGIS", targets: ["NearbyPostGIS"]),
        .library(name: "NearbyUpdate", targets: ["NearbyUpdate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.0"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // Hummingbird's header types (`HTTPField.Name`, which it does not re-export), as Hummingbird names the package.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.0"),
    ],
    targets: [
        // PROJ's functions, from libproj opened on first use (see include/CProj.h).
        .target(name: "CProj"),
        // libphonenumber's formatting, from the library opened on first use (see include/CPhoneNumber.h).
        .target(name: "CPhoneNumber"),
        // Data/vocabulary.tsv, the kinds' words in many languages, compiled in by C's #embed (see vocabulary.c).
        .target(name: "CVocabulary"),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Intel's ISA-L: a deflate several times faster than zlib or libdeflate at their fastest.
        .systemLibrary(name: "CISAL", providers: [.apt(["libisal-dev"])]),
        .systemLibrary(name: "CPrefetch"),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Debian's SQLite is built with the R*Tree and FTS5 modules a GeoPackage store needs.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        .target(
            name: "NearbyKit",
            // The lock: for LRUCache, the one cache type of MapRender and NearbyServer, both above this module.
            dependencies: [
                "CProj", "CPhoneNumber", "CPrefetch", "CVocabulary", lock, .product(name: "HeapModule", package: "swift-collections"),
            ],
            // A link to Data/categories.json, compiled in: every process and store agrees on one table.
            resources: [.embedInCode("Categories/categories.json")]
        ),
        .target(
            name: "NearbyService",
            dependencies: ["NearbyKit", lock]
        ),
        // The place service behind `--service URL`: the server's API, spoken with AsyncHTTPClient.
        // A target of its own so that the server (and its fuzzer) do not build the client and BoringSSL.
        .target(
            name: "NearbyClient",
            dependencies: [
                "NearbyKit", "NearbyService", "NearbyUpdate", lock,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // TimeAmount and the transport errors the HTTP service turns into sentences.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Bringing a store forward by OpenStreetMap changes: reading them, applying them in place or writing the store
        // whole, following a replication feed. Below the stores, which say how each is brought forward (`UpdatableStore`).
        .target(
            name: "NearbyUpdate",
            dependencies: ["NearbyKit", "NearbyService", lock]
        ),
        // The embedded store: places in an OGC GeoPackage (SQLite), queried through its R*Tree.
        .target(
            name: "NearbyGeoPackage",
            dependencies: ["NearbyKit", "NearbyService", "NearbySQLite", "NearbyUpdate"]
        ),
        // The place service and importer behind `--store postgresql://…`, spoken with postgres-nio.
        // A target of its own so that the server (and its fuzzer) do not build postgres-nio.
        .target(
            name: "NearbyPostGIS",
            dependencies: [
                "NearbyKit", "NearbyService", "NearbyUpdate", lock,
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                // ByteBuffer: the extract kept in parts, as bytea (ExtractTable.swift).
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "NearbyViewModels",
            dependencies: [
                "NearbyKit", "NearbyService",
            ] + openCombine
        ),
        .target(
            name: "NearbyViews",
            dependencies: [
                "NearbyKit", "NearbyService", "NearbyViewModels",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // The web pages' templates and the moving map's script, compiled in so that a copied binary serves them.
            resources: [
                .embedInCode("HTML/Templates/layout.mustache"),
                .embedInCode("HTML/Templates/home.mustache"),
                .embedInCode("HTML/Templates/home-listing.mustache"),
                .embedInCode("HTML/Templates/places.mustache"),
                .embedInCode("HTML/Templates/places-listing.mustache"),
                .embedInCode("HTML/Templates/place.mustache"),
                .embedInCode("HTML/Templates/search.mustache"),
                .embedInCode("HTML/Templates/results.mustache"),
                .embedInCode("HTML/Templates/row.mustache"),
                .embedInCode("HTML/Templates/problem.mustache"),
                .embedInCode("HTML/Scripts/moving-map.js"),
            ]
        ),
        // The little of SQLite's C API nearby's files need: the GeoPackage store's, and MBTiles.
        .target(name: "NearbySQLite", dependencies: ["CSQLite"]),
        .target(name: "MapRender", dependencies: ["NearbyKit", "NearbySQLite", "CProj", "CPNG", "CISAL", "CCairo", lock]),
        // The HTTP API: Google Places and Static Maps shapes, tiles, health and metrics.
        .target(
            name: "NearbyServer",
            dependencies: [
                "NearbyKit", "NearbyService", "MapRender", "NearbyViewModels", "NearbyViews", "NearbyUpdate", lock,
                .product(name: "Hummingbird", package: "hummingbird"),
                // Its HTTP/1 child channel, wrapped by the connection guards (Connections/).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                // To run the server's tasks on its event loops (ServerThreads), and for the
                // connection guards' channel handlers (Connections/).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                // The metrics factory the server's own counters are made by (Metrics/ServerMetrics.swift).
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // The drawing queue (Maps/DrawingPool.swift).
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // A link to Data/google-place-types.json: the Places API (New)'s types, compiled in.
            resources: [.embedInCode("PlacesAPINew/google-place-types.json")]
        ),
        .executableTarget(
            name: "NearbyCLI",
            dependencies: [
                "NearbyKit", "NearbyService", "NearbyClient", "NearbyGeoPackage", "NearbyPostGIS", "NearbyViewModels", "NearbyViews",
                "MapRender", "NearbyServer", "NearbyUpdate", lock,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ] + openCombine
        ),

        // Benchmarks/run builds these in release mode; they are not tests.
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: ["NearbyKit"],
            path: "Benchmarks/Sources/StoreBenchmark"
        ),

        .executableTarget(
            name: "SearchBenchmark",
            dependencies: ["NearbyKit", "NearbyService", "NearbyGeoPackage", "NearbyTestSupport"],
            path: "Benchmarks/Sources/SearchBenchmark"
        ),

        .executableTarget(
            name: "VocabularyBenchmark",
            dependencies: ["NearbyKit"],
            path: "Benchmarks/Sources/VocabularyBenchmark"
        ),

        .executableTarget(
            name: "HoursBenchmark",
            dependencies: ["NearbyKit"],
            path: "Benchmarks/Sources/HoursBenchmark"
        ),

        .executableTarget(
            name: "AddressBenchmark",
            dependencies: ["NearbyKit", "NearbyService", "NearbyGeoPackage", "NearbyPostGIS"],
            path: "Benchmarks/Sources/AddressBenchmark"
        ),
        .executableTarget(
            name: "PostGISBenchmark",
            dependencies: ["NearbyPostGIS", "NearbyService", "NearbyKit"],
            path: "Benchmarks/Sources/PostGISBenchmark"
        ),

        .executableTarget(
            name: "MapBenchmark",
            dependencies: ["MapRender", "NearbyKit"],
            path: "Benchmarks/Sources/MapBenchmark"
        ),

        // What several test targets share (a seeded random generator, loopback ports, the child-process runner,
        // the in-process servers' threads).
        .target(
            name: "NearbyTestSupport", dependencies: [.product(name: "DequeModule", package: "swift-collections")],
            path: "Tests/Support"),
        // Fixtures are read from the checkout (#filePath), not bundled.
        .testTarget(
            name: "NearbyKitTests", dependencies: ["NearbyKit", "CProj", "NearbyTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "NearbyServiceTests", dependencies: ["NearbyService", "NearbyKit"]),
        .testTarget(name: "NearbyUpdateTests", dependencies: ["NearbyUpdate", "NearbyKit", lock]),
        .testTarget(
            name: "NearbyGeoPackageTests",
            dependencies: ["NearbyGeoPackage", "NearbyService", "NearbyKit", "NearbySQLite", "NearbyTestSupport"]),
        // One contract, every store (GeoPackage, PostGIS): each answers as the in-memory k-d tree does.
        .testTarget(
            name: "StoreContractTests",
            dependencies: [
                "NearbyGeoPackage", "NearbyPostGIS", "NearbyService", "NearbyKit", "NearbyUpdate", "NearbyTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "NearbyViewModelsTests",
            dependencies: [
                "NearbyViewModels", "NearbyService", "NearbyKit",
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ] + openCombine
        ),
        // The views' text, JSON and pages, whole, against the files in Expected/ (see its README.md),
        // and every name the page templates use, resolved against real page values.
        .testTarget(
            name: "NearbyViewsTests",
            dependencies: [
                "NearbyViews", "NearbyViewModels", "NearbyService", "NearbyKit",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
            ] + openCombine,
            exclude: ["Expected"]
        ),
        .testTarget(
            name: "NearbyServerTests",
            dependencies: [
                "NearbyServer", "NearbyService", "NearbyKit", "MapRender", "NearbyTestSupport", "NearbyGeoPackage", "NearbyViews",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The HTTP place service against a live server on a loopback port.
        .testTarget(
            name: "HTTPPlaceServiceTests",
            dependencies: [
                "NearbyService", "NearbyClient", "NearbyKit", "NearbyServer", "NearbyTestSupport", "NearbyGeoPackage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The PostGIS service and importer against the real server at $NEARBY_TEST_POSTGRES_URL (scripts/postgres).
        .testTarget(
            name: "NearbyPostGISTests",
            dependencies: [
                "NearbyPostGIS", "NearbyService", "NearbyKit", "NearbyUpdate", "NearbyTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The docs held to the tree: every name and path they give exists (allowed-names.txt: other projects' names).
        .testTarget(name: "DocumentationTests", exclude: ["allowed-names.txt"]),
        .testTarget(name: "MapRenderTests", dependencies: ["MapRender", "NearbyKit", "CCairo", "NearbyTestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "NearbyCLITests",
            dependencies: [
                "NearbyCLI", "NearbyKit", "NearbyGeoPackage", "NearbyPostGIS", "NearbyService", "NearbyUpdate", "MapRender",
                "NearbyTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

import Foundation
import NearbyKit
import Testing

@testable import MapRender

@Suite struct SnapshotterTests {
    static let region = Region(center: TestSupport.cafeDeParis, span: .placeDetail)

    static func options(width: Int = 600, height: Int = 400, scale: Int = 2, span: Double = 0.01) -> MapSnapshotOptions {
        MapSnapshotOptions(
            region: Region(center: TestSupport.cafeDeParis, span: .init(latitudeDelta: span, longitudeDelta: span)),
            width: width, height: height, scale: scale,
            annotations: [
                Annotation(
                    coordinate: TestSupport.cafeDeParis, title: "Café de Paris", subtitle: "Café",
                    category: .cafe, isSelected: true)
            ],
            userPosition: TestSupport.userPosition)
    }

    @Test(arguments: ["600x400", "600X400", "1×1"])
    func readsSizes(text: String) throws {
        _ = try MapSnapshotOptions.parseSize(text)
    }

    @Test(arguments: ["600", "600x", "x400", "600x400x2", "-600x400", "six hundred", "600 x 400", ""])
    func rejectsMalformedSizes(text: String) {
        #expect(throws: SnapshotError.malformedSize(text)) { try MapSnapshotOptions.parseSize(text) }
    }

    @Test func rejectsInvalidOptionsWithUsageErrors() throws {
        let snapshotter = try TestSupport.snapshotter()
        let cases: [(MapSnapshotOptions, SnapshotError)] = [
            (Self.options(width: 0), .zeroSize),
            (Self.options(height: 0), .zeroSize),
            (Self.options(width: 1366, scale: 3), .sizeTooLarge(pixelWidth: 4098, pixelHeight: 1200)),
            (Self.options(width: 4097, scale: 1), .sizeTooLarge(pixelWidth: 4097, pixelHeight: 400)),
            (Self.options(scale: 0), .scaleOutOfRange(0)),
            (Self.options(scale: 4), .scaleOutOfRange(4)),
            (Self.options(span: 0), .spanOutOfRange(0)),
            (Self.options(span: -0.01), .spanOutOfRange(-0.01)),
            (Self.options(span: 180.5), .spanOutOfRange(180.5)),
        ]
        for (options, expected) in cases {
            #expect(throws: expected) { try snapshotter.snapshot(options) }
            #expect(expected.exitCode == 64)
            #expect(expected.errorDescription?.isEmpty == false)
        }
        // The largest allowed sizes are fine.
        _ = try snapshotter.snapshot(Self.options(width: 1365, height: 10, scale: 3))
        #expect(throws: SnapshotError.nothingToShow) {
            try snapshotter.snapshot(MapSnapshotOptions(fittingAnnotations: []))
        }
    }

    @Test func identicalInputsGiveIdenticalBytes() throws {
        let first = try TestSupport.snapshotter().snapshot(Self.options()).pngData()
        let second = try TestSupport.snapshotter().snapshot(Self.options()).pngData()
        #expect(first == second)
        #expect(Array(first.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func writesAtomicallyAndReplacesOldFiles() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("map.png")
        try Data("old".utf8).write(to: url)
        try TestSupport.snapshotter().writePNG(Self.options(scale: 1), to: url)
        let decoded = try PNGDecoder.decode(contentsOf: url)
        #expect(decoded.width == 600 && decoded.height == 400)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["map.png"])
    }

    @Test func missingOutputDirectoryIsACannotCreateError() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("no/such/dir/map.png")
        #expect(throws: SnapshotError.output(.directoryMissing(url.deletingLastPathComponent().path))) {
            try TestSupport.snapshotter().writePNG(Self.options(), to: url)
        }
        #expect(SnapshotError.output(.directoryMissing("x")).exitCode == 73)
    }

    /// A map's write failure is `AtomicFile`'s, carried as it is: the same
    /// value, sentence and exit status as any other output's (a GeoJSON export's).
    @Test func aFailedWriteIsAtomicFilesFailure() throws {
        let full = URL(fileURLWithPath: "/dev/full")
        let expected = AtomicFile.WriteError.writeFailed(full.path, reason: "No space left on device")
        #expect(throws: expected) { try AtomicFile.write(Data("x".utf8), to: full) }
        #expect(throws: SnapshotError.output(expected)) { try TestSupport.snapshotter().writePNG(Self.options(), to: full) }
        #expect(throws: PNGError.output(expected)) { try AtomicFileWriter.write([0x89], to: full) }
        #expect(SnapshotError.output(expected).localizedDescription == "failed writing /dev/full: No space left on device")
        #expect(SnapshotError.output(expected).exitCode == 74 && PNGError.output(expected).exitCode == 74 && expected.exitCode == 74)
    }

    @Test func unwritableOutputLeavesNoFile() throws {
        // /proc takes no new files even from root, unlike a chmod-ed directory.
        let url = URL(fileURLWithPath: "/proc/nearby-map-test.png")
        let snapshotter = try TestSupport.snapshotter()
        do {
            try snapshotter.writePNG(Self.options(), to: url)
            Issue.record("writing into /proc succeeded")
        } catch {
            guard case .output(.cannotCreate(let path, _)) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == url.path)
            #expect(error.exitCode == 73)
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func encoderFailureLeavesNoFile() throws {
        #expect(throws: PNGError.self) { try PNGEncoder().encode(PixelBuffer(width: 0, height: 10)) }

        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("map.png")
        let real = try TestSupport.snapshotter().snapshot(Self.options(scale: 1))
        // A snapshot whose image libpng refuses (no pixels at all).
        let broken = MapSnapshot(
            viewport: real.viewport, image: PixelBuffer(width: 0, height: 0),
            pinTips: [], userPosition: nil)
        do {
            try broken.writePNG(to: url)
            Issue.record("encoding an empty image succeeded")
        } catch {
            guard case .encodingFailed(let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(!reason.isEmpty)
            #expect(error.exitCode == 70)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func everyImageCarriesTheAttribution() throws {
        // The attribution box is lighter than any map colour behind it and
        // holds dark text: both must be in the bottom-right corner.
        let snapshot = try TestSupport.snapshotter().snapshot(Self.options(scale: 1))
        var darkText = 0
        for y in 385..<400 {
            for x in 450..<600 {
                if let p = snapshot.image.rgba(x: x, y: y), p.red < 120, p.green < 120, p.blue < 120 { darkText += 1 }
            }
        }
        #expect(darkText > 50)
        #expect(try TestSupport.snapshotter().tiles.attribution.text == "© OpenStreetMap contributors")
    }

    @Test func fitsTheListsPlacesAndTheUser() throws {
        let places = [TestSupport.cafeDeParis, TestSupport.louisXV, TestSupport.cmbATM, TestSupport.jimmyz]
        let annotations = places.map { Annotation(coordinate: $0, title: "", subtitle: "", category: .bar) }
        let snapshot = try TestSupport.snapshotter().snapshot(
            MapSnapshotOptions(fittingAnnotations: annotations, userPosition: TestSupport.userPosition))
        for tip in snapshot.pinTips + [snapshot.userPosition!] {
            #expect((0...1200).contains(tip.x) && (0...800).contains(tip.y))
        }
    }
}

import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// Whole images compared with committed goldens, pixel by pixel, with a small
/// tolerance for font rasterisation differences between machines. After an
/// intended change to the drawing, regenerate them with
///
///     NEARBY_RECORD=1 swift test --filter MapRenderTests.GoldenSnapshotTests
///
/// and look at every image in Tests/MapRenderTests/Goldens/ before committing.
@Suite struct GoldenSnapshotTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let options: MapSnapshotOptions
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "cafe-de-paris",
            options: MapSnapshotOptions(
                region: Region(center: TestSupport.cafeDeParis, span: .placeDetail), width: 600, height: 400, scale: 1,
                annotations: [
                    Annotation(
                        coordinate: TestSupport.cafeDeParis, title: "Café de Paris", subtitle: "Café",
                        category: .cafe, isSelected: true)
                ],
                userPosition: TestSupport.userPosition)),
        Case(
            name: "jimmyz-2x",
            options: MapSnapshotOptions(
                region: Region(center: TestSupport.jimmyz, span: .init(latitudeDelta: 0.005, longitudeDelta: 0.005)),
                width: 320, height: 240, scale: 2,
                annotations: [
                    Annotation(
                        coordinate: TestSupport.jimmyz, title: "Jimmy'z", subtitle: "Night Club",
                        category: .nightclub, isSelected: true)
                ])),
        Case(
            name: "list-fitted",
            options: MapSnapshotOptions(
                fittingAnnotations: [
                    Annotation(coordinate: TestSupport.cafeDeParis, title: "Café de Paris", subtitle: "", category: .cafe, label: "1"),
                    Annotation(coordinate: TestSupport.louisXV, title: "Le Louis XV", subtitle: "", category: .restaurant, label: "2"),
                    Annotation(coordinate: TestSupport.cmbATM, title: "CMB", subtitle: "", category: .atm, label: "3"),
                    Annotation(coordinate: TestSupport.jimmyz, title: "Jimmy'z", subtitle: "", category: .nightclub, label: "4"),
                ],
                userPosition: TestSupport.userPosition, width: 480, height: 360, scale: 1)),
    ]

    @Test(arguments: cases)
    func matchesGolden(_ golden: Case) throws {
        let url = TestSupport.goldens.appendingPathComponent("\(golden.name).png")
        let snapshot = try TestSupport.snapshotter().snapshot(golden.options)
        if TestSupport.regeneratesGoldens {
            try FileManager.default.createDirectory(at: TestSupport.goldens, withIntermediateDirectories: true)
            try snapshot.writePNG(to: url, encoder: PNGEncoder(favoursSpeed: false))
            return
        }
        #expect(snapshot.landOnlyTiles.isEmpty, "the committed Tiles/ must cover the golden maps")
        let expected = try PNGDecoder.decode(contentsOf: url)
        let actual = snapshot.image
        try #require(expected.width == actual.width && expected.height == actual.height)

        var differing = 0
        var totalDifference = 0
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                guard let a = actual.rgba(x: x, y: y), let e = expected.rgba(x: x, y: y) else { continue }
                let difference = max(abs(Int(a.red) - Int(e.red)), abs(Int(a.green) - Int(e.green)), abs(Int(a.blue) - Int(e.blue)))
                totalDifference += difference
                if difference > 24 { differing += 1 }
            }
        }
        let pixels = actual.width * actual.height
        #expect(Double(differing) / Double(pixels) <= 0.005, "\(differing) of \(pixels) pixels differ from \(url.lastPathComponent)")
        #expect(Double(totalDifference) / Double(pixels) <= 1.0, "mean difference from \(url.lastPathComponent)")
    }
}

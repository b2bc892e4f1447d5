import Foundation
import NearbyKit
import NearbyTestSupport
import Testing

@testable import MapRender

/// The selected places' name bubbles never cover a pin, the user's dot or
/// one another; a bubble with no room is dropped and counted.
@Suite struct OverlayLabelTests {
    typealias Box = CollisionGrid.Box

    static func request(tip: PixelPoint, width: Double = 80) -> OverlayLabelLayout.Request {
        .init(tip: tip, headRadius: 13, pinHeight: 13 * (PinPainter.stemLength + 1), width: width, height: 24)
    }

    static func pin(_ tip: PixelPoint) -> Box {
        OverlayLabelLayout.pinBox(tip: tip, headRadius: 9, height: 9 * (PinPainter.stemLength + 1))
    }

    @Test func aBubbleGoesAboveItsPinWhenThereIsRoom() throws {
        let tip = PixelPoint(x: 200, y: 200)
        var layout = OverlayLabelLayout(imageWidth: 400, imageHeight: 300, scale: 1, obstacles: [])
        let placed = layout.place(Self.request(tip: tip))
        let box = try #require(placed)
        #expect(
            box
                == Box(
                    minX: 160, minY: tip.y - 13 * (PinPainter.stemLength + 1) - 4 - 24, maxX: 240,
                    maxY: tip.y - 13 * (PinPainter.stemLength + 1) - 4))
    }

    @Test func aPinAboveSendsTheBubbleAside() throws {
        let tip = PixelPoint(x: 200, y: 200)
        let neighbour = Self.pin(PixelPoint(x: 200, y: 140))
        var layout = OverlayLabelLayout(imageWidth: 400, imageHeight: 300, scale: 1, obstacles: [neighbour])
        let placed = layout.place(Self.request(tip: tip))
        let box = try #require(placed)
        #expect(!box.overlaps(neighbour))
        #expect(box.minX >= tip.x + 13, "expected the spot to the right, got \(box)")
    }

    @Test func aBubbleWithNowhereToGoIsDropped() {
        // A pin in the middle of a small image, hemmed in on every side.
        let tip = PixelPoint(x: 100, y: 75)
        let walls = [
            Box(minX: 0, minY: 0, maxX: 200, maxY: 40), Box(minX: 0, minY: 80, maxX: 200, maxY: 150),
            Box(minX: 0, minY: 0, maxX: 80, maxY: 150), Box(minX: 120, minY: 0, maxX: 200, maxY: 150),
        ]
        var layout = OverlayLabelLayout(imageWidth: 200, imageHeight: 150, scale: 1, obstacles: walls)
        let placed = layout.place(Self.request(tip: tip))
        #expect(placed == nil)
    }

    @Test func bubblesDoNotCoverEachOther() throws {
        var layout = OverlayLabelLayout(imageWidth: 600, imageHeight: 400, scale: 1, obstacles: [])
        let boxes = [PixelPoint(x: 300, y: 200), PixelPoint(x: 310, y: 200), PixelPoint(x: 290, y: 205)].compactMap {
            layout.place(Self.request(tip: $0, width: 120))
        }
        #expect(boxes.count == 3)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.overlaps(b)) }
        }
    }

    /// Crowds of selected places, drawn: each bubble the snapshot reports
    /// is on the image, above the credit's strip, clear of every pin, the
    /// user's dot and the other bubbles, and white where the snapshot says
    /// it is; every selected place is either labelled or counted as dropped.
    @Test(arguments: [(200, 150, 1), (600, 400, 2), (320, 240, 3)])
    func crowdedNamesKeepClearOfPinsAndEachOther(width: Int, height: Int, scale: Int) throws {
        var random = SeededGenerator(seed: UInt64(width * 10 + scale))
        let user = TestSupport.userPosition
        let annotations = (0..<12).map { index in
            let position = TestSupport.coordinate(
                43.7384 + Double(random.next() % 1000) / 1e5 - 0.005,
                7.4246 + Double(random.next() % 1000) / 1e5 - 0.005)
            return Annotation(
                coordinate: position, title: "Place number \(index)", subtitle: "", category: .cafe,
                isSelected: index % 2 == 0)
        }
        let options = MapSnapshotOptions(
            framing: .centred(user, zoom: 15), width: width, height: height, scale: scale,
            annotations: annotations, userPosition: user)
        let (snapshot, image) = try ListMapOverlayTests.render(options)
        let s = Double(scale), pins = PinPainter(scale: s)
        let selected = annotations.indices.filter { annotations[$0].isSelected }
        #expect(snapshot.titleBoxes.count + snapshot.droppedTitles == selected.count)
        let clustered = Set(snapshot.clusters.flatMap(\.members))
        var obstacles = annotations.indices.filter { !clustered.contains($0) }.map { index in
            OverlayLabelLayout.pinBox(
                tip: snapshot.pinTips[index], headRadius: pins.headRadius(selected: annotations[index].isSelected),
                height: pins.height(selected: annotations[index].isSelected))
        }
        obstacles += snapshot.clusters.map { OverlayLabelLayout.disc(centre: $0.centre, radius: $0.radius) }
        if let dot = snapshot.userPosition {
            obstacles.append(OverlayLabelLayout.disc(centre: dot, radius: UserPositionPainter.dotRadius * s))
        }
        let boxes = snapshot.titleBoxes.sorted { $0.key < $1.key }.map(\.value)
        for (i, box) in boxes.enumerated() {
            #expect(box.minX >= 0 && box.minY >= 0 && box.maxX <= Double(width * scale))
            #expect(box.maxY <= Double(height * scale) - LabelPainter.attributionHeight * s)
            #expect(!obstacles.contains { $0.overlaps(box) }, "bubble \(box) covers a pin or the dot")
            for other in boxes[(i + 1)...] { #expect(!box.overlaps(other)) }
            // Inside the bubble, left of its text: the bubble's white.
            let inside = try #require(image.rgba(x: Int(box.minX + 3 * s), y: Int((box.minY + box.maxY) / 2)))
            #expect(inside.red == 255 && inside.green == 255 && inside.blue == 255, "no bubble at \(box)")
        }
        if width == 200 { #expect(snapshot.droppedTitles > 0, "six names cannot all fit on 200×150") }
    }
}

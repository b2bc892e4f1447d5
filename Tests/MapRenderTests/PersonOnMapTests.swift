import Foundation
import NearbyKit
import Testing

@testable import MapRender

/// The person's position on every map that covers it, as the blue dot over
/// every pin and cluster; a place's map shows the person beside the place
/// when both read at one zoom, else an arrow at the edge their way.
@Suite struct PersonOnMapTests {
    static func isBlue(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?) -> Bool {
        guard let pixel else { return false }
        return pixel.red == 0x00 && pixel.green == 0x7A && pixel.blue == 0xFF
    }

    static func pixel(_ snapshot: MapSnapshot, at point: PixelPoint) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        snapshot.image.rgba(x: Int(point.x), y: Int(point.y))
    }

    static let cafeDeParis = Annotation(
        coordinate: TestSupport.cafeDeParis, title: "Café de Paris", subtitle: "Café", category: .cafe, isSelected: true)
    static let region = Region(center: TestSupport.cafeDeParis, span: .placeDetail)

    static func detail(user: Coordinate) throws -> MapSnapshot {
        try TestSupport.snapshotter().snapshot(.detail(region: region, pin: cafeDeParis, user: user, width: 600, height: 400, scale: 2))
    }

    /// A list whose places stand on the person (more than a ring holds, so a
    /// cluster, which would hide the dot if drawn over it).
    @Test func theDotIsOverTheClusterStandingOnThePerson() throws {
        let user = TestSupport.userPosition
        let crowd = (0..<25).map { index in
            Annotation(coordinate: user, title: "Place \(index)", subtitle: "Café", category: .cafe, label: "\(index + 1)")
        }
        let others = [TestSupport.cafeDeParis, TestSupport.louisXV].map {
            Annotation(coordinate: $0, title: "", subtitle: "Café", category: .cafe)
        }
        let snapshot = try TestSupport.snapshotter().snapshot(
            .list(of: crowd + others, around: user, radius: 500, units: .kilometres, width: 600, height: 400, scale: 2))
        #expect(snapshot.clusters.contains { $0.members.count >= 25 })
        let dot = try #require(snapshot.userPosition)
        #expect(Self.isBlue(Self.pixel(snapshot, at: dot)), "\(String(describing: Self.pixel(snapshot, at: dot)))")
        #expect(snapshot.userArrow == nil)
    }

    /// The demo position, 280 m from the Café de Paris: on the place's own map.
    @Test func aPersonNearThePlaceIsADotOnItsMap() throws {
        let snapshot = try Self.detail(user: TestSupport.userPosition)
        let own = try TestSupport.snapshotter().snapshot(MapSnapshotOptions(region: Self.region, width: 600, height: 400, scale: 2))
        #expect(snapshot.viewport.zoom == own.viewport.zoom && snapshot.viewport.centre == own.viewport.centre)
        #expect(snapshot.userArrow == nil)
        #expect(Self.isBlue(Self.pixel(snapshot, at: try #require(snapshot.userPosition))))
    }

    /// Off the place's own map (zoom 15): Jimmy'z, 1.2 km north-east, framed
    /// with it at that zoom; 1.7 km north, one zoom out, where main streets
    /// are still named.
    @Test(arguments: [(43.747042, 7.4385701, 15), (43.7550, 7.4277, MapSnapshotOptions.readableZoom)])
    func aPersonOffThePlacesMapIsFramedWithItWhenBothRead(latitude: Double, longitude: Double, zoom: Int) throws {
        let person = TestSupport.coordinate(latitude, longitude)
        let own = try TestSupport.snapshotter().viewport(for: MapSnapshotOptions(region: Self.region, width: 600, height: 400, scale: 2))
        let off = own.pixel(for: try TestSupport.projection.project(person))
        #expect(off.y < 0, "\(off)")
        let snapshot = try Self.detail(user: person)
        #expect(snapshot.viewport.zoom == zoom)
        #expect(snapshot.userArrow == nil)
        let user = try #require(snapshot.userPosition), tip = try #require(snapshot.pinTips.first)
        for point in [user, tip] {
            #expect(point.x > 0 && point.x < 1200 && point.y > 0 && point.y < 800, "\(point)")
        }
        #expect(Self.isBlue(Self.pixel(snapshot, at: user)))
    }

    /// Farther than a readable map holds: the place's own map, and a blue
    /// arrow on the side the person is, pointing their way.
    @Test(arguments: [
        (43.7800, 7.4277, UserArrow.Side.top),
        (43.7397, 7.3600, .left),
        (43.7397, 7.5000, .right),
        (43.7000, 7.4277, .bottom),
    ])
    func aPersonFarAwayIsAnArrowAtTheEdgeTheirWay(latitude: Double, longitude: Double, side: UserArrow.Side) throws {
        let snapshot = try Self.detail(user: TestSupport.coordinate(latitude, longitude))
        let own = try TestSupport.snapshotter().snapshot(MapSnapshotOptions(region: Self.region, width: 600, height: 400, scale: 2))
        #expect(snapshot.viewport.zoom == own.viewport.zoom && snapshot.viewport.centre == own.viewport.centre)
        let arrow = try #require(snapshot.userArrow)
        #expect(arrow.side == side)
        #expect(Self.isBlue(Self.pixel(snapshot, at: arrow.centre)))
        let user = try #require(snapshot.userPosition), centre = PixelPoint(x: 600, y: 400)
        // The arrow points from the middle towards the person.
        #expect(abs(arrow.angle - atan2(user.y - centre.y, user.x - centre.x)) < 1e-9)
    }

    /// A static map keeps Google's meaning: no person is drawn on it.
    @Test func aStaticMapDrawsNoPerson() throws {
        let request = try StaticMapRequest(parameters: [("center", "43.7397159,7.4276948"), ("zoom", "16"), ("size", "300x200")])
        let options = request.snapshotOptions
        #expect(options.userPosition == nil)
        if case .centred(_, let zoom) = options.framing { #expect(zoom == 16) } else { Issue.record("\(options.framing)") }
    }
}

import NearbyKit
import Testing

@testable import MapRender

@Suite struct ProjectionTests {
    /// Reference values from PROJ's own command-line tool, independent of
    /// this code's use of the C API (PROJ 9.1.1):
    ///
    ///     printf "%s\n" "43.7397159 7.4276948" "43.7391072 7.4273334" "43.7389507 7.4245361" "43.747042 7.4385701" \
    ///       "43.7384 7.4246" "0 0" "-33.8688 151.2093" "85 -179.5" \
    ///       | cs2cs -d 4 EPSG:4326 EPSG:3857
    ///
    /// (cs2cs takes EPSG:4326 in its official latitude, longitude order.)
    static let references: [(latitude: Double, longitude: Double, x: Double, y: Double)] = [
        (43.7397159, 7.4276948, 826847.2029, 5425250.5762),  // Café de Paris
        (43.7391072, 7.4273334, 826806.9720, 5425156.7894),  // Le Louis XV
        (43.7389507, 7.4245361, 826495.5780, 5425132.6765),  // CMB ATM
        (43.747042, 7.4385701, 828057.8358, 5426379.4358),  // Jimmy'z
        (43.7384, 7.4246, 826502.6913, 5425047.8272),  // the example user position
        (0, 0, 0, 0),
        (-33.8688, 151.2093, 16832542.2792, -4011198.6473),  // Sydney
        (85, -179.5, -19981848.5974, 19971868.8804),
    ]

    @Test func matchesCs2csInOneBatch() throws {
        let coordinates = Self.references.map { TestSupport.coordinate($0.latitude, $0.longitude) }
        let projected = try TestSupport.projection.project(coordinates)
        for (point, reference) in zip(projected, Self.references) {
            #expect(abs(point.x - reference.x) < 0.001, "x of \(reference)")
            #expect(abs(point.y - reference.y) < 0.001, "y of \(reference)")
        }
    }

    @Test func takesLongitudeAsXWhateverTheCRSAxisOrder() throws {
        let point = try TestSupport.projection.project(TestSupport.cafeDeParis)
        #expect(abs(point.x - 826847.2029) < 0.001)
    }

    @Test func refusesLatitudesOutsideTheMercatorSquare() {
        #expect(throws: ProjectionError.self) {
            try TestSupport.projection.project(TestSupport.coordinate(89.9, 0))
        }
    }

    @Test func worldPixelsFollowTheXYZTileScheme() throws {
        // Café de Paris is in tile 17/68240/47791 (Tiles/17/68240/47791.png),
        // so its world pixel at zoom 17 divided by 256 must fall in it.
        let pixel = try TestSupport.projection.project(TestSupport.cafeDeParis).worldPixel(zoom: 17)
        #expect(Int(pixel.x / 256) == 68240)
        #expect(Int(pixel.y / 256) == 47791)
        let origin = MercatorPoint(x: -MercatorPoint.halfWorld, y: MercatorPoint.halfWorld).worldPixel(zoom: 3)
        #expect(origin == PixelPoint(x: 0, y: 0))
    }

    @Test(arguments: [(0.01, 600, 400, 15), (0.02, 600, 400, 14), (0.1, 600, 400, 11), (0.01, 300, 200, 14), (100.0, 600, 400, 1)])
    func zoomIsTheLargestThatFitsTheRegion(span: Double, width: Int, height: Int, zoom: Int) throws {
        let region = Region(center: TestSupport.cafeDeParis, span: .init(latitudeDelta: span, longitudeDelta: span))
        let viewport = try MapViewport(region: region, width: width, height: height, scale: 2, projection: TestSupport.projection)
        #expect(viewport.zoom == zoom)
        #expect(viewport.tileZoom == zoom + 1)
        #expect(viewport.pixelWidth == width * 2)
        // The region's centre is the image's centre (to the half pixel that
        // aligning tiles on the pixel grid may move it).
        let centre = viewport.pixel(for: try TestSupport.projection.project(region.center))
        #expect(abs(centre.x - Double(width)) <= 0.5)
        #expect(abs(centre.y - Double(height)) <= 0.5)
    }
}

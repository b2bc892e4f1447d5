import CProj
import Foundation
import NIOConcurrencyHelpers
import NearbyKit

private var proj: nearby_proj { PROJ.functions }

/// Longitude/latitude (EPSG:4326) to Web Mercator metres (EPSG:3857) through
/// PROJ. One context and one transform live as long as this object: building
/// a transform reads proj.db and costs far more than projecting thousands of
/// points, so callers keep one projection and hand it whole batches.
public final class WebMercatorProjection: @unchecked Sendable {
    // A PJ and its context may only be used by one thread at a time.
    private let lock = NIOLock()
    private let context: OpaquePointer
    private let transform: OpaquePointer

    /// The latitude at which the Web Mercator square ends (atan(sinh π)).
    public static let maximumLatitude = 85.051_128_779_806_59

    public init() throws(ProjectionError) {
        guard let context = proj.proj_context_create() else {
            throw .transformUnavailable("no PROJ context")
        }
        // PROJ logs to stderr by default; the library reports through errors.
        _ = proj.proj_log_level(context, PJ_LOG_NONE)
        guard let raw = proj.proj_create_crs_to_crs(context, "EPSG:4326", "EPSG:3857", nil) else {
            let reason = Self.failure(context)
            _ = proj.proj_context_destroy(context)
            throw .transformUnavailable(reason)
        }
        // EPSG:4326 is officially latitude first; normalising lets every
        // caller pass longitude as x, as GeoJSON and the tile scheme do.
        let normalized = proj.proj_normalize_for_visualization(context, raw)
        _ = proj.proj_destroy(raw)
        guard let normalized else {
            let reason = Self.failure(context)
            _ = proj.proj_context_destroy(context)
            throw .transformUnavailable(reason)
        }
        self.context = context
        self.transform = normalized
    }

    private static func failure(_ context: OpaquePointer) -> String {
        proj.proj_context_errno_string(context, proj.proj_context_errno(context)).map { String(cString: $0) } ?? "unknown PROJ error"
    }

    deinit {
        _ = proj.proj_destroy(transform)
        _ = proj.proj_context_destroy(context)
    }

    /// Projects one coordinate. Prefer `project(_:)` with an array for many.
    public func project(_ coordinate: Coordinate) throws(ProjectionError) -> MercatorPoint {
        try project([coordinate])[0]
    }

    /// Projects every coordinate in one `proj_trans_generic` call.
    public func project(_ coordinates: [Coordinate]) throws(ProjectionError) -> [MercatorPoint] {
        var xs = coordinates.map(\.longitude)
        var ys = coordinates.map(\.latitude)
        try projectInPlace(longitudes: &xs, latitudes: &ys)
        return zip(xs, ys).map { MercatorPoint(x: $0, y: $1) }
    }

    /// The longitude and latitude of Web Mercator metres: PROJ's inverse.
    public func unproject(_ point: MercatorPoint) throws(ProjectionError) -> Coordinate {
        let result = lock.withLock {
            proj.proj_trans(transform, PJ_INV, proj.proj_coord(point.x, point.y, 0, 0))
        }
        let longitude = result.xy.x, latitude = result.xy.y
        guard latitude.isFinite, longitude.isFinite, let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            throw .notProjectable(latitude: latitude, longitude: longitude)
        }
        return coordinate
    }

    /// Projects parallel arrays of degrees into metres, in place. The basemap
    /// renderer hands over every vertex of the extract this way at once.
    public func projectInPlace(longitudes: inout [Double], latitudes: inout [Double]) throws(ProjectionError) {
        let count = min(longitudes.count, latitudes.count)
        guard count > 0 else { return }
        // Web Mercator stops where its square does; PROJ would still return
        // finite but meaningless northings up to the pole.
        for index in 0..<count
        where abs(latitudes[index]) > Self.maximumLatitude || !latitudes[index].isFinite || !longitudes[index].isFinite {
            throw .notProjectable(latitude: latitudes[index], longitude: longitudes[index])
        }
        let stride = MemoryLayout<Double>.stride
        lock.withLock {
            longitudes.withUnsafeMutableBufferPointer { xs in
                latitudes.withUnsafeMutableBufferPointer { ys in
                    _ = proj.proj_trans_generic(
                        transform, PJ_FWD,
                        xs.baseAddress, stride, count,
                        ys.baseAddress, stride, count,
                        nil, 0, 0,
                        nil, 0, 0)
                }
            }
        }
    }
}

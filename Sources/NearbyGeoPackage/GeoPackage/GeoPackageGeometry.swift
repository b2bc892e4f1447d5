import NearbyKit

/// Lines and polygons in GeoPackage's binary geometry encoding: the `GP`
/// header with an [minx, maxx, miny, maxy] envelope, then the shape as
/// little-endian WKB (`WKB`), for the address tables; points of places are
/// `GeoPackagePoint`. GeoPackage 1.2, §2.1.3.
enum GeoPackageGeometry {
    static func encode(_ shape: WKB.Shape) -> [UInt8] {
        let box = shape.box
        var bytes: [UInt8] = [0x47, 0x50, 0, 0b0000_0011]  // "GP", version 0, little-endian, envelope [minx, maxx, miny, maxy]
        append(UInt32(bitPattern: GeoPackagePoint.wgs84), &bytes)
        for value in [box.minLongitude, box.maxLongitude, box.minLatitude, box.maxLatitude] { append(value.bitPattern, &bytes) }
        WKB.encode(shape, into: &bytes)
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, _ bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The shape after the header; a file is outside input (`WKB.decode` checks every count).
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(GeoPackageFormatError) -> WKB.Shape {
        let start = try GeoPackagePoint.wkbStart(bytes)
        do {
            return try WKB.decode(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        } catch {
            throw .geometry(error.reason)
        }
    }
}

import Foundation
import NearbyKit

/// A point in GeoPackage's binary geometry encoding: the `GP` header with
/// its SRS id and no envelope (the standard form for points), then the
/// point as little-endian WKB. GeoPackage 1.2, §2.1.3.
enum GeoPackagePoint {
    static let wgs84 = Int32(4326)

    static func encode(_ coordinate: Coordinate) -> [UInt8] {
        var bytes: [UInt8] = [0x47, 0x50, 0, 0b0000_0001]  // "GP", version 0, little-endian, no envelope
        append(UInt32(bitPattern: wgs84), to: &bytes)
        bytes.append(1)  // WKB little-endian
        append(UInt32(1), to: &bytes)  // wkbPoint
        append(coordinate.longitude.bitPattern, to: &bytes)
        append(coordinate.latitude.bitPattern, to: &bytes)
        return bytes
    }

    /// Where the WKB starts after the `GP` header, which must be version 0,
    /// not empty nor extended, with a valid envelope, in EPSG:4326.
    static func wkbStart(_ bytes: UnsafeRawBufferPointer) throws(GeoPackageFormatError) -> Int {
        guard bytes.count >= 8, bytes[0] == 0x47, bytes[1] == 0x50 else { throw .geometry("not GeoPackage binary (no GP header)") }
        guard bytes[2] == 0 else { throw .geometry("GeoPackage binary version \(bytes[2]), expected 0") }
        let flags = bytes[3]
        guard flags & 0b0010_0000 == 0 else { throw .geometry("an extended geometry type") }
        guard flags & 0b0001_0000 == 0 else { throw .geometry("an empty geometry") }
        let envelopeBytes =
            switch (flags >> 1) & 0b111 {
            case 0: 0
            case 1: 32
            case 2, 3: 48
            case 4: 64
            default: -1
            }
        guard envelopeBytes >= 0 else { throw .geometry("an invalid envelope indicator") }
        let headerLittleEndian = flags & 1 == 1
        let srs = Int32(bitPattern: read(UInt32.self, bytes, at: 4, littleEndian: headerLittleEndian))
        guard srs == wgs84 else { throw .geometry("SRS \(srs), expected EPSG:4326 (WGS 84 longitude/latitude)") }
        guard bytes.count >= 8 + envelopeBytes else { throw .geometry("truncated") }
        return 8 + envelopeBytes
    }

    /// The point's coordinate, or a reason it is not a usable point.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(GeoPackageFormatError) -> Coordinate {
        let wkb = try wkbStart(bytes)
        guard bytes.count >= wkb + 21 else { throw .geometry("truncated") }
        guard bytes[wkb] <= 1 else { throw .geometry("an invalid WKB byte order") }
        let little = bytes[wkb] == 1
        let type = read(UInt32.self, bytes, at: wkb + 1, littleEndian: little)
        // 2D points, or points with Z and/or M whose extra ordinates are ignored (ISO WKB codes).
        guard [1, 1001, 2001, 3001].contains(type) else { throw .geometry("WKB geometry type \(type), expected a Point") }
        let longitude = Double(bitPattern: read(UInt64.self, bytes, at: wkb + 5, littleEndian: little))
        let latitude = Double(bitPattern: read(UInt64.self, bytes, at: wkb + 13, littleEndian: little))
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw .geometry(error.localizedDescription)
        }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func read<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeRawBufferPointer, at offset: Int, littleEndian: Bool) -> T {
        let raw = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        return littleEndian ? T(littleEndian: raw) : T(bigEndian: raw)
    }
}

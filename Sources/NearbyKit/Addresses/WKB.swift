/// Points, lines and polygons as OGC Simple Features well-known binary,
/// which both stores keep the address tables in (GeoPackage inside its own
/// header, PostGIS as it is). Written little-endian; read in either order.
public enum WKB {
    public enum Shape: Equatable, Sendable {
        case point(LonLat)
        case lines([[LonLat]])
        case polygons([Polygon])

        public var box: BoundingBox {
            let points: [LonLat] =
                switch self {
                case .point(let p): [p]
                case .lines(let lines): Array(lines.joined())
                case .polygons(let polygons): Array(polygons.joined().joined())
                }
            return BoundingBox(points) ?? BoundingBox(minLongitude: 0, minLatitude: 0, maxLongitude: 0, maxLatitude: 0)
        }
    }

    public struct Invalid: Error, Equatable {
        public var reason: String
    }

    /// A point, a MultiLineString or a MultiPolygon.
    public static func encode(_ shape: Shape, into bytes: inout [UInt8]) {
        switch shape {
        case .point(let p):
            header(1, &bytes)
            point(p, &bytes)
        case .lines(let lines):
            header(5, &bytes)
            append(UInt32(lines.count), &bytes)
            for line in lines {
                header(2, &bytes)
                ring(line, &bytes)
            }
        case .polygons(let polygons):
            header(6, &bytes)
            append(UInt32(polygons.count), &bytes)
            for polygon in polygons {
                header(3, &bytes)
                append(UInt32(polygon.count), &bytes)
                for r in polygon { ring(r, &bytes) }
            }
        }
    }

    private static func header(_ type: UInt32, _ bytes: inout [UInt8]) {
        bytes.append(1)
        append(type, &bytes)
    }

    private static func ring(_ points: [LonLat], _ bytes: inout [UInt8]) {
        append(UInt32(points.count), &bytes)
        for p in points { point(p, &bytes) }
    }

    private static func point(_ p: LonLat, _ bytes: inout [UInt8]) {
        append(p.longitude.bitPattern, &bytes)
        append(p.latitude.bitPattern, &bytes)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, _ bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Any 2D point, (multi)line or (multi)polygon; the bytes are outside
    /// input, so every count is checked against the bytes that remain.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(Invalid) -> Shape {
        var reader = Reader(bytes: bytes, offset: 0)
        return try reader.geometry()
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset: Int
        var little = true

        mutating func geometry() throws(WKB.Invalid) -> Shape {
            switch try header() {
            case 1: return .point(try point())
            case 2: return .lines([try line()])
            case 3: return .polygons([try polygon()])
            case 5:
                var lines: [[LonLat]] = []
                for _ in 0..<(try count(minimumBytes: 9)) {
                    guard try header() == 2 else { throw WKB.Invalid(reason: "a MultiLineString holding something else") }
                    lines.append(try line())
                }
                return .lines(lines)
            case 6:
                var polygons: [Polygon] = []
                for _ in 0..<(try count(minimumBytes: 9)) {
                    guard try header() == 3 else { throw WKB.Invalid(reason: "a MultiPolygon holding something else") }
                    polygons.append(try polygon())
                }
                return .polygons(polygons)
            case let type:
                throw WKB.Invalid(reason: "WKB geometry type \(type), expected a point, a line or a polygon")
            }
        }

        private mutating func header() throws(WKB.Invalid) -> UInt32 {
            guard offset + 5 <= bytes.count, bytes[offset] <= 1 else { throw WKB.Invalid(reason: "truncated or invalid WKB") }
            little = bytes[offset] == 1
            offset += 1
            return integer()
        }

        private mutating func count(minimumBytes each: Int) throws(WKB.Invalid) -> Int {
            guard offset + 4 <= bytes.count else { throw WKB.Invalid(reason: "truncated") }
            let n = Int(integer())
            guard n <= (bytes.count - offset) / each else { throw WKB.Invalid(reason: "a count larger than the geometry") }
            return n
        }

        private mutating func integer() -> UInt32 {
            let raw = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            offset += 4
            return little ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
        }

        private mutating func double() -> Double {
            let raw = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
            return Double(bitPattern: little ? UInt64(littleEndian: raw) : UInt64(bigEndian: raw))
        }

        private mutating func point() throws(WKB.Invalid) -> LonLat {
            guard offset + 16 <= bytes.count else { throw WKB.Invalid(reason: "truncated") }
            let (x, y) = (double(), double())
            guard x.isFinite, y.isFinite, abs(x) <= 180, abs(y) <= 90 else { throw WKB.Invalid(reason: "a coordinate out of range") }
            return LonLat(x, y)
        }

        private mutating func line() throws(WKB.Invalid) -> [LonLat] {
            var points: [LonLat] = []
            for _ in 0..<(try count(minimumBytes: 16)) { points.append(try point()) }
            return points
        }

        private mutating func polygon() throws(WKB.Invalid) -> Polygon {
            var rings: Polygon = []
            for _ in 0..<(try count(minimumBytes: 4)) { rings.append(try line()) }
            return rings
        }
    }
}

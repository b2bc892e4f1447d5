/// Google's encoded polyline format: each coordinate, in 1e-5 degrees, as
/// the difference from the previous one, zig-zag signed, cut into 5-bit
/// chunks from the least significant, each chunk + 63 as one ASCII
/// character, 0x20 marking "more chunks follow".
/// https://developers.google.com/maps/documentation/utilities/polylinealgorithm
enum EncodedPolyline {
    enum Failure: Error, Equatable {
        case malformed
        case tooManyPoints
    }

    /// The (latitude, longitude) pairs, at most `limit` of them. Every input
    /// ends in a value or a failure: chunks per value are bounded, so no
    /// shift or sum can overflow.
    static func decode(_ text: Substring, limit: Int) throws(Failure) -> [(latitude: Double, longitude: Double)] {
        var points: [(latitude: Double, longitude: Double)] = []
        var bytes = text.utf8.makeIterator()
        var latitude = 0, longitude = 0
        while let first = bytes.next() {
            let dLat = try value(startingWith: first, &bytes)
            guard let next = bytes.next() else { throw .malformed }
            let dLon = try value(startingWith: next, &bytes)
            latitude += dLat
            longitude += dLon
            guard points.count < limit else { throw .tooManyPoints }
            points.append((Double(latitude) / 1e5, Double(longitude) / 1e5))
        }
        return points
    }

    private static func value(startingWith first: UInt8, _ bytes: inout Substring.UTF8View.Iterator) throws(Failure) -> Int {
        var result = 0, shift = 0
        var byte = first
        while true {
            guard (63...126).contains(byte) else { throw .malformed }
            let chunk = Int(byte) - 63
            result |= (chunk & 0x1F) << shift
            guard chunk & 0x20 != 0 else { break }
            shift += 5
            // 32 bits hold ±180 degrees in 1e-5 units many times over.
            guard shift <= 30, let next = bytes.next() else { throw .malformed }
            byte = next
        }
        return result & 1 != 0 ? ~(result >> 1) : result >> 1
    }
}

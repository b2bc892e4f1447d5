import NearbyKit

/// An sRGB colour with straight (not premultiplied) alpha, as static map
/// requests give it: `0xRRGGBB`, `0xRRGGBBAA` or one of Google's names.
public struct MapColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(_ color: RGBColor) {
        self.init(red: color.red, green: color.green, blue: color.blue)
    }

    /// Google Static Maps' named colours; the values are the ones its
    /// default markers use.
    public static let named: [String: MapColor] = [
        "black": MapColor(red: 0x00, green: 0x00, blue: 0x00),
        "brown": MapColor(red: 0xA5, green: 0x2A, blue: 0x2A),
        "green": MapColor(red: 0x00, green: 0x80, blue: 0x00),
        "purple": MapColor(red: 0x80, green: 0x00, blue: 0x80),
        "yellow": MapColor(red: 0xFF, green: 0xFF, blue: 0x00),
        "blue": MapColor(red: 0x00, green: 0x00, blue: 0xFF),
        "gray": MapColor(red: 0x80, green: 0x80, blue: 0x80),
        "orange": MapColor(red: 0xFF, green: 0xA5, blue: 0x00),
        "red": MapColor(red: 0xFF, green: 0x00, blue: 0x00),
        "white": MapColor(red: 0xFF, green: 0xFF, blue: 0xFF),
    ]

    /// A named colour, `0xRRGGBB` or `0xRRGGBBAA` (case-insensitive); nil
    /// for anything else.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        if let named = Self.named[lower] {
            self = named
            return
        }
        guard lower.hasPrefix("0x") else { return nil }
        let digits = lower.dropFirst(2)
        guard digits.count == 6 || digits.count == 8,
            digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) }),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        let word = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(
            red: UInt8(truncatingIfNeeded: word >> 24), green: UInt8(truncatingIfNeeded: word >> 16),
            blue: UInt8(truncatingIfNeeded: word >> 8), alpha: UInt8(truncatingIfNeeded: word))
    }

    /// Relative luminance (0 black … 1 white), to pick a legible label colour.
    var luminance: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }
}

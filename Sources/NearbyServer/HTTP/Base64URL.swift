import Foundation

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5): what the
/// page tokens are written in, so they travel in a query string unescaped.
enum Base64URL {
    static func encoded(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// nil for anything but the URL-safe alphabet without padding.
    static func decoded(_ text: String) -> Data? {
        guard !text.isEmpty,
            text.utf8.allSatisfy({
                $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

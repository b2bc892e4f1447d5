/// How deep a JSON text nests arrays and objects.
///
/// Foundation's JSON reader refuses a text nested more than 512 deep and
/// says only "not valid JSON"; when it fails, this tells whether that was
/// the reason, so the message can say so.
enum JSONNesting {
    /// Measured on swift-corelibs-foundation (Swift 6.3): 512 levels read, 513 do not.
    static let readerLimit = 512

    /// The deepest nesting outside strings; stops counting past `limit + 1`.
    static func depth<Bytes: Sequence>(of bytes: Bytes, limit: Int = readerLimit) -> Int where Bytes.Element == UInt8 {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > limit { return deepest }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

/// 64-bit FNV-1a: the hash of the entity tags. Swift's `Hasher` is seeded
/// per process; this is stable across processes and platforms, so servers
/// side by side give one thing one tag. Tiny, and fast next to drawing.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }

    public mutating func combine(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { combine($0) }
    }

    public var hex: String { String(value, radix: 16) }
}

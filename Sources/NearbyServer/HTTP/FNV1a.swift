/// 64-bit FNV-1a: the hash of the entity tags. Swift's `Hasher` is seeded
/// per process; this is stable across processes and platforms, so servers
/// side by side give one thing one tag. Tiny, and fast next to drawing.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }

    var hex: String { String(value, radix: 16) }
}

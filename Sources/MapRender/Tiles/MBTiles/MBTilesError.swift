import Foundation

/// Why an MBTiles file cannot be read, or added to: one line, naming the file.
public struct MBTilesError: Error, Equatable, Sendable, LocalizedError {
    public let path: String
    public let reason: String
    /// True for a file a redraw adds to (`MBTilesWriter.update`).
    public var writing = false

    public var errorDescription: String? { "cannot \(writing ? "write to" : "read") the MBTiles file \(path): \(reason)" }
}

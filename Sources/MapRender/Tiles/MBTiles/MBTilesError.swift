import Foundation

/// Why an MBTiles file cannot be read: one line, naming the file.
public struct MBTilesError: Error, Equatable, Sendable, LocalizedError {
    public let path: String
    public let reason: String

    public var errorDescription: String? { "cannot read the MBTiles file \(path): \(reason)" }
}

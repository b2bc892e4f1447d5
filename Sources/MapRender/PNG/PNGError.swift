import Foundation
import NearbyKit

/// Failures of the libpng codec and of putting its output on disk.
public enum PNGError: Error, Equatable, LocalizedError {
    /// The bytes are not a PNG libpng can read (truncated, wrong signature, bad CRC).
    case unreadable(String)
    /// The header announces an image larger than the caller accepts; it was not decoded.
    case tooLarge(width: Int, height: Int, maximumSide: Int)
    /// libpng refused to encode the image.
    case encodingFailed(String)
    /// The file (a tile, a tile set's metadata) could not be written: the one
    /// write failure nearby's outputs have, `AtomicFile`'s.
    case output(AtomicFile.WriteError)

    /// A file or folder that could not be created, opened or renamed into place.
    public static func notWritable(path: String, reason: String) -> PNGError { .output(.cannotCreate(path, reason: reason)) }

    /// A file that was created but could not be written (a full disk, EIO).
    public static func writeFailed(path: String, reason: String) -> PNGError { .output(.writeFailed(path, reason: reason)) }

    public var errorDescription: String? {
        switch self {
        case .unreadable(let reason): "not a readable PNG image: \(reason)"
        case .tooLarge(let width, let height, let side):
            "the PNG image is \(width)×\(height) pixels, more than \(side) a side"
        case .encodingFailed(let reason): "could not encode the PNG image: \(reason)"
        case .output(let error): error.localizedDescription
        }
    }

    /// The sysexits(3) code a command line should end with.
    public var exitCode: Int32 {
        switch self {
        case .unreadable, .tooLarge: 65
        case .encodingFailed: 70
        case .output(let error): error.exitCode
        }
    }
}

import Foundation

/// Failures of the libpng codec and of putting its output on disk.
public enum PNGError: Error, Equatable, LocalizedError {
    /// The bytes are not a PNG libpng can read (truncated, wrong signature, bad CRC).
    case unreadable(String)
    /// The header announces an image larger than the caller accepts; it was not decoded.
    case tooLarge(width: Int, height: Int, maximumSide: Int)
    /// libpng refused to encode the image.
    case encodingFailed(String)
    /// The directory the file should go into does not exist.
    case directoryMissing(String)
    /// The file (or its temporary sibling) could not be created, written or renamed.
    case notWritable(path: String, reason: String)
    /// The file was created but writing it failed (a full disk, EIO).
    case writeFailed(path: String, reason: String)
    /// What is at the path is not something to write a PNG into (a directory, a block device).
    case unsuitableTarget(path: String, reason: String)
    /// The path is one of the command's inputs.
    case isAnInput(String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let reason): "not a readable PNG image: \(reason)"
        case .tooLarge(let width, let height, let side):
            "the PNG image is \(width)×\(height) pixels, more than \(side) a side"
        case .encodingFailed(let reason): "could not encode the PNG image: \(reason)"
        case .directoryMissing(let path): "the output directory \(path) does not exist"
        case .notWritable(let path, let reason): "cannot write \(path): \(reason)"
        case .writeFailed(let path, let reason): "failed writing \(path): \(reason)"
        case .unsuitableTarget(let path, let reason): "will not write \(path): \(reason)"
        case .isAnInput(let path): "will not write \(path): it is one of the command's inputs"
        }
    }

    /// The sysexits(3) code a command line should end with.
    public var exitCode: Int32 {
        switch self {
        case .unreadable, .tooLarge: 65
        case .encodingFailed: 70
        case .directoryMissing, .notWritable, .unsuitableTarget: 73
        case .writeFailed: 74
        case .isAnInput: 64
        }
    }
}

import Foundation
import NearbyKit

/// Why a map image was not made. Each case is one sentence a person can act
/// on; `exitCode` is the sysexits(3) code the command line ends with.
public enum SnapshotError: Error, Equatable, LocalizedError {
    case malformedSize(String)
    case zeroSize
    case sizeTooLarge(pixelWidth: Int, pixelHeight: Int)
    case scaleOutOfRange(Int)
    case spanOutOfRange(Double)
    case zoomOutOfRange(Int)
    case nothingToShow
    case projection(ProjectionError)
    case encodingFailed(String)
    /// The image could not be written: the one write failure nearby's
    /// outputs have, `AtomicFile`'s.
    case output(AtomicFile.WriteError)

    public var errorDescription: String? {
        switch self {
        case .malformedSize(let text):
            "size \"\(text)\" is not WIDTHxHEIGHT in points, such as 600x400"
        case .zeroSize:
            "the image size must be at least 1x1"
        case .sizeTooLarge(let width, let height):
            "\(width)x\(height) pixels is too large: at most \(MapSnapshotOptions.maximumPixels) pixels a side after scaling"
        case .scaleOutOfRange(let scale):
            "scale \(scale) is not 1, 2 or 3"
        case .spanOutOfRange(let span):
            "span \(span)° must be more than 0 and at most 180"
        case .zoomOutOfRange(let zoom):
            "zoom \(zoom) is not between 0 and \(MapViewport.maximumExplicitZoom)"
        case .nothingToShow:
            "there is no position to fit the map to"
        case .projection(let error):
            error.localizedDescription
        case .encodingFailed(let reason):
            "could not encode the PNG image: \(reason)"
        case .output(let error):
            error.localizedDescription
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .malformedSize, .zeroSize, .sizeTooLarge, .scaleOutOfRange, .spanOutOfRange, .zoomOutOfRange: 64
        case .nothingToShow, .projection: 65
        case .encodingFailed: 70
        case .output(let error): error.exitCode
        }
    }

    init(_ error: PNGError) {
        switch error {
        case .encodingFailed(let reason), .unreadable(let reason): self = .encodingFailed(reason)
        case .tooLarge: self = .encodingFailed(error.localizedDescription)
        case .output(let failure): self = .output(failure)
        }
    }
}

import Foundation
import NearbyKit

/// Writes PNG bytes through NearbyKit's `AtomicFile` (temporary file beside
/// the target, then rename), in MapRender's error vocabulary.
public enum AtomicFileWriter {
    public static func write(_ bytes: [UInt8], to url: URL, inputs: Set<FileIdentity> = []) throws(PNGError) {
        do {
            try AtomicFile.write(Data(bytes), to: url, inputs: inputs)
        } catch {
            switch error {
            case .directoryMissing(let directory): throw .directoryMissing(directory)
            case .cannotCreate(let path, let reason): throw .notWritable(path: path, reason: reason)
            case .writeFailed(let path, let reason): throw .writeFailed(path: path, reason: reason)
            case .unsuitableTarget(let path, let reason): throw .unsuitableTarget(path: path, reason: reason)
            case .isAnInput(let path): throw .isAnInput(path)
            }
        }
    }
}

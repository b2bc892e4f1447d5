import Foundation
import NearbyKit

/// Writes PNG bytes through NearbyKit's `AtomicFile` (temporary file beside
/// the target, then rename); its failure is carried as it is.
public enum AtomicFileWriter {
    public static func write(_ bytes: [UInt8], to url: URL, inputs: Set<FileIdentity> = []) throws(PNGError) {
        do {
            try AtomicFile.write(Data(bytes), to: url, inputs: inputs)
        } catch {
            throw .output(error)
        }
    }
}

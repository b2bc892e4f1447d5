import Foundation
import NearbyKit

/// Checks on an output path made before any work: an output that is one of
/// the command's inputs (the same file by device and inode, so also through
/// a link or a hard link) would be destroyed by the write.
enum OutputFile {
    /// - Parameter inputs: each input and what it is, for the message.
    static func refuseInputs(_ output: URL, option: String, inputs: [(URL, String)]) throws {
        guard let written = FileIdentity(of: output) else { return }
        for (input, what) in inputs where FileIdentity(of: input) == written {
            throw CLIError(message: "\(option) \(output.path) is \(what) (\(input.path)); write to another file", code: .usage)
        }
    }

    /// A map written over one of the tiles it is drawn from: `{z}/{x}/{y}.png`
    /// under the tile directory.
    static func refuseTile(_ output: URL, option: String, in tiles: URL) throws {
        let file = output.resolvingSymlinksInPath().standardizedFileURL.pathComponents
        let root = tiles.resolvingSymlinksInPath().standardizedFileURL.pathComponents
        guard file.count == root.count + 3, Array(file.prefix(root.count)) == root else { return }
        let tail = file.suffix(3)
        let numbers = tail.enumerated().allSatisfy { index, part in
            let digits = index == 2 ? (part.hasSuffix(".png") ? String(part.dropLast(4)) : "") : part
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
        if numbers {
            throw CLIError(
                message: "\(option) \(output.path) is a tile of \(tiles.path) that the map is drawn from; write to another file",
                code: .usage)
        }
    }
}

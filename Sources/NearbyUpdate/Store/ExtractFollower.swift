import Foundation

/// What follows a store's extract (a tile set drawn from it): brought
/// forward, after each update, from the extract before it to the one after,
/// still under the store's lock, so that it follows the store in the same
/// order. It says what it did (`redrew 3 of 120 tiles in Tiles`), or throws
/// an `UpdateFailure` saying what was not done.
public protocol ExtractFollower: Sendable {
    func follow(from older: URL, to newer: URL, progress: @escaping @Sendable (UpdateProgress) -> Void) throws -> String
}

import Foundation
import NearbyKit

/// The store did not take an update's writes (a full disk, a file size
/// limit, a failing device); rolled back, it is as it was.
public struct UpdateWriteFailure: Error, LocalizedError {
    /// The store as the user named it: a file's path, a URL.
    public var store: String
    public var reason: String

    public init(store: String, reason: String) {
        self.store = store
        self.reason = reason
    }

    public var errorDescription: String? { "failed writing \(store): \(reason); it is as it was before this update" }
}

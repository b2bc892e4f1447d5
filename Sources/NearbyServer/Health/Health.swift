import Foundation
import NearbyKit

/// The body of `GET /healthz`: the process answers, and how current its
/// data is when the store says so in time.
struct Health: Encodable {
    struct DataState: Encodable {
        var loadedAt: Date
        var replication: ReplicationState?
        /// Seconds from the moment the data is current to (its replication timestamp) to now.
        var ageSeconds: Int?

        enum CodingKeys: String, CodingKey {
            case loadedAt = "loaded_at"
            case replication
            case ageSeconds = "age_seconds"
        }
    }

    var status = "ok"
    var data: DataState?
}

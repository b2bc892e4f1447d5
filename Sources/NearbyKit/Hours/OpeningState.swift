import Foundation

/// Whether a place is open at an instant, and for how long that holds.
public struct OpeningState: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        case open, closed, unknown
    }

    public var status: Status
    /// When the status next flips, if the rules say so within the look-ahead
    /// (eight days, or about a year and a month when the value names dates,
    /// months, years or weeks). nil for `24/7` and for values that cannot be read.
    public var nextChange: Date?
    /// The status from `nextChange` on: a closed place may next open, or
    /// next become unknown (`Sa,Su "On request"`), which reads differently.
    public var nextStatus: Status?
    /// The quoted comment of the rule in force (`"On request"`).
    public var comment: String?
    /// Why the status is unknown; or, for a known status, a caveat such as
    /// public holidays not being known.
    public var reason: String?

    public init(
        status: Status, nextChange: Date? = nil, nextStatus: Status? = nil, comment: String? = nil,
        reason: String? = nil
    ) {
        self.status = status
        self.nextChange = nextChange
        self.nextStatus = nextStatus
        self.comment = comment
        self.reason = reason
    }

    /// true when open, false when closed, nil when unknown.
    public var isOpen: Bool? {
        switch status {
        case .open: return true
        case .closed: return false
        case .unknown: return nil
        }
    }
}

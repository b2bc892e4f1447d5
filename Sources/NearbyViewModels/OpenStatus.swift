import Foundation
import NearbyKit

/// Whether a place is open at an instant, as rows and the detail screen show it.
public struct OpenStatus: Equatable, Sendable {
    public var isOpen: Bool?
    public var text: String

    public static let unknown = OpenStatus(isOpen: nil, text: "Hours unknown")

    /// `opening_hours` is not evaluated yet (issue 5): every place reads as unknown.
    public init(place: Place, at instant: Date) {
        self = .unknown
    }

    public init(isOpen: Bool?, text: String) {
        self.isOpen = isOpen
        self.text = text
    }
}

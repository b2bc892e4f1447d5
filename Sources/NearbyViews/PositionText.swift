import NearbyKit

/// How a screen names the position it searches from: its address where the
/// data knows one, then its coordinates ("Boulevard des Moulins,
/// Monte-Carlo (43.7384000, 7.4246000)"), escaped for a terminal.
enum PositionText {
    static func text(_ position: Coordinate, address: PostalAddress?) -> String {
        guard let name = address?.locator, !name.isEmpty else { return position.description }
        return "\(TerminalSafeText.escaped(name, limit: 120)) (\(position))"
    }
}

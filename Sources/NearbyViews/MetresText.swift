/// "1500 m": a radius as the headings say it. Radii are validated long
/// before they reach a view, but a view never traps on a number: anything
/// too large for an Int is written as a Double.
enum MetresText {
    static func format(_ metres: Double) -> String {
        let rounded = metres.rounded()
        guard rounded.magnitude < 1e15 else { return "\(metres) m" }
        return "\(Int(rounded)) m"
    }
}

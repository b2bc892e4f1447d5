import NearbyKit
import NearbyViewModels

/// Fixed-width text for terminal rows: long names are cut with an ellipsis
/// so that the distance column lines up. Text from the data is escaped here,
/// where every row passes.
enum TextColumns {
    static func fit(_ text: String, _ width: Int) -> String {
        let text = TerminalSafeText.escaped(text, limit: .max)
        if text.count > width { return String(text.prefix(width - 1)) + "…" }
        return text + String(repeating: " ", count: width - text.count)
    }

    static func right(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// "Café de Paris ……  0.18 mi  Hours unknown  n4316767531"
    static func row(_ row: PlaceRowViewModel, nameWidth: Int = 40) -> String {
        let id = TerminalSafeText.escaped(row.id, limit: .max)
        return "\(fit(row.name, nameWidth))  \(right(row.distanceText, 9))  \(fit(row.openStatus.text, 24))  \(id)"
    }

    /// A row of a list that mixes kinds: "Café  Café de Paris …".
    static func kindAndRow(_ row: PlaceRowViewModel) -> String {
        "\(fit(row.kindName, 19)) \(self.row(row, nameWidth: 32))"
    }

    /// The line under a search's row that says which name matched, in the
    /// name's column ("old name: Pavillons des Boulingrins"); nil for none.
    static func matchedName(_ row: PlaceRowViewModel, nameColumn: Int) -> String? {
        row.matchedNameText.map { String(repeating: " ", count: nameColumn) + TerminalSafeText.escaped($0, limit: 120) }
    }
}

/// Which of the import's rules gave a part of an address, in the order they
/// are tried: a part comes from the first rule that knows it.
public enum AddressRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// The place's own `addr:*` tags.
    case tags
    /// The addressed building or area the place lies in.
    case building
    /// An address point (`addr:housenumber` with a street) a few metres away,
    /// with no named street between.
    case addressPoint = "address_point"
    /// The nearest named street, without a house number.
    case street
    /// An area the place lies in: an administrative or postal boundary, a
    /// `place=*` area.
    case area
    /// The nearest `place=*` node of the right rank.
    case placeNode = "place_node"
    /// The addresses of the nearest addressed neighbours (a postcode, a country).
    case neighbours
}

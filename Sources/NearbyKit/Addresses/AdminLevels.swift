/// Which `admin_level` of `boundary=administrative` is which part of an
/// address, as each country uses the levels (OpenStreetMap wiki, "Tag:
/// boundary=administrative", the table by country). docs/ADDRESSES.md
/// lists the countries read differently from the default.
struct AdminLevels: Sendable {
    var region: Int?
    var county: Int?
    /// Tried in order; the first level the position lies in names the locality.
    var locality: [Int]
    var sublocality: [Int]
    /// When neither a locality level nor a `place=*` area or node names one.
    var localityFallback: [Int]

    static let standard = AdminLevels(region: 4, county: 6, locality: [8], sublocality: [9, 10], localityFallback: [7, 9, 10])

    static func of(country code: String?) -> AdminLevels {
        switch code {
        // Woonplaatsen (10) are the towns; gemeenten (8) can hold several.
        case "NL": AdminLevels(region: 4, county: nil, locality: [10, 8], sublocality: [], localityFallback: [])
        // Districts (8) are not towns: towns are place=* areas and nodes.
        case "GB": AdminLevels(region: 4, county: 6, locality: [], sublocality: [10], localityFallback: [8])
        // Cities (7), then wards and districts below.
        case "JP": AdminLevels(region: 4, county: nil, locality: [7], sublocality: [8, 9, 10], localityFallback: [])
        default: standard
        }
    }
}

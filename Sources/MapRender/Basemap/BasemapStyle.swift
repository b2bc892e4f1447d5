/// The basemap's colours and line widths, close to the OpenStreetMap
/// Carto style people know from openstreetmap.org.
enum BasemapStyle {
    struct Colour: Sendable {
        let r: Double, g: Double, b: Double
        init(_ hex: UInt32) {
            r = Double((hex >> 16) & 0xFF) / 255
            g = Double((hex >> 8) & 0xFF) / 255
            b = Double(hex & 0xFF) / 255
        }
    }

    static let land = Colour(0xF2EFE9)
    static let water = Colour(0xAAD3DF)
    static let park = Colour(0xC8FACC)
    static let wood = Colour(0xADD19E)
    static let grass = Colour(0xCDEBB0)
    static let sand = Colour(0xF5E9C6)
    static let residential = Colour(0xE0DFDF)
    static let commercial = Colour(0xF2DAD9)
    static let industrial = Colour(0xEBDBE8)
    static let pedestrianArea = Colour(0xDDDDE8)
    static let pier = Colour(0xF2EFE9)
    static let building = Colour(0xD9D0C9)
    static let buildingEdge = Colour(0xC4B6AB)
    static let railway = Colour(0x707070)
    static let casing = Colour(0xB8B1A8)
}

import NearbyKit
import Testing

/// The images OSM names for a place (`Place.photos`): `image` when it is a
/// web address, `wikimedia_commons` when it names a file; nothing else.
struct PlacePhotosTests {
    static func place(image: String? = nil, commons: String? = nil) throws -> Place {
        Place(
            id: "n1", name: "Musée", category: .museum, coordinate: try Coordinate(latitude: 43.73, longitude: 7.42),
            imageURL: image, tags: commons.map { ["wikimedia_commons": $0] } ?? [:])
    }

    @Test func anImageAddressAndACommonsFile() throws {
        let photos = try Self.place(image: "https://example.org/a.jpg", commons: "File:Musée océanographique de Monaco.jpg").photos
        #expect(photos.map(\.source) == [.image, .commons])
        #expect(photos[0].url() == "https://example.org/a.jpg" && photos[0].url(width: 400) == "https://example.org/a.jpg")
        #expect(photos[0].attribution.name == "example.org")
        #expect(
            photos[1].url(width: 400)
                == "https://commons.wikimedia.org/wiki/Special:FilePath/Mus%C3%A9e_oc%C3%A9anographique_de_Monaco.jpg?width=400")
        #expect(photos[1].attribution.page == "https://commons.wikimedia.org/wiki/File:Mus%C3%A9e_oc%C3%A9anographique_de_Monaco.jpg")
    }

    @Test(
        arguments: [
            (nil, "Category:Sky Mirror in Monte Carlo"), ("javascript:alert(1)", nil), ("example.org/a.jpg", nil),
            ("ftp://x.org/a", "File:"),
            (" ", "File:  "),
        ] as [(String?, String?)])
    func nothingElseIsAnImage(image: String?, commons: String?) throws {
        #expect(try Self.place(image: image, commons: commons).photos.isEmpty)
    }
}

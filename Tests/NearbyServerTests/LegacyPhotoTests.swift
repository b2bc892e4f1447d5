import Foundation
import NearbyKit
import NearbyService
import Testing

/// Google's legacy Place Photos: `photos[]` on details and search results,
/// each reference redirecting to the image the Places API (New) serves for it.
struct LegacyPhotoTests {
    @Test func resultsCarryPhotosWhoseReferencesRedirectAsTheNewAPIsMedia() async throws {
        let scratch = try ScratchFolder()
        let server = try await PagesTests.serving(
            in: scratch,
            Place(
                id: "n99", name: "Musée Imaginaire", category: .museum, coordinate: try Coordinate(latitude: 43.7384, longitude: 7.4246),
                imageURL: "https://example.org/musee.jpg", tags: ["wikimedia_commons": "File:Musée de Monaco.jpg"]))
        let details = try await server.get("/maps/api/place/details/json?place_id=n99").decode(PlaceDetailsResponse.self)
        let (_, nearby) = try await server.search("location=43.7384,7.4246&radius=100")
        let found = try await server.get(
            "/maps/api/place/findplacefromtext/json?input=mus%C3%A9e%20imaginaire&inputtype=textquery&fields=photos"
        )
        .decode(FindPlaceResponse.self)
        let commons = try await server.get("/maps/api/place/photo?photoreference=n99-commons&maxwidth=400", followingRedirects: false)
        let new = try await server.get("/v1/places/n99/photos/commons/media?maxWidthPx=400", followingRedirects: false)
        let image = try await server.get("/maps/api/place/photo?photoreference=n99-image&maxheight=300", followingRedirects: false)
        var refusals: [PlacesAPIStatus] = []
        for query in [
            "photoreference=n99-image", "photoreference=n99-image&maxwidth=0", "photoreference=n99-image&maxwidth=1601", "maxwidth=400",
            "photoreference=n99-video&maxwidth=400", "photoreference=n1-image&maxwidth=400",
        ] {
            refusals.append(try await server.get("/maps/api/place/photo?\(query)").decode(NearbySearchResponse.self).status)
        }
        try await server.stop()

        let references = ["n99-image", "n99-commons"]
        #expect(details.result?.photos?.map(\.photoReference) == references)
        #expect(nearby.results.first?.photos?.map(\.photoReference) == references)
        #expect(found.candidates.first?.photos?.map(\.photoReference) == references)
        #expect(
            details.result?.photos?.last?.htmlAttributions == [
                #"<a href="https://commons.wikimedia.org/wiki/File:Mus%C3%A9e_de_Monaco.jpg">Wikimedia Commons</a>"#
            ])
        #expect(commons.status == 302 && commons.headers["location"] == new.headers["location"])
        #expect(image.status == 302 && image.headers["location"] == "https://example.org/musee.jpg")
        #expect(refusals == [.invalidRequest, .invalidRequest, .invalidRequest, .invalidRequest, .notFound, .notFound])
    }
}

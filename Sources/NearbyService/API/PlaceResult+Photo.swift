import NearbyKit

extension PlaceResult {
    /// Google's legacy `photos[]` entry: the reference `/maps/api/place/photo` takes, and whom to
    /// credit, as HTML. Google's `width` and `height` are left out: OSM does not say how large an image is.
    public struct Photo: Codable, Sendable, Equatable {
        public var photoReference: String
        public var htmlAttributions: [String]

        enum CodingKeys: String, CodingKey {
            case photoReference = "photo_reference"
            case htmlAttributions = "html_attributions"
        }

        init(_ photo: PlacePhoto, of id: PlaceID) {
            photoReference = Self.reference(place: id, photo: photo.source)
            let credit = photo.attribution
            htmlAttributions = ["<a href=\"\(Self.escaped(credit.page))\">\(Self.escaped(credit.name))</a>"]
        }

        /// `n4316767531-image`: the place and which of its photos.
        public static func reference(place id: PlaceID, photo: PlacePhoto.Source) -> String {
            "\(id)-\(photo.rawValue)"
        }

        /// The place and photo a reference names; nil for anything else.
        public static func read(_ reference: String) -> (place: PlaceID, photo: PlacePhoto.Source)? {
            guard let dash = reference.lastIndex(of: "-"),
                let source = PlacePhoto.Source(rawValue: String(reference[reference.index(after: dash)...]))
            else { return nil }
            let id = String(reference[..<dash])
            return id.isEmpty || id.utf8.count > 64 ? nil : (id, source)
        }

        private static func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
    }
}

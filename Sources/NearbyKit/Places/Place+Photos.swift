import Foundation

/// An image OpenStreetMap names for a place: its `image` (an http or https
/// address) or its `wikimedia_commons` file (`File:…`; a `Category:…` is a
/// gallery, not an image, and names none). Nothing else is taken for one,
/// and no image is ever made up.
public struct PlacePhoto: Hashable, Sendable {
    public enum Source: String, Sendable {
        case image
        case commons
    }

    public let source: Source
    /// The `image` address, or the Commons file's name without `File:`.
    let reference: String

    /// Who to credit, and the page that says more.
    public var attribution: (name: String, page: String) {
        switch source {
        case .image: (URL(string: reference)?.host ?? reference, reference)
        case .commons: ("Wikimedia Commons", "https://commons.wikimedia.org/wiki/File:" + Self.pathEncoded(reference))
        }
    }

    /// The image itself; Commons scales it to `width` pixels when asked (an
    /// `image` address is what it is).
    public func url(width: Int? = nil) -> String {
        switch source {
        case .image:
            return reference
        case .commons:
            let file = "https://commons.wikimedia.org/wiki/Special:FilePath/" + Self.pathEncoded(reference)
            return width.map { file + "?width=\($0)" } ?? file
        }
    }

    private static func pathEncoded(_ name: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return name.replacingOccurrences(of: " ", with: "_").addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }
}

extension Place {
    /// The images OpenStreetMap names for the place, `image` first.
    public var photos: [PlacePhoto] {
        var photos: [PlacePhoto] = []
        if let image = imageURL?.trimmingCharacters(in: .whitespaces), let url = URL(string: image),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        {
            photos.append(PlacePhoto(source: .image, reference: image))
        }
        if let commons = tags["wikimedia_commons"]?.trimmingCharacters(in: .whitespaces), commons.hasPrefix("File:") {
            let file = commons.dropFirst("File:".count).trimmingCharacters(in: .whitespaces)
            if !file.isEmpty { photos.append(PlacePhoto(source: .commons, reference: file)) }
        }
        return photos
    }
}

import Foundation
import Mustache

/// The page templates (Templates/, compiled into the binary) and the one
/// place that renders them. Each template declares the content type
/// `HTMLText.ContentType`, so every `{{value}}` is escaped for HTML and its
/// invisible controls are shown: text from the data never becomes markup,
/// nor acts on a terminal.
enum HTMLPages {
    static let library: MustacheLibrary = {
        MustacheContentTypes.register(HTMLText.ContentType(), named: HTMLText.ContentType.name)
        let sources: [(String, [UInt8])] = [
            ("layout", PackageResources.layout_mustache), ("home", PackageResources.home_mustache),
            ("home-listing", PackageResources.home_listing_mustache), ("places", PackageResources.places_mustache),
            ("places-listing", PackageResources.places_listing_mustache), ("place", PackageResources.place_mustache),
            ("search", PackageResources.search_mustache), ("results", PackageResources.results_mustache),
            ("row", PackageResources.row_mustache), ("problem", PackageResources.problem_mustache),
        ]
        var library = MustacheLibrary()
        for (name, bytes) in sources {
            do {
                try library.register(String(decoding: bytes, as: UTF8.self), named: name)
            } catch {
                // The templates are compiled in, and PagesTests renders every one.
                fatalError("the \(name) page template does not parse: \(error)")
            }
        }
        return library
    }()

    static func render(_ page: Any, template: String) -> String {
        library.render(page, withTemplate: template) ?? ""
    }
}

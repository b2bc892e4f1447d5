import Foundation
import NearbyKit

/// The kinds of place nearby knows, by group: what `--category` and
/// `type=` accept, and which OpenStreetMap tags make each.
public struct CategoriesView {
    public init() {}

    public func text() -> String {
        var lines: [String] = []
        for group in PlaceCategoryGroup.allCases {
            if !lines.isEmpty { lines.append("") }
            lines.append("\(group.displayName) (\(group.rawValue))")
            for category in group.categories {
                let google = category.googleType.map { "  type=\($0)" } ?? ""
                let columns = "  \(TextColumns.fit(category.rawValue, 20)) \(TextColumns.fit(category.displayName, 22))"
                lines.append("\(columns) \(category.osmTags.joined(separator: ", "))\(google)")
            }
        }
        return lines.joined(separator: "\n")
    }

    public struct JSON: Encodable {
        var groups: [GroupJSON]
    }

    struct GroupJSON: Encodable {
        var id: String
        var name: String
        var section: String
        var categories: [CategoryJSON]
    }

    struct CategoryJSON: Encodable {
        var id: String
        var name: String
        var plural: String
        var section: String
        var googleType: String?
        var osmTags: [String]
        var searchTerms: [String]

        enum CodingKeys: String, CodingKey {
            case id, name, plural, section
            case googleType = "google_type"
            case osmTags = "osm_tags"
            case searchTerms = "search_terms"
        }
    }

    public func json() -> JSON {
        JSON(
            groups: PlaceCategoryGroup.allCases.map { group in
                GroupJSON(
                    id: group.rawValue, name: group.displayName, section: group.sectionTitle,
                    categories: group.categories.map { category in
                        CategoryJSON(
                            id: category.rawValue, name: category.singularName, plural: category.displayName,
                            section: category.sectionTitle, googleType: category.googleType, osmTags: category.osmTags,
                            searchTerms: category.searchTerms)
                    })
            })
    }
}

import ArgumentParser
import Foundation
import NearbyViews

struct CategoriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "List the kinds of place nearby knows, by group.",
        discussion: """
            Each line: the id `--category` and `type=` take, the name, the \
            OpenStreetMap tags that make it, and its Google Places type where \
            Google has one. A group's id (food, shopping, …) names all its kinds \
            at once. The table is Data/categories.json.

            Examples:
              nearby categories
              nearby categories --json | jq -r '.groups[].categories[] | select(.google_type == null) | .id'
              nearby list --lat 43.7384 --lon 7.4246 --category food --exclude-category fast_food
            """
    )

    @Flag(name: .long, help: "Write JSON instead of text.")
    var json = false

    func run() throws {
        let view = CategoriesView()
        try StandardOutput.write(json ? try JSONRendering.document(view.json()) : Data((view.text() + "\n").utf8))
    }
}

import ArgumentParser
import Foundation
import MapRender
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the places around a position: the home feed, or one category's places.",
        discussion: """
            Without --category: the nearest place of each kind, then each category's \
            nearest three. With --category: that category's places, nearest first.

            Examples:
              nearby list --lat 43.7384 --lon 7.4246
              nearby list --lat 43.7384 --lon 7.4246 --category cafe --category bar --limit 5
              nearby list --lat 43.7384 --lon 7.4246 --radius 500 --units km --json | jq '.sections[].title'
              nearby list --lat 43.7384 --lon 7.4246 --category restaurant --open-now --at 2021-04-19T20:00:00+02:00
              nearby list --lat 43.7384 --lon 7.4246 --category atm --png atms.png
              nearby list --lat 43.7384 --lon 7.4246 --service http://127.0.0.1:8080
            """
    )

    @OptionGroup var query: PlaceQueryOptions

    @OptionGroup var map: MapOptions

    @Flag(name: .long, help: "Print JSON (stable snake_case fields) instead of text.")
    var json = false

    @OptionGroup var serviceOptions: ServiceOptions

    func validate() throws {
        try map.checkCanShow(latitude: query.position.lat)
    }

    func run() async throws {
        try await query.answerOnce(serviceOptions, show)
    }

    private func show(_ coordinate: Coordinate, root: PlaceServiceRoot, environment: ViewModelEnvironment) async throws {
        let screen = query.search.screen(for: try query.placeSearch(at: coordinate), environment: environment)
        try await PrintOnce.load(screen.loadData, outcome: screen.outcome)
        let drawn = try await MapDrawing(map).draw(root, extractName: screen.dataset()?.source) { width, height, scale in
            query.search.map(of: screen.annotations(), around: coordinate, width: width, height: height, scale: scale)
        }
        try StandardOutput.write(json ? screen.json(map: drawn) : Data((screen.text() + "\n").utf8))
    }
}

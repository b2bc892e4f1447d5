import ArgumentParser
import Foundation
import MapRender
import NearbyKit
import NearbyService
import NearbyViewModels

struct ListCommand: ParsableCommand {
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
        """
    )

    @OptionGroup var position: PositionOptions

    @OptionGroup var search: SearchOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("At most this many places (per section in the home feed; default 3 there, all in a list).", valueName: "n"))
    var limit: Int?

    @OptionGroup var time: TimeOptions

    @OptionGroup var map: MapOptions

    @Flag(name: .long, help: "Print JSON (stable snake_case fields) instead of text.")
    var json = false

    @OptionGroup var dataOptions: DataOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
        try map.checkCanShow(latitude: position.lat)
    }

    func run() throws {
        let coordinate = try position.requiredCoordinate()
        let categories = try search.categories()
        let (radius, units, openNow) = (search.radius, search.units, search.openNow)
        let dataURL = try dataOptions.checkedDataURL()
        let service = LocalPlaceService(dataURL: dataURL)
        let environment = try OneShot.environment(service: service, units: units, time: time)
        let output: () throws -> Void
        let annotations: [Annotation]
        if categories.isEmpty {
            let viewModel = HomeViewModel(userCoordinate: coordinate, radius: radius, perSection: limit ?? HomeViewModel.defaultPlacesPerSection,
                                          openNowOnly: openNow, environment: environment)
            try OneShot.load(viewModel.loadData, outcome: viewModel.reloadPlaceList)
            let view = HomeView(viewModel: viewModel, units: units)
            annotations = viewModel.annotations
            output = { if json { try JSONOutput.print(view.json()) } else { print(view.text()) } }
        } else {
            let viewModel = PlaceListViewModel(categories: categories, userCoordinate: coordinate, radius: radius, limit: limit,
                                               openNowOnly: openNow, environment: environment)
            try OneShot.load(viewModel.loadData, outcome: viewModel.reloadPlaceList)
            let view = PlaceListView(viewModel: viewModel, radius: radius)
            annotations = viewModel.annotations
            output = { if json { try JSONOutput.print(view.json()) } else { print(view.text()) } }
        }
        try map.draw(dataURL: dataURL, extractName: try? service.currentDataset().get().source) { width, height, scale in
            MapSnapshotOptions(fittingAnnotations: annotations, userPosition: coordinate, width: width, height: height, scale: scale)
        }
        try output()
    }
}

import ArgumentParser
import Foundation
import NearbyKit
import NearbyViewModels

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one place in detail.",
        discussion: """
        The id is the place's OpenStreetMap element: n (node), w (way) or r \
        (relation) and its number, as `nearby list` prints it. Give a position \
        to see the distance.

        Examples:
          nearby show n4316767531
          nearby show n4316767531 --lat 43.7384 --lon 7.4246 --units km
          nearby show n4316767531 --json | jq .region
          nearby show n4413997053 --at 2021-04-19T12:00:00+02:00
        """
    )

    @Argument(help: ArgumentHelp("The place id (n…, w… or r…).", valueName: "id"))
    var id: String

    @OptionGroup var position: PositionOptions

    @Option(name: .long, help: "Distance units: mi or km.")
    var units: DistanceUnit = .miles

    @OptionGroup var time: TimeOptions

    @Flag(name: .long, help: "Print JSON (stable snake_case fields) instead of text.")
    var json = false

    @OptionGroup var dataOptions: DataOptions

    func run() throws {
        let environment = try OneShot.environment(dataURL: dataOptions.dataURL(), units: units, time: time)
        let viewModel = PlaceDetailViewModel(placeID: id, userCoordinate: try position.coordinate(), environment: environment)
        try OneShot.load(viewModel.loadData, outcome: viewModel.didLoad)
        let view = PlaceDetailView(viewModel: viewModel)
        if json { try JSONOutput.print(PlaceDetailView.JSON(vm: viewModel)) } else { print(view.text()) }
    }
}

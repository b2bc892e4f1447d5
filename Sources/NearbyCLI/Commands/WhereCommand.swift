import ArgumentParser
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews

struct WhereCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "where",
        abstract: "Print the address of a position (reverse geocoding).",
        discussion: """
            The address comes from the data's own streets, addresses and boundaries, \
            by the rules docs/ADDRESSES.md describes; each part is printed with the \
            rule that found it and the OpenStreetMap element it came from. Through \
            --service, the server's Geocoding API answers (GET /maps/api/geocode/json), \
            in the same words.

            Exits 1, saying so on stderr, where the data knows no address (outside \
            the extract, or a store imported as GeoJSON, which keeps no streets).

            Examples:
              nearby where --lat 43.7384 --lon 7.4246
              nearby where --lat 43.7384 --lon 7.4246 --json | jq -r .formatted_address
              nearby where --lat 43.7384 --lon 7.4246 --lang en --service http://127.0.0.1:8080
            """
    )

    @OptionGroup var position: PositionOptions

    @OptionGroup var language: LanguageOptions

    @Flag(name: .long, help: "Print JSON (Google's address components) instead of text.")
    var json = false

    @OptionGroup var serviceOptions: ServiceOptions

    func run() async throws {
        let here = try position.requiredCoordinate()
        try await PlaceServiceRoot.using(serviceOptions) { root in
            let environment = ViewModelEnvironment(
                placeService: root.service, mainScheduler: MainScheduler.immediate, language: language.lang)
            let viewModel = AddressViewModel(position: here, environment: environment)
            try await PrintOnce.load(viewModel.loadData, outcome: viewModel.didLoad)
            let view = AddressView(viewModel: viewModel)
            guard viewModel.address != nil else {
                throw CLIError(message: "no address is known at \(here): the data has no street, address or area there", code: .failure)
            }
            try StandardOutput.write(json ? try JSONRendering.document(view.json()) : Data((view.text() + "\n").utf8))
        }
    }
}

import ArgumentParser
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews

struct WhereCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "where",
        abstract: "Print where an address, a street or a town is, or the address of a position.",
        discussion: """
            With TEXT (forward geocoding): the address points, streets, districts, \
            towns and postcodes of the data that answer it, best first, each with what \
            it is, its OpenStreetMap element and its position; "(partial match)" where \
            only part of TEXT was found (a house number the street lacks gives the \
            street, never a neighbouring house). TEXT is written as people write \
            addresses, at most 400 bytes; a position typed as text is answered as \
            --lat/--lon are.

            With --lat/--lon (reverse geocoding): the address there, from the data's \
            own streets, addresses and boundaries, by the rules docs/ADDRESSES.md \
            describes; each part is printed with the rule that found it and the \
            OpenStreetMap element it came from.

            Through --service, the server's Geocoding API answers (GET \
            /maps/api/geocode/json), in the same words. Exits 1, saying so on stderr, \
            where the data knows nothing (outside the extract, or a store imported as \
            GeoJSON, which keeps no streets); 64 for a TEXT that is no question.

            Examples:
              nearby where "Avenue de la Costa 26, 98000 Monte-Carlo"
              nearby where "999 avenue de la costa" --json | jq -r '.results[0].partial_match'
              nearby where Monte-Carlo --country MC
              nearby where --lat 43.7384 --lon 7.4246
              nearby where --lat 43.7384 --lon 7.4246 --json | jq -r .formatted_address
              nearby where --lat 43.7384 --lon 7.4246 --lang en --service http://127.0.0.1:8080
            """
    )

    @Argument(help: ArgumentHelp("An address, a street, a town or a postcode, in words.", valueName: "text"))
    var text: String?

    @Option(name: .long, help: ArgumentHelp("With TEXT: only answers in this country (ISO 3166-1, e.g. MC).", valueName: "code"))
    var country: String?

    @OptionGroup var position: PositionOptions

    @OptionGroup var language: LanguageOptions

    @Flag(name: .long, help: "Print JSON (Google's address components) instead of text.")
    var json = false

    @OptionGroup var serviceOptions: ServiceOptions

    func validate() throws {
        if text != nil, try position.coordinate() != nil {
            throw ValidationError("give TEXT or --lat/--lon, not both")
        }
        if let country, country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw ValidationError("--country is a two-letter ISO 3166-1 code (MC, LI), not '\(country)'")
        }
        if country != nil, text == nil { throw ValidationError("--country needs TEXT") }
        if position.near != nil { throw ValidationError("where takes TEXT, not --near") }
    }

    func run() async throws {
        if let text { return try await geocode(text) }
        let here = try position.requiredCoordinate()
        try await PlaceServiceRoot.using(serviceOptions) { root in
            let viewModel = AddressViewModel(position: here, environment: environment(root))
            try await PrintOnce.load(viewModel.loadData, outcome: viewModel.didLoad)
            let view = AddressView(viewModel: viewModel)
            guard viewModel.address != nil else {
                throw CLIError(message: "no address is known at \(here): the data has no street, address or area there", code: .failure)
            }
            try StandardOutput.write(json ? try JSONRendering.document(view.json()) : Data((view.text() + "\n").utf8))
        }
    }

    /// One-shot, in the language asked: both ways of `where` load their view model once.
    private func environment(_ root: PlaceServiceRoot) -> ViewModelEnvironment {
        ViewModelEnvironment(placeService: root.service, mainScheduler: MainScheduler.immediate, language: language.lang)
    }

    private func geocode(_ text: String) async throws {
        let components = GeocodeRequest.Components(countries: country.map { [$0.uppercased()] } ?? [])
        let request = GeocodeRequest(text: text, components: components, language: language.lang)
        do {
            _ = try request.question()
        } catch {
            throw CLIError.usage("cannot read \(TerminalSafeText.escaped(text, limit: 60)): \(error.description)")
        }
        try await PlaceServiceRoot.using(serviceOptions) { root in
            let viewModel = GeocodeViewModel(request: request, environment: environment(root))
            try await PrintOnce.load(viewModel.loadData, outcome: viewModel.didLoad)
            let view = GeocodeView(viewModel: viewModel)
            guard !viewModel.candidates.isEmpty else {
                throw CLIError(message: "nothing in the data answers \(TerminalSafeText.escaped(text, limit: 60))", code: .failure)
            }
            try StandardOutput.write(json ? try JSONRendering.document(view.json()) : Data((view.text() + "\n").utf8))
        }
    }
}

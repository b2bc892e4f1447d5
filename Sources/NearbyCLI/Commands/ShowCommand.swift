import ArgumentParser
import Foundation
import MapRender
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews

struct ShowCommand: AsyncParsableCommand {
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
              nearby show n4316767531 --lat 43.7384 --lon 7.4246 --png cafe.png --size 600x400 --scale 2
              nearby show n4316767531 --service http://127.0.0.1:8080
            """
    )

    @Argument(help: ArgumentHelp("The place id (n…, w… or r…).", valueName: "id"))
    var id: String

    @OptionGroup var position: PositionOptions

    @Option(name: .long, help: "Distance units: mi or km.")
    var units: DistanceUnit = .miles

    @OptionGroup var time: TimeOptions

    @OptionGroup var language: LanguageOptions

    @OptionGroup var map: MapOptions

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("The map's span in degrees (latitude and longitude).", valueName: "deg"),
        transform: { try DecimalNumber.parse($0) })
    var span = Region.Span.placeDetail.latitudeDelta

    @Flag(name: .long, help: "Print JSON (stable snake_case fields) instead of text.")
    var json = false

    @OptionGroup var serviceOptions: ServiceOptions

    func validate() throws {
        guard Self.isPlaceID(id) else {
            throw ValidationError("\(id) is not a place id: n (node), w (way) or r (relation) and a number, such as n4316767531")
        }
        try map.checkCanShow(latitude: position.lat)
        guard span.isFinite, span > 0, span <= 180 else {
            throw ValidationError("--span must be more than 0 and at most 180 degrees, not \(span)")
        }
    }

    /// `n4316767531`: the form `nearby list` prints.
    static func isPlaceID(_ text: String) -> Bool {
        guard let kind = text.first, "nwr".contains(kind) else { return false }
        let number = text.dropFirst()
        return !number.isEmpty && number.count <= 20 && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    func run() async throws {
        try await PlaceServiceRoot.using(serviceOptions) { root in
            try await show(try await position.coordinate(using: root.service), root: root)
        }
    }

    private func show(_ user: Coordinate?, root: PlaceServiceRoot) async throws {
        let environment = try PrintOnce.environment(service: root.service, units: units, time: time, language: language)
        let viewModel = PlaceDetailViewModel(
            placeID: id, userCoordinate: user, span: Region.Span(latitudeDelta: span, longitudeDelta: span),
            environment: environment)
        try await PrintOnce.load(viewModel.loadData, outcome: viewModel.didLoad)
        var drawn: DrawnMap?
        if let region = viewModel.region, let annotation = viewModel.annotation {
            drawn = try await MapDrawing(map).draw(root, extractName: viewModel.dataset?.source) { width, height, scale in
                .detail(region: region, pin: annotation, user: user, width: width, height: height, scale: scale)
            }
        }
        let view = PlaceDetailView(viewModel: viewModel)
        try StandardOutput.write(
            json ? try JSONRendering.document(DocumentWithMap(body: view.json(), map: drawn)) : Data((view.text() + "\n").utf8))
    }
}

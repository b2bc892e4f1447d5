import ArgumentParser
import NearbyKit
import NearbyService

/// `--lat DEG --lon DEG`, both or neither; or `--near TEXT`.
struct PositionOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Latitude in degrees, -90…90.", valueName: "deg"),
        transform: { try DecimalNumber.parse($0) })
    var lat: Double?

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Longitude in degrees, -180…180.", valueName: "deg"),
        transform: { try DecimalNumber.parse($0) })
    var lon: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Instead of --lat/--lon: an address, a street or a town in words, where `nearby where TEXT` finds it.",
            valueName: "text"))
    var near: String?

    /// The position, `--near`'s found by the service's geocoding; nil when none is given.
    func coordinate(using service: any PlaceWebService) async throws -> Coordinate? {
        guard let near else { return try coordinate() }
        guard lat == nil, lon == nil else { throw CLIError.usage("give --near or --lat/--lon, not both") }
        let request = GeocodeRequest(text: near)
        do {
            _ = try request.question()
        } catch {
            throw CLIError.usage("--near \(TerminalSafeText.escaped(near, limit: 60)): \(error.description)")
        }
        guard let found = try await service.geocode(request).first else {
            throw CLIError(message: "--near \(TerminalSafeText.escaped(near, limit: 60)): nothing in the data answers it", code: .failure)
        }
        do {
            return try Coordinate(latitude: found.location.latitude, longitude: found.location.longitude)
        } catch {
            throw CLIError(message: "--near \(TerminalSafeText.escaped(near, limit: 60)): \(error.localizedDescription)", code: .dataError)
        }
    }

    /// The position `--lat/--lon` give, nil when neither is given (`--near` is read with a service).
    func coordinate() throws -> Coordinate? {
        switch (lat, lon) {
        case (nil, nil): return nil
        case (nil, _): throw CLIError.usage("--lon needs --lat")
        case (_, nil): throw CLIError.usage("--lat needs --lon")
        case (let lat?, let lon?):
            do { return try Coordinate(latitude: lat, longitude: lon) } catch {
                throw CLIError.usage("invalid position: \(error.localizedDescription)")
            }
        }
    }

    func requiredCoordinate() throws -> Coordinate {
        guard let coordinate = try coordinate() else { throw CLIError.usage("a position is needed: --lat DEG --lon DEG") }
        return coordinate
    }
}

extension DistanceUnit: ExpressibleByArgument {}

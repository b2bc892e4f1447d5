import ArgumentParser
import NearbyKit

/// `--lat DEG --lon DEG`, both or neither.
struct PositionOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Latitude in degrees, -90…90.", valueName: "deg"),
        transform: { try DecimalNumber.parse($0) })
    var lat: Double?

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Longitude in degrees, -180…180.", valueName: "deg"),
        transform: { try DecimalNumber.parse($0) })
    var lon: Double?

    /// The position, nil when neither is given.
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

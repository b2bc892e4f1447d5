import Foundation
import NearbyKit
import NearbyService

extension PlacesAPINewPlace {
    /// Google's connector types (EVConnectorType, by name and number) for OSM's `socket:*` keys.
    private static let connectors: [String: (name: String, number: Int)] = [
        "type1": ("EV_CONNECTOR_TYPE_J1772", 2), "type2": ("EV_CONNECTOR_TYPE_TYPE_2", 3),
        "type2_cable": ("EV_CONNECTOR_TYPE_TYPE_2", 3), "chademo": ("EV_CONNECTOR_TYPE_CHADEMO", 4),
        "type1_combo": ("EV_CONNECTOR_TYPE_CCS_COMBO_1", 5), "type2_combo": ("EV_CONNECTOR_TYPE_CCS_COMBO_2", 6),
        "tesla_supercharger": ("EV_CONNECTOR_TYPE_TESLA", 7), "tesla_destination": ("EV_CONNECTOR_TYPE_TESLA", 7),
        "gb_t_ac": ("EV_CONNECTOR_TYPE_UNSPECIFIED_GB_T", 8), "gb_t_dc": ("EV_CONNECTOR_TYPE_UNSPECIFIED_GB_T", 8),
        "schuko": ("EV_CONNECTOR_TYPE_UNSPECIFIED_WALL_OUTLET", 9), "nacs": ("EV_CONNECTOR_TYPE_NACS", 10),
    ]

    /// Sockets by kind: `socket:type2=4` four of them, `socket:type2:output=22 kW` their rate. A socket
    /// named without a count (`yes`) is not counted: Google's counts are numbers, and none is guessed.
    static func chargeOptions(_ tags: [String: String], numbers: Bool) -> ChargeOptions? {
        var byType: [String: (status: Status, rate: Double?, count: Int)] = [:]
        for (key, value) in tags where key.hasPrefix("socket:") {
            let kind = key.dropFirst("socket:".count)
            // Past ten thousand sockets a count is a mistake, and summing such counts could overflow.
            guard !kind.contains(":"), let count = Int(value), (1...10_000).contains(count) else { continue }
            let connector = connectors[String(kind)] ?? ("EV_CONNECTOR_TYPE_OTHER", 1)
            let rate = tags["socket:\(kind):output"].flatMap(Self.kilowatts)
            let status: Status = numbers ? .number(connector.number) : .name(connector.name)
            let known = byType[connector.name]
            byType[connector.name] = (
                status, [known?.rate, rate].compactMap { $0 }.max(), (known?.count ?? 0) + count
            )
        }
        guard !byType.isEmpty else { return nil }
        let aggregations = byType.sorted { $0.key < $1.key }.map {
            ChargeOptions.Aggregation(type: $0.value.status, maxChargeRateKw: $0.value.rate, count: $0.value.count)
        }
        return ChargeOptions(connectorCount: aggregations.reduce(0) { $0 + $1.count }, connectorAggregation: aggregations)
    }

    /// `22 kW`, `50kW`, `3.7 kW`, `150000 W`: the rate in kilowatts; a value naming no unit is not read.
    private static func kilowatts(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        for (unit, scale) in [("kw", 1.0), ("w", 0.001)] where trimmed.hasSuffix(unit) {
            guard let number = Double(trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)), number > 0,
                number.isFinite
            else { return nil }
            return number * scale
        }
        return nil
    }
}

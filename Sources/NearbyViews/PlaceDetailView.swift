import Foundation
import NearbyKit
import NearbyViewModels

/// The detail screen as text or JSON.
public struct PlaceDetailView {
    public var viewModel: PlaceDetailViewModel

    public init(viewModel: PlaceDetailViewModel) {
        self.viewModel = viewModel
    }

    public func text() -> String {
        let vm = viewModel
        let cuisine = vm.place?.cuisine.map { " · \($0.replacingOccurrences(of: ";", with: ", "))" } ?? ""
        var lines = [TerminalSafeText.escaped(vm.title, limit: .max), TerminalSafeText.escaped(vm.categoryName + cuisine, limit: .max)]
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append("\(TextColumns.fit(label, 10)) \(TerminalSafeText.escaped(value, limit: .max))") }
        }
        add("Distance", vm.distance)
        add("Status", vm.openStatusText)
        add("Hours", vm.openingHours)
        // Without hours, "Hours unknown" says it all; with them, a note (a comment, public holidays) is shown as the page shows it.
        if vm.openingHours != nil { add("Note", vm.openStatus?.note) }
        add("Address", vm.address?.formatted)
        add("Phone", vm.phone)
        add("Website", vm.website)
        add("Image", vm.placeImageUrl?.absoluteString)
        if let location = vm.location { add("Location", location.description) }
        if let region = vm.region {
            add("Map", "region centred on the place, span \(region.span.latitudeDelta)° × \(region.span.longitudeDelta)°")
        }
        add("Id", vm.placeID)
        return lines.joined(separator: "\n")
    }

    public func json() -> JSON { JSON(vm: viewModel) }

    public struct JSON: Encodable {
        var vm: PlaceDetailViewModel

        enum CodingKeys: String, CodingKey {
            case id, name, category, lat, lon, address, phone, website, cuisine, region, annotation, tags, attribution
            case categoryName = "category_name"
            case distanceM = "distance_m"
            case distanceText = "distance_text"
            case openNow = "open_now"
            case openStatus = "open_status"
            case openingHours = "opening_hours"
            case imageURL = "image_url"
            case nextChange = "next_change"
            case addressComponents = "address_components"
            case openNote = "open_note"
        }

        struct RegionJSON: Encodable {
            var center: CoordinateJSON
            var latDelta: Double
            var lonDelta: Double
            enum CodingKeys: String, CodingKey {
                case center
                case latDelta = "lat_delta"
                case lonDelta = "lon_delta"
            }
        }

        struct AnnotationJSON: Encodable {
            var lat: Double
            var lon: Double
            var title: String
            var subtitle: String
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(vm.placeID, forKey: .id)
            try c.encode(vm.title, forKey: .name)
            try c.encode(vm.place?.category.rawValue, forKey: .category)
            try c.encode(vm.categoryName, forKey: .categoryName)
            try c.encode(vm.location?.latitude, forKey: .lat)
            try c.encode(vm.location?.longitude, forKey: .lon)
            try c.encode(vm.distanceMetres.map { ($0 * 10).rounded() / 10 }, forKey: .distanceM)
            try c.encode(vm.distance, forKey: .distanceText)
            try c.encode(vm.isOpen, forKey: .openNow)
            try c.encode(vm.openStatusText, forKey: .openStatus)
            try c.encode(vm.openStatus?.nextChangeText, forKey: .nextChange)
            try c.encode(vm.openStatus?.note, forKey: .openNote)
            try c.encode(vm.openingHours, forKey: .openingHours)
            try c.encode(vm.address?.formatted, forKey: .address)
            try c.encode(vm.address?.components ?? [], forKey: .addressComponents)
            try c.encode(vm.phone, forKey: .phone)
            try c.encode(vm.website, forKey: .website)
            try c.encode(vm.place?.cuisine, forKey: .cuisine)
            try c.encode(vm.placeImageUrl?.absoluteString, forKey: .imageURL)
            if let region = vm.region {
                try c.encode(
                    RegionJSON(
                        center: CoordinateJSON(region.center), latDelta: region.span.latitudeDelta,
                        lonDelta: region.span.longitudeDelta), forKey: .region)
            }
            if let a = vm.annotation {
                try c.encode(
                    AnnotationJSON(lat: a.coordinate.latitude, lon: a.coordinate.longitude, title: a.title, subtitle: a.subtitle),
                    forKey: .annotation)
            }
            try c.encode(vm.place?.tags ?? [:], forKey: .tags)
            try c.encode(vm.dataset.attributionText, forKey: .attribution)
        }
    }
}

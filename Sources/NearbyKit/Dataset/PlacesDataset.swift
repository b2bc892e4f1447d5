import Foundation

/// A places dataset: a GeoJSON FeatureCollection of named points, each with
/// a category, as `nearby import` writes it. Foreign members at the top
/// carry what applies to every place (attribution, default time zone).
public struct PlacesDataset: Sendable {
    public static let osmAttribution = "© OpenStreetMap contributors"

    public var places: [Place]
    public var attribution: String
    public var license: String?
    /// The IANA time zone of places that name none (`Europe/Monaco`).
    public var timeZone: String?
    public var source: String?
    /// Where the data stands in OpenStreetMap's replication, when the extract said.
    public var replication: ReplicationState?
    /// Features left out on load because their category is not one nearby knows.
    public var skippedUnknownCategories: [String: Int] = [:]
    /// What reverse geocoding needs, from the import; a GeoJSON file holds
    /// only the places (and their addresses), so it loads empty.
    public var addressSources = AddressSources()
    /// The places mapped as areas, from the import, for updates (`AreaPlace`); none in a GeoJSON file.
    public var areaPlaces: [AreaPlace] = []

    public init(
        places: [Place], attribution: String = osmAttribution, license: String? = "ODbL-1.0",
        timeZone: String? = nil, source: String? = nil
    ) {
        self.places = places
        self.attribution = attribution
        self.license = license
        self.timeZone = timeZone
        self.source = source
    }

    /// Where the places are: the median latitude and longitude, inside the
    /// bulk of them however far a few strays lie (a bounding box's middle is
    /// not). A page with no position starts there, and a search that leans
    /// nowhere is measured from there. Nil without places.
    public var center: Coordinate? {
        guard !places.isEmpty else { return nil }
        let middle = places.count / 2
        let latitude = places.map(\.coordinate.latitude).sorted()[middle]
        let longitude = places.map(\.coordinate.longitude).sorted()[middle]
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }
}

/// Why a dataset file could not be used; each names the file.
public enum DatasetError: Error, Equatable, LocalizedError {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    /// `location` is where in the file: "feature 12 (properties.name)", or "top level".
    case invalid(path: String, location: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .missing(let path): "no places dataset at \(path)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .invalid(let path, let location, let reason): "invalid places dataset \(path), \(location): \(reason)"
        }
    }

    /// The same error with what came from the user and the file (paths,
    /// keys, values) made safe to print; the fields are escaped rather than
    /// the sentence because other layers build their own sentences from them.
    public var escaped: DatasetError {
        func safe(_ text: String) -> String { TerminalSafeText.escaped(text, limit: 300) }
        return switch self {
        case .missing(let path): .missing(path: safe(path))
        case .unreadable(let path, let reason): .unreadable(path: safe(path), reason: safe(reason))
        case .invalid(let path, let location, let reason): .invalid(path: safe(path), location: safe(location), reason: safe(reason))
        }
    }
}

extension PlacesDataset {
    private struct Collection: Codable {
        var type: String
        var attribution: String?
        var license: String?
        var timezone: String?
        var source: String?
        var replication: ReplicationState?
        var features: [PlaceFeature]
    }

    public static func load(from url: URL) throws(DatasetError) -> PlacesDataset {
        let data: Data
        do {
            data = try DatasetFile.contents(of: url)
        } catch {
            throw error.escaped
        }
        return try decode(data, path: url.path)
    }

    public static func decode(_ data: Data, path: String) throws(DatasetError) -> PlacesDataset {
        do {
            return try decodeUnescaped(data, path: path)
        } catch {
            throw error.escaped
        }
    }

    private static func decodeUnescaped(_ data: Data, path: String) throws(DatasetError) -> PlacesDataset {
        // A file cut short before its first byte (a failed copy, `: > file`) says nothing of being JSON.
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .invalid(
                path: path, location: "top level",
                reason: "the file is empty (a GeoPackage or a places GeoJSON was expected: nearby import makes one)")
        }
        let collection: Collection
        do {
            collection = try JSONDecoder().decode(Collection.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                JSONNesting.depth(of: data) > JSONNesting.readerLimit
            {
                throw .invalid(
                    path: path, location: "top level",
                    reason: "arrays and objects nested more than \(JSONNesting.readerLimit) deep, which the JSON reader refuses")
            }
            throw DatasetError(path: path, decodingError: error)
        } catch {
            throw .invalid(path: path, location: "top level", reason: error.localizedDescription)
        }
        guard collection.type == "FeatureCollection" else {
            throw .invalid(path: path, location: "top level", reason: "type is \"\(collection.type)\", expected \"FeatureCollection\"")
        }
        if let zone = collection.timezone, TimeZone(identifier: zone) == nil {
            throw .invalid(
                path: path, location: "top level",
                reason: "timezone \"\(zone)\" is not an IANA time zone (such as Europe/Monaco)")
        }
        var dataset = PlacesDataset(
            places: [], attribution: collection.attribution ?? osmAttribution, license: collection.license,
            timeZone: collection.timezone, source: collection.source)
        dataset.replication = collection.replication.flatMap { $0.isEmpty ? nil : $0 }
        dataset.places.reserveCapacity(collection.features.count)
        var seen = Set<PlaceID>()
        for (index, feature) in collection.features.enumerated() {
            do throws(PlaceFeature.Problem) {
                let place = try feature.place()
                guard seen.insert(place.id).inserted else {
                    throw PlaceFeature.Problem.invalid("id \(place.id) appears twice")
                }
                dataset.places.append(place)
            } catch {
                switch error {
                case .unknownCategory(let name):
                    dataset.skippedUnknownCategories[name, default: 0] += 1
                case .invalid(let reason):
                    throw .invalid(path: path, location: "feature \(index) (\(feature.id))", reason: reason)
                }
            }
        }
        return dataset
    }

    /// GeoJSON text, one feature a line, keys sorted: the same places give
    /// the same bytes, so the file diffs well and re-imports can be compared.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = Data("{\"type\":\"FeatureCollection\"".utf8)
        func member(_ key: String, _ value: String?) {
            guard let value, let json = try? encoder.encode(value) else { return }
            out.append(contentsOf: Data(",\"\(key)\":".utf8) + json)
        }
        member("attribution", attribution)
        member("license", license)
        if let replication, !replication.isEmpty, let json = try? encoder.encode(replication) {
            out.append(contentsOf: Data(",\"replication\":".utf8) + json)
        }
        member("source", source)
        member("timezone", timeZone)
        out.append(contentsOf: Data(",\"features\":[".utf8))
        for (index, place) in places.enumerated() {
            out.append(contentsOf: Data((index == 0 ? "\n" : ",\n").utf8))
            // Encoding a struct of strings and doubles cannot fail.
            if let json = try? encoder.encode(PlaceFeature(place)) { out.append(json) }
        }
        out.append(contentsOf: Data("\n]}\n".utf8))
        return out
    }
}

extension DatasetError {
    /// Turns a decoder's coding path into "feature 12 (properties.name)".
    fileprivate init(path: String, decodingError: DecodingError) {
        let (context, reason): (DecodingError.Context?, String) =
            switch decodingError {
            // The reader's own words are Foundation's ("NSCocoaErrorDomain error 3840"), not the user's.
            case .dataCorrupted(let c): (c, c.codingPath.isEmpty ? "not valid JSON" : c.debugDescription)
            case .keyNotFound(let key, let c): (c, "missing \"\(key.stringValue)\"")
            case .typeMismatch(let type, let c): (c, "expected \(Self.name(of: type))")
            case .valueNotFound(let type, let c): (c, "expected \(Self.name(of: type)), found null")
            @unknown default: (nil, "\(decodingError)")
            }
        let keys = context?.codingPath ?? []
        var location = "top level"
        if keys.first?.stringValue == "features", keys.count > 1, let index = keys[1].intValue {
            let rest = keys.dropFirst(2).map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            location = rest.isEmpty ? "feature \(index)" : "feature \(index) (\(rest))"
        } else if !keys.isEmpty {
            location = keys.map(\.stringValue).joined(separator: ".")
        }
        self = .invalid(path: path, location: location, reason: reason)
    }

    fileprivate static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        // Arrays of any element, and the objects (Swift types) of the format.
        default: "\(type)".hasPrefix("Array") ? "an array" : "an object"
        }
    }
}

extension PlacesDataset {
    /// The same places, each naming the dataset's default zone unless it names
    /// its own, so a place carries what its opening hours are read in.
    public func withDefaultTimeZone() -> PlacesDataset {
        guard let timeZone else { return self }
        var copy = self
        for i in copy.places.indices where copy.places[i].timeZone == nil {
            copy.places[i].timeZone = timeZone
        }
        return copy
    }
}

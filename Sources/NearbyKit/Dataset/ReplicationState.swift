import Foundation

/// Where a dataset stands in OpenStreetMap's replication: the moment its
/// data is current to, the feed's sequence number there and the feed's
/// address, from the extract's header (`osmosis_replication_timestamp`,
/// `osmosis_replication_sequence_number`, `osmosis_replication_base_url`)
/// at import. Updates follow the feed from here.
public struct ReplicationState: Sendable, Hashable, Codable {
    public var timestamp: Date?
    public var sequence: Int?
    /// The feed's base URL (`https://download.geofabrik.de/europe/monaco-updates`),
    /// where its `state.txt` is.
    public var baseURL: String?

    public init(timestamp: Date? = nil, sequence: Int? = nil, baseURL: String? = nil) {
        self.timestamp = timestamp
        self.sequence = sequence
        self.baseURL = baseURL
    }

    public var isEmpty: Bool { timestamp == nil && sequence == nil && baseURL == nil }

    enum CodingKeys: String, CodingKey {
        case timestamp, sequence
        case baseURL = "base_url"
    }

    /// As the files and stores write it: the timestamp as ISO 8601 in UTC, whole seconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(timestamp.map(Self.text), forKey: .timestamp)
        try container.encodeIfPresent(sequence, forKey: .sequence)
        try container.encodeIfPresent(baseURL, forKey: .baseURL)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .timestamp) {
            guard let date = Self.date(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .timestamp, in: container, debugDescription: "\"\(text)\" is not an ISO 8601 time such as 2021-04-21T20:21:46Z")
            }
            timestamp = date
        }
        sequence = try container.decodeIfPresent(Int.self, forKey: .sequence)
        if let sequence, sequence < 0 {
            throw DecodingError.dataCorruptedError(forKey: .sequence, in: container, debugDescription: "a sequence number is 0 or more")
        }
        baseURL = try container.decodeIfPresent(String.self, forKey: .baseURL)
    }

    /// `2021-04-21T20:21:46Z`.
    public static func text(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// An ISO 8601 time with a zone, as osmium prints the header's and `state.txt` holds it.
    public static func date(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }

    /// From the header options `osmium fileinfo -j` prints (`header.option`);
    /// a value that does not read is left out.
    public init(headerOptions options: [String: String]) {
        timestamp = options["osmosis_replication_timestamp"].flatMap(Self.date)
        sequence = options["osmosis_replication_sequence_number"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
        baseURL = options["osmosis_replication_base_url"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension ReplicationState {
    /// A replication `state.txt` (a Java properties file, as osmosis wrote
    /// it: `sequenceNumber=2947`, `timestamp=2021-04-21T20\:21\:46Z`, `#`
    /// comments); nil unless it has both a sequence number and a timestamp.
    public init?(stateFile text: String, baseURL: String? = nil) {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), !line.hasPrefix("!"), let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            values[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "")
        }
        guard let sequence = values["sequenceNumber"].flatMap({ Int($0) }), sequence >= 0,
            let timestamp = values["timestamp"].flatMap(Self.date)
        else { return nil }
        self.init(timestamp: timestamp, sequence: sequence, baseURL: baseURL)
    }

    /// This state as a `state.txt` says it (the colons escaped, as osmosis
    /// writes them), for a sequence fetched from a feed to lie beside its change file.
    public var stateFileText: String {
        var text = ""
        if let sequence { text += "sequenceNumber=\(sequence)\n" }
        if let timestamp { text += "timestamp=" + Self.text(timestamp).replacingOccurrences(of: ":", with: "\\:") + "\n" }
        return text
    }

    /// The header options that say this state in an extract, for `osmium … --output-header`.
    public var headerOptions: [String: String] {
        var options: [String: String] = [:]
        if let timestamp { options["osmosis_replication_timestamp"] = Self.text(timestamp) }
        if let sequence { options["osmosis_replication_sequence_number"] = String(sequence) }
        if let baseURL { options["osmosis_replication_base_url"] = baseURL }
        return options
    }
}

import Foundation

/// The credit a tile set asks every map drawn from it to carry. A tile
/// folder may name it in a `metadata.json` beside `{z}/`, under the
/// `attribution` key that MBTiles and TileJSON use (tippecanoe and
/// TileServer GL write such files). That value is often HTML, a link around
/// "&copy; …": it is reduced to its text. Without the file, the tiles are
/// taken to be drawn from OpenStreetMap, as nearby's own are.
public struct TileSetAttribution: Sendable, Equatable {
    public static let openStreetMap = "© OpenStreetMap contributors"
    /// Longer credits are cut: the line has to fit a small map's corner.
    static let maximumCharacters = 200

    /// The line drawn in the corner of every map.
    public let text: String
    /// Why a `metadata.json` that is there was not used (then `text` is
    /// the OpenStreetMap default): for a warning, since a map without its
    /// tile set's credit should not go unnoticed.
    public let problem: String?

    public init(text: String = TileSetAttribution.openStreetMap, problem: String? = nil) {
        self.text = text
        self.problem = problem
    }

    public static func metadataFile(in directory: URL) -> URL {
        directory.appendingPathComponent("metadata.json")
    }

    /// The bytes of a `metadata.json` that is a regular file of at most
    /// 1 MB, checked before reading: a FIFO would block the read, a huge
    /// file fill memory.
    static func readMetadata(_ file: URL, attributes: [FileAttributeKey: Any]? = nil) -> Data? {
        guard let attributes = attributes ?? (try? FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)),
            attributes[.type] as? FileAttributeType == .typeRegular,
            (attributes[.size] as? NSNumber)?.intValue ?? Int.max <= 1 << 20
        else { return nil }
        return try? Data(contentsOf: file)
    }

    /// Reads the tile folder's `metadata.json`, if it has one.
    public init(directory: URL) {
        let file = Self.metadataFile(in: directory)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path) else {
            self.init()
            return
        }
        let fallback = "; drawing \"\(Self.openStreetMap)\""
        guard let data = Self.readMetadata(file, attributes: attributes) else {
            self.init(problem: "\(file.path) is not a readable file of at most 1 MB\(fallback)")
            return
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            self.init(problem: "\(file.path) is not a JSON object\(fallback)")
            return
        }
        self.init(value: object["attribution"], source: file.path)
    }

    /// The credit a tile set's metadata names (`value`, as read from
    /// `source`): HTML reduced to its text; the OpenStreetMap credit, with
    /// the problem said, when there is none or it is no text.
    init(value: Any?, source: String) {
        let fallback = "; drawing \"\(Self.openStreetMap)\""
        guard let value else {
            self.init(problem: "\(source) has no \"attribution\"\(fallback)")
            return
        }
        guard let html = value as? String, case let text = Self.plainText(html), !text.isEmpty else {
            self.init(problem: "\(source): \"attribution\" is not text\(fallback)")
            return
        }
        self.init(text: text)
    }

    /// HTML reduced to one line of text: tags dropped, the common entities
    /// and numeric references decoded, control characters and runs of
    /// white space made one space, cut at `maximumCharacters`.
    static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        var entity: String?
        for character in html {
            if inTag {
                if character == ">" {
                    inTag = false
                    text.append(" ")
                }
                continue
            }
            if var name = entity {
                if character == ";" {
                    text += decode(entity: name) ?? "&\(name);"
                    entity = nil
                } else if name.count < 10, character.isLetter || character.isNumber || character == "#" {
                    name.append(character)
                    entity = name
                } else {
                    text += "&\(name)"
                    entity = nil
                    text.append(character)
                }
                continue
            }
            switch character {
            case "<": inTag = true
            case "&": entity = ""
            default: text.append(character)
            }
        }
        if let name = entity { text += "&\(name)" }
        let words = text.unicodeScalars
            .map { CharacterSet.controlCharacters.contains($0) || CharacterSet.whitespacesAndNewlines.contains($0) ? " " : String($0) }
            .joined()
            .split(separator: " ")
        let line = words.joined(separator: " ")
        return line.count > maximumCharacters ? String(line.prefix(maximumCharacters - 1)) + "…" : line
    }

    private static func decode(entity name: String) -> String? {
        switch name {
        case "copy": return "©"
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        default:
            let number =
                name.hasPrefix("#x") || name.hasPrefix("#X")
                ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}

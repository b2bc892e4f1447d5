import Foundation
import NIOCore
import NearbyKit
import NearbyService

/// Reading a server's JSON: dates in the forms a server may write them, and
/// a decoding failure told as a sentence naming the field, not as Swift's
/// DecodingError dump.
enum AnswerDecoding {
    /// ISO 8601 (with or without fractional seconds), or Foundation's
    /// default: seconds since 2001-01-01.
    @Sendable static func date(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            return Date(timeIntervalSinceReferenceDate: seconds)
        }
        let text = try container.decode(String.self)
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date")
    }

    static func describe(_ error: any Error, body: ByteBuffer, from service: PlaceServiceURL, path: String) -> String {
        let answer = "the answer of \(service)\(path)"
        guard let error = error as? DecodingError else {
            return "\(answer) cannot be read"
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let start = body.getString(at: body.readerIndex, length: min(body.readableBytes, 60)) ?? ""
            return body.readableBytes == 0
                ? "\(answer) is empty"
                : "\(answer) is not JSON (it begins \"\(TerminalSafeText.escaped(start, limit: 60))\")"
        case .dataCorrupted(let context):
            return
                "\(answer) has an invalid \(field(context.codingPath)): \(TerminalSafeText.escaped(context.debugDescription, limit: 120))"
        case .keyNotFound(let key, let context):
            return "\(answer) lacks \(field(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(answer) has an invalid \(field(context.codingPath))"
        @unknown default:
            return "\(answer) cannot be read"
        }
    }

    /// `results[3].geometry.location`
    private static func field(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "value" : "field \(TerminalSafeText.escaped(text, limit: 80))"
    }
}

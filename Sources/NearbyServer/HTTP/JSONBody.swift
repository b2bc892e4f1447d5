import Foundation
import Hummingbird
import NearbyService

/// Turns API values into responses. One encoder serves every request: its
/// options never change after it is made, and making one per request is
/// measurable at the request rates the server aims for.
struct JSONBody: Sendable {
    static let contentType = "application/json; charset=utf-8"

    private let encoder: JSONEncoder

    init() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        // Keys sorted: servers on one dataset or database answer byte for byte alike (hash order differs per process).
        encoder.outputFormatting = .sortedKeys
        self.encoder = encoder
    }

    func bytes(_ value: some Encodable) -> ByteBuffer {
        do {
            return ByteBuffer(data: try encoder.encode(value))
        } catch {
            // The API's types encode plain values only; this is a bug, said as JSON.
            return ByteBuffer(
                string: #"{"status":"UNKNOWN_ERROR","error_message":"the answer could not be encoded","results":[],"html_attributions":[]}"#
            )
        }
    }

    func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        Self.response(bytes(value), status: status)
    }

    static func response(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, extraHeaders: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .xContentTypeOptions: "nosniff"]
        headers.append(contentsOf: extraHeaders)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// Google's error shape, for any endpoint: clients branch on `status`.
    func error(_ status: PlacesAPIStatus, _ message: String, http: HTTPResponse.Status, extraHeaders: HTTPFields = [:]) -> Response {
        Self.response(errorBytes(status, message), status: http, extraHeaders: extraHeaders)
    }

    /// The same shape as bytes, for the answers written beneath Hummingbird's
    /// router (a connection past the maximum, a request NIO cannot parse).
    func errorBytes(_ status: PlacesAPIStatus, _ message: String) -> ByteBuffer {
        bytes(NearbySearchResponse(status: status, errorMessage: message))
    }
}

extension HTTPFields.Element.Name {
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
}

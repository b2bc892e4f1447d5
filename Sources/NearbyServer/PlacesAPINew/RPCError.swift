import Foundation
import Hummingbird

/// A refusal in the shape of Google's newer APIs (`google.rpc.Status` as
/// JSON): `{"error": {"code": 400, "message": "…", "status": "INVALID_ARGUMENT"}}`.
/// Google's clients pick their exception from the HTTP status (400 →
/// `BadRequest`, 404 → `NotFound`) and show `message`.
public struct RPCError: Error, Sendable, Equatable {
    /// The HTTP status, which is also the body's `code`.
    let http: HTTPResponse.Status
    /// The gRPC code's name.
    public let status: String
    public let message: String

    static func invalidArgument(_ message: String) -> RPCError {
        RPCError(http: .badRequest, status: "INVALID_ARGUMENT", message: message)
    }

    static func notFound(_ message: String) -> RPCError {
        RPCError(http: .notFound, status: "NOT_FOUND", message: message)
    }

    static func tooLarge(_ limit: Int) -> RPCError {
        RPCError(http: .contentTooLarge, status: "INVALID_ARGUMENT", message: "the request body is larger than \(limit) bytes")
    }

    static let unavailable = RPCError(http: .serviceUnavailable, status: "UNAVAILABLE", message: "the places data is unavailable")

    private struct Body: Encodable {
        struct Status: Encodable {
            let code: Int
            let message: String
            let status: String
        }
        let error: Status
    }

    func response(_ json: JSONBody) -> Response {
        JSONBody.response(bytes(json), status: http)
    }

    /// The body alone, for the answers written beneath Hummingbird's router (a request NIO cannot parse).
    func bytes(_ json: JSONBody) -> ByteBuffer {
        json.bytes(Body(error: .init(code: http.code, message: message, status: status)))
    }
}

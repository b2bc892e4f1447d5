import Foundation
import NIOCore

/// A page or a map as drawn, and until when it holds (nil: as long as the data).
struct RenderedPage: Sendable {
    var body: ByteBuffer
    var isImage: Bool
    var expires: Date?

    static func page(_ html: String, holdsUntil expires: Date?) -> RenderedPage {
        RenderedPage(body: ByteBuffer(string: html), isImage: false, expires: expires)
    }
}

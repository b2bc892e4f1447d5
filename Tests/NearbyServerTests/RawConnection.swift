import Foundation
import NearbyTestSupport

/// A plain TCP client, for what an HTTP client library would not send
/// (malformed escapes, half a request) or would not show (a closed connection).
enum RawConnection {
    /// Runs blocking socket calls on a thread of their own: on the
    /// concurrency pool they would starve the server under test of threads.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    static func connected(port: Int) throws -> Int32 {
        try LoopbackPort.connect(port)
    }

    /// Sends `request` and returns everything read until the server closes.
    static func exchange(port: Int, _ request: String) throws -> String {
        let fd = try connected(port: port)
        defer { close(fd) }
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Sends `request` on an open connection and returns the first answer read.
    static func request(_ fd: Int32, _ request: String) throws -> String {
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { throw POSIXError(.ECONNRESET) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Sends `request`, reads its whole answer (by Content-Length, with the usual
    /// patience), then waits up to `seconds` more: the answer, and whether the server closed.
    static func answerAndClose(port: Int, _ request: String, within seconds: Int) throws -> (answer: String, closed: Bool) {
        let fd = try connected(port: port)
        defer { close(fd) }
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func answered() -> Bool {
            let text = String(decoding: received, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { return false }
            let length =
                text[..<end.lowerBound].split(separator: "\r\n")
                .first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            return text[end.upperBound...].utf8.count >= length
        }
        while !answered() {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: received, as: UTF8.self), count == 0) }
            received += buffer[..<count]
        }
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return (String(decoding: received, as: UTF8.self), true) }
            if count < 0 { return (String(decoding: received, as: UTF8.self), false) }
            received += buffer[..<count]
        }
    }

    /// Sends `first`, then `byte` every `interval` seconds for at most
    /// `seconds`; whether the server closed the connection meanwhile.
    static func trickle(port: Int, first: String, byte: Character, every interval: Double, forAtMost seconds: Double) throws -> Bool {
        let fd = try connected(port: port)
        defer { close(fd) }
        _ = first.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if Glibc.poll(&poll, 1, Int32(interval * 1000)) > 0 {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { return true }  // closed (or reset) by the server
                continue  // an answer to the head; the body goes on
            }
            if String(byte).withCString({ send(fd, $0, 1, Int32(MSG_NOSIGNAL)) }) < 0 { return true }
        }
        return false
    }

    /// Connects, sends `text`, and reads until the server closes (true) or
    /// the safety limit runs out (false).
    static func waitForServerToClose(port: Int, sending text: String) throws -> Bool {
        let fd = try connected(port: port)
        defer { close(fd) }
        if !text.isEmpty {
            _ = text.withCString { send(fd, $0, strlen($0), 0) }
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return true }
            if count < 0 {
                // A signal (another test's child ending) is no answer; a reset is the server closing too.
                if errno == EINTR { continue }
                return errno == ECONNRESET
            }
        }
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening TCP socket on 127.0.0.1 with a port the kernel chose, for the
/// servers that misbehave below the HTTP layer: one that never accepts
/// (connections complete in its backlog, then nothing is ever said), or one
/// that answers every connection with the same bytes.
final class LoopbackSocket {
    let descriptor: CInt
    let port: Int

    init() throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, CInt(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketFailure(step: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw SocketFailure(step: "bind")
        }
        if listen(fd, 16) != 0 {
            close(fd)
            throw SocketFailure(step: "listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw SocketFailure(step: "getsockname")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Signalled when the thread answering connections has stopped using the socket.
    private var answerer: DispatchSemaphore?

    deinit {
        // Wakes the answering thread's accept, and closes the socket only once that
        // thread is done with it (ThreadSanitizer rightly calls a close racing an accept a race).
        shutdown(descriptor, CInt(SHUT_RDWR))
        answerer?.wait()
        close(descriptor)
    }

    /// Answers each connection with `bytes` once it has been asked something,
    /// and closes it once the client has, on a thread of its own, until the
    /// socket goes. (Closing first would race the client's write of its request.)
    func answerEveryConnection(with bytes: String) {
        let listener = descriptor
        let done = DispatchSemaphore(value: 0)
        answerer = done
        Thread {
            defer { done.signal() }
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                var limit = timeval(tv_sec: 60, tv_usec: 0)
                setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                if recv(connection, &buffer, buffer.count, 0) > 0 {
                    _ = Array(bytes.utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, CInt(MSG_NOSIGNAL)) }
                    while recv(connection, &buffer, buffer.count, 0) > 0 {}
                }
                close(connection)
            }
        }.start()
    }
}

struct SocketFailure: Error {
    var step: String
}

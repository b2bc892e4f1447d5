import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Loopback ports for tests of what happens when nothing answers.
public enum LoopbackPort {
    /// Runs `body` with a port on 127.0.0.1 that refuses every connection
    /// until `body` returns: bound by this process and never listening.
    /// Holding the bind matters: a port merely given up can be handed by the
    /// kernel to a server of a test running beside, which would then answer.
    public static func refusing<T>(_ body: (Int) async throws -> T) async throws -> T {
        let held = try Refusing()
        defer { withExtendedLifetime(held) {} }
        return try await body(held.port)
    }

    private final class Refusing {
        let port: Int
        private let descriptor: Int32

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw POSIXError(.EIO) }
            do {
                port = try LoopbackPort.bind(fd, thenListen: false).port
            } catch {
                close(fd)
                throw error
            }
            descriptor = fd
        }

        deinit {
            close(descriptor)
        }
    }

    /// A port on 127.0.0.1 that listens but never completes a connection: its
    /// accept queue (one long) is filled at once, so the kernel drops every
    /// further connection request and a client waits for its own timeout.
    /// Open as long as the value lives.
    public final class Unanswering {
        public let port: Int
        private var descriptors: [Int32] = []

        public init() throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard listener >= 0 else { throw POSIXError(.EIO) }
            descriptors.append(listener)
            var (port, address) = try LoopbackPort.bind(listener, thenListen: true)
            self.port = port
            for _ in 0..<3 {
                let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
                guard filler >= 0 else { throw POSIXError(.EIO) }
                descriptors.append(filler)
                _ = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
        }

        deinit {
            for descriptor in descriptors { close(descriptor) }
        }
    }

    /// A TCP connection to 127.0.0.1:`port`, its reads given up after
    /// `receiveTimeout` seconds so that a broken server fails a test instead of hanging it.
    public static func connect(_ port: Int, receiveTimeout seconds: Int = 30) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            // The error as it was (refused, timed out, interrupted), for the test's message.
            let code = POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED
            close(fd)
            throw POSIXError(code)
        }
        return fd
    }

    /// Binds `fd` to 127.0.0.1 on a port the kernel picks (listening with a
    /// backlog of none, if asked) and returns that port and address.
    private static func bind(_ fd: Int32, thenListen: Bool) throws -> (port: Int, address: sockaddr_in) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, length) == 0 && (!thenListen || listen(fd, 0) == 0) && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return (Int(UInt16(bigEndian: address.sin_port)), address)
    }
}

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NearbyKit

/// An OpenStreetMap replication feed (the planet's minutely, hourly and
/// daily ones, an extract provider's): `state.txt` at its base says the
/// newest sequence, and each sequence N is `AAA/BBB/CCC.osc.gz` with its
/// `AAA/BBB/CCC.state.txt` beside it (N written as nine digits, split in
/// threes). Read over HTTP(S) with AsyncHTTPClient, or from a folder
/// (`file://`).
public final class ReplicationFeed: Sendable {
    public let baseURL: URL
    private let client: HTTPClient
    private let timeouts: HTTPTimeouts
    /// The most seconds one answer (a state file, a change file) may take, whole.
    private let answerTime: Double

    /// The largest change file fetched (a planet day is a few hundred MB).
    static let maximumBytes = 2 << 30
    /// The largest state file read (a few lines).
    static let maximumStateBytes = 64 << 10
    /// The default `answerTime`: a planet day's change file (a few hundred MB) at about 1 MB/s.
    public static let defaultAnswerTime: Double = 600

    /// - Parameter answerTime: the most seconds one answer may take, whole,
    ///   however it trickles in; a state file, a few lines, has at most
    ///   `timeouts`' connect and read together.
    public init(
        _ address: String, timeouts: HTTPTimeouts = HTTPTimeouts(connect: 10, read: 60), answerTime: Double = defaultAnswerTime
    ) throws(FeedError) {
        var text = address
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme),
            scheme == "file" || url.host != nil, url.query == nil, url.fragment == nil
        else {
            throw .notAFeed(address)
        }
        baseURL = url
        self.timeouts = timeouts
        self.answerTime = answerTime
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .milliseconds(Int64(timeouts.connect * 1000)), read: .milliseconds(Int64(timeouts.read * 1000))))
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    public func shutdown() async { try? await client.shutdown() }

    /// `000/002/948` for 2948 (past 999,999,999 the first part grows, as osmosis writes it).
    public static func path(of sequence: Int) -> String {
        let text = String(sequence)
        let digits = Array(String(repeating: "0", count: max(0, 9 - text.count)) + text)
        let end = digits.count
        return String(digits[..<(end - 6)]) + "/" + String(digits[(end - 6)..<(end - 3)]) + "/" + String(digits[(end - 3)...])
    }

    /// Where the feed stands now (its `state.txt`).
    public func latest() async throws(FeedError) -> ReplicationState {
        try await state(at: "state.txt")
    }

    /// Sequence `sequence`'s change file and state, fetched into `folder`
    /// under the feed's own names; the change file's URL. Its state must say
    /// it is that sequence.
    public func fetch(_ sequence: Int, into folder: URL) async throws(FeedError) -> URL {
        let path = Self.path(of: sequence)
        let state = try await state(at: path + ".state.txt")
        guard state.sequence == sequence else {
            throw .wrongState(url(path + ".state.txt").absoluteString, expected: sequence, found: state.sequence ?? -1)
        }
        let change = folder.appendingPathComponent(path + ".osc.gz")
        do {
            try FileManager.default.createDirectory(at: change.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .cannotStore(change.path, reason: error.localizedDescription)
        }
        try await download(path + ".osc.gz", to: change)
        do {
            try Data(state.stateFileText.utf8).write(to: folder.appendingPathComponent(path + ".state.txt"))
        } catch {
            throw .cannotStore(folder.appendingPathComponent(path + ".state.txt").path, reason: error.localizedDescription)
        }
        return change
    }

    /// Where sequence `sequence`'s change file is, for messages.
    public func changeAddress(of sequence: Int) -> String { url(Self.path(of: sequence) + ".osc.gz").absoluteString }

    private func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

    private func state(at path: String) async throws(FeedError) -> ReplicationState {
        let url = url(path)
        let bytes = try await read(url, limit: Self.maximumStateBytes)
        guard let state = ReplicationState(stateFile: String(decoding: bytes, as: UTF8.self), baseURL: baseURL.absoluteString) else {
            throw .notAState(url.absoluteString)
        }
        return state
    }

    private func read(_ url: URL, limit: Int) async throws(FeedError) -> Data {
        if url.isFileURL {
            let data: Data
            do { data = try DatasetFile.prefix(of: url, count: limit + 1) } catch { throw FeedError(error, url: url.absoluteString) }
            guard data.count <= limit else { throw .tooLarge(url.absoluteString, bytes: limit) }
            return data
        }
        do {
            let deadline = NIODeadline.now() + AnswerDeadline.amount(min(answerTime, timeouts.connect + timeouts.read))
            let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), deadline: deadline)
            try Self.check(response, url)
            return try await AnswerDeadline.race(deadline) { Data(try await response.body.collect(upTo: limit).readableBytesView) }
        } catch is NIOTooManyBytesError {
            throw .tooLarge(url.absoluteString, bytes: limit)
        } catch {
            throw FeedError(error, url: url.absoluteString)
        }
    }

    private func download(_ path: String, to file: URL) async throws(FeedError) {
        let url = url(path)
        if url.isFileURL {
            var info = stat()
            guard stat(url.path, &info) == 0 else { throw .missing(url.absoluteString) }
            // A FIFO would be read for ever, a device (/dev/zero) without end.
            guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile(url.absoluteString) }
            do { try FileManager.default.copyItem(at: url, to: file) } catch {
                throw .cannotStore(file.path, reason: error.localizedDescription)
            }
            return
        }
        do {
            let deadline = NIODeadline.now() + AnswerDeadline.amount(answerTime)
            let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), deadline: deadline)
            try Self.check(response, url)
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw FeedError.cannotStore(file.path, reason: "cannot create it")
            }
            let output = try FileHandle(forWritingTo: file)
            defer { try? output.close() }
            try await AnswerDeadline.race(deadline) {
                var written = 0
                for try await chunk in response.body {
                    written += chunk.readableBytes
                    guard written <= Self.maximumBytes else { throw FeedError.tooLarge(url.absoluteString, bytes: Self.maximumBytes) }
                    try output.write(contentsOf: Data(chunk.readableBytesView))
                }
            }
        } catch {
            throw FeedError(error, url: url.absoluteString)
        }
    }

    private static func check(_ response: HTTPClientResponse, _ url: URL) throws(FeedError) {
        guard response.status == .ok else {
            throw response.status == .notFound
                ? .missing(url.absoluteString) : .httpStatus(url.absoluteString, status: Int(response.status.code))
        }
    }
}

/// Why a feed could not be followed, as one sentence.
public enum FeedError: Error, Equatable, LocalizedError {
    case notAFeed(String)
    case unreachable(String, reason: String)
    case missing(String)
    case httpStatus(String, status: Int)
    case notAState(String)
    case wrongState(String, expected: Int, found: Int)
    case tooLarge(String, bytes: Int)
    case cannotStore(String, reason: String)
    /// A `file://` feed's file that is a FIFO, a device or a directory.
    case notAFile(String)
    /// A `file://` feed's file that is there but cannot be read.
    case cannotRead(String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .notAFeed(let text):
            "\(TerminalSafeText.escaped(text, limit: 200)) is not a replication feed's address "
                + "(http, https or file, such as https://download.geofabrik.de/europe/monaco-updates)"
        case .unreachable(let url, let reason): "the replication feed cannot be reached at \(url): \(reason)"
        case .missing(let url): "the replication feed has no \(url)"
        case .httpStatus(let url, let status): "the replication feed answered HTTP \(status) for \(url)"
        case .notAState(let url): "\(url) is not a replication state (sequenceNumber= and timestamp= lines)"
        case .wrongState(let url, let expected, let found): "\(url) says sequence \(found), not \(expected)"
        case .tooLarge(let url, let bytes):
            bytes >= 1 << 20
                ? "\(url) is larger than \(bytes >> 20) MB" : "\(url) is larger than \(bytes >> 10) KB, more than a replication state"
        case .cannotRead(let url, let reason): "cannot read \(url): \(reason)"
        case .notAFile(let url): "\(url) is not a regular file (a FIFO, a device or a directory), which a feed's file must be"
        case .cannotStore(let path, let reason): "cannot store a download at \(path): \(reason)"
        }
    }

    init(_ error: any Error, url: String) {
        switch error {
        case let error as FeedError: self = error
        case DatasetError.missing: self = .missing(url)
        case DatasetError.unreadable(_, let reason) where reason.hasPrefix("it is"): self = .notAFile(url)
        case DatasetError.unreadable(_, let reason): self = .cannotRead(url, reason: reason)
        case let error as HTTPClientError where error == .readTimeout || error == .connectTimeout || error == .deadlineExceeded:
            self = .unreachable(url, reason: "it did not answer in time")
        case let error as NIOConnectionError:
            self = error.connectionErrors.first.map { FeedError($0.error, url: url) } ?? .unreachable(url, reason: "no address found")
        case let error as IOError:
            self = .unreachable(url, reason: SystemError.text(error.errnoCode))
        case is SocketAddressError.UnknownHost:
            self = .unreachable(url, reason: "no address found for its host")
        default:
            self = .unreachable(url, reason: TerminalSafeText.escaped(String(describing: error), limit: 160))
        }
    }
}

extension FeedError {
    /// The feed could not be asked (as against answering with something wrong).
    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    /// An answer past what it should be (a change file past 2 GB, a state past 64 KB).
    public var isTooLarge: Bool {
        if case .tooLarge = self { return true }
        return false
    }

    /// A `file://` feed's file could not be read as a file (an I/O fault, not bad data).
    public var isLocalFault: Bool {
        switch self {
        case .notAFile, .cannotRead: true
        default: false
        }
    }
}

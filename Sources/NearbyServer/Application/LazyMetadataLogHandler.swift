import Logging

/// swift-log's `StreamLogHandler` to stderr, with the metadata rendered
/// only when a line is written. `StreamLogHandler` renders it again each
/// time a key is set, and Hummingbird sets one (the request id) on every
/// request: 3% of a cached nearbysearch answer, for lines mostly not written.
public struct LazyMetadataLogHandler: LogHandler {
    private var output: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    public init(label: String) {
        output = StreamLogHandler.standardError(label: label)
    }

    public var logLevel: Logger.Level {
        get { output.logLevel }
        set { output.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { output.metadataProvider }
        set { output.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var event = event
        event.metadata = metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }
        output.log(event: event)
    }
}

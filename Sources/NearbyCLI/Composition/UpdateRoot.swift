import ArgumentParser
import Foundation
import MapRender
import NearbyClient
import NearbyUpdate

/// The one place that turns options into an update, for `nearby update` and
/// `nearby serve --replication`: the updater of a store (whose kind
/// `PlaceServiceRoot.updatableStore` chose), with the tile set it redraws
/// and its progress drawn, and the follower of a replication feed.
enum UpdateRoot {
    /// - Parameter progress: where progress is drawn; nil for none (a server's stderr is its log).
    static func updater(
        _ store: any UpdatableStore, maxChanges: Int?, tiles: URL?, progress: UpdateProgressView?
    ) throws -> StoreUpdater {
        var redraw: TileRedraw?
        if let tiles {
            do { redraw = try TileRedraw(tiles: tiles) } catch { throw CLIError(message: error.message, code: ExitCode(error.exitCode)) }
        }
        let show: @Sendable (UpdateProgress) -> Void = if let progress { { progress.show($0) } } else { { _ in } }
        return StoreUpdater(store: store, maxChanges: maxChanges, extractFollower: redraw.map { TileFollower(redraw: $0) }, progress: show)
    }

    /// The follower of the feed at `address` (nil: the one the store records) over `ReplicationFeed`.
    static func follower(_ updater: StoreUpdater, address: String?, batch: Int, answerTime: Double?, interval: Double?) -> FeedFollower {
        FeedFollower(updater: updater, address: address, batch: batch, interval: interval) { address throws(UpdateFailure) in
            do {
                return try ReplicationFeed(address, answerTime: answerTime ?? ReplicationFeed.defaultAnswerTime)
            } catch {
                throw UpdateFailure(error.localizedDescription, exitCode: 64)
            }
        }
    }
}

/// A tile set redrawn where an update changed its extract.
private struct TileFollower: ExtractFollower {
    let redraw: TileRedraw

    func follow(from older: URL, to newer: URL, progress: @escaping @Sendable (UpdateProgress) -> Void) throws -> String {
        let drawn: TileRedraw.Summary
        do {
            drawn = try redraw.run(from: older, to: newer) { progress(UpdateProgress($0)) }
        } catch {
            throw UpdateFailure("the tiles in \(redraw.tiles.path) were not redrawn: \(error.message)", exitCode: error.exitCode)
        }
        return "redrew \(drawn.redrawn) of \(drawn.total) tiles in \(redraw.tiles.path)"
    }
}

extension UpdateProgress {
    /// A tile redraw's step as an update's follower's.
    init(_ step: TileRedraw.Progress) {
        switch step {
        case .reading(let extract, let features): self = .following("features read from \(extract):", done: features, of: nil)
        case .drawing(let done, let total): self = .following("tiles", done: done, of: total)
        case .ended: self = .ended
        }
    }
}

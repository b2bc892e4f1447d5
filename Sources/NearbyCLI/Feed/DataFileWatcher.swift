import Dispatch
import Foundation

/// `--watch`: notices when the data file changes on disk.
///
/// It polls the file's stat rather than asking inotify, because tools
/// (`nearby import` among them) replace the file by renaming a new one over
/// it, and a watch on the old inode would go quiet after the first change.
/// The stamp includes the change time (ctime), which every write moves and
/// no tool can set back: an edit in place that keeps the size and restores
/// the modification time is still a change.
final class DataFileWatcher {
    private let timer: DispatchSourceTimer

    init(url: URL, every interval: DispatchTimeInterval = .seconds(1), queue: DispatchQueue, changed: @escaping () -> Void) {
        var last = Stamp(of: url)
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
        timer.setEventHandler {
            let stamp = Stamp(of: url)
            guard stamp != last else { return }
            last = stamp
            changed()
        }
        timer.resume()
    }

    deinit { timer.cancel() }

    struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Duration
        var changed: Duration

        init?(of url: URL) {
            var info = stat()
            guard stat(url.path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = .seconds(info.st_mtim.tv_sec) + .nanoseconds(info.st_mtim.tv_nsec)
            changed = .seconds(info.st_ctim.tv_sec) + .nanoseconds(info.st_ctim.tv_nsec)
        }
    }
}

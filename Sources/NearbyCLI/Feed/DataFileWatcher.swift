import Dispatch
import Foundation
import NearbyKit

/// `--watch`: notices when the data file changes on disk.
///
/// It polls the file's stat rather than asking inotify, because tools
/// (`nearby import` among them) replace the file by renaming a new one over
/// it, and a watch on the old inode would go quiet after the first change.
/// A `FileStamp` includes the change time, so an edit in place that keeps the
/// size and the modification time is still seen.
final class DataFileWatcher {
    private let timer: DispatchSourceTimer

    init(url: URL, every interval: DispatchTimeInterval = .seconds(1), queue: DispatchQueue, changed: @escaping () -> Void) {
        var last = FileStamp(atPath: url.path)
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
        timer.setEventHandler {
            let stamp = FileStamp(atPath: url.path)
            guard stamp != last else { return }
            last = stamp
            changed()
        }
        timer.resume()
    }

    deinit { timer.cancel() }
}

import Dispatch
import Foundation
import NearbyService

/// `--watch`: notices when the data file changes on disk.
///
/// It polls the file's stat rather than asking inotify, because tools
/// (`nearby import` among them) replace the file by renaming a new one over
/// it, and a watch on the old inode would go quiet after the first change.
/// It compares the same stamp the place service uses to decide to re-read.
final class DataFileWatcher {
    private let timer: DispatchSourceTimer

    init(url: URL, every interval: DispatchTimeInterval = .seconds(1), queue: DispatchQueue, changed: @escaping () -> Void) {
        var last = FileStamp(of: url)
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
        timer.setEventHandler {
            let stamp = FileStamp(of: url)
            guard stamp != last else { return }
            last = stamp
            changed()
        }
        timer.resume()
    }

    deinit { timer.cancel() }
}

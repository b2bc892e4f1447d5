import Foundation
import UnixSignals

/// The one raw signal call left beside `UnixSignalsSequence`, which is how
/// every command takes signals as events (feed, tiles render, serve).
///
/// On Linux, libdispatch reads a signal source's signals through signalfd,
/// which sees only signals that are blocked: one that reaches a thread where
/// it is not blocked takes its disposition there instead. So a command that
/// must not lose a signal blocks it before starting threads (they inherit
/// the mask), and ignores it, so that a thread started earlier, where it is
/// not blocked, drops it rather than ending the process.
enum SignalMask {
    static func block(_ signals: [UnixSignal]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals {
            Foundation.signal(signal.rawValue, SIG_IGN)
            sigaddset(&set, signal.rawValue)
        }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}

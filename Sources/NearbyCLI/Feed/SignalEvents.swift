import Dispatch
import Foundation

/// Signals as events on a dispatch queue, so that what a signal does runs
/// as ordinary code on that queue rather than inside a C signal handler.
final class SignalEvents {
    private var sources: [DispatchSourceSignal] = []

    /// Blocks `signals` in this thread and, through inheritance, in every
    /// thread started after it. Call before starting threads: a blocked
    /// signal stays pending for the dispatch source to read, where an
    /// unblocked, ignored one would be dropped by whichever thread got it.
    static func block(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signo in signals { sigaddset(&set, signo) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    func on(_ signo: Int32, queue: DispatchQueue, _ handler: @escaping () -> Void) {
        // The default action (end the process) must not run; the source reports it instead.
        signal(signo, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
        source.setEventHandler(handler: handler)
        source.resume()
        sources.append(source)
    }
}

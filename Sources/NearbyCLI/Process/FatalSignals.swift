import Foundation

/// What a signal that must end the process does.
///
/// The Swift runtime installs a crash handler for these signals that runs
/// the backtracer; sent from outside (`kill -QUIT`) to a feed whose stdin
/// is a pipe, it was seen to spin at full CPU and never exit, holding the
/// pidfile. The default action ends the process at once, and the kernel
/// drops its pidfile lock, so the next feed simply takes the file. No
/// backtrace is lost that a user should see: the CLI's rule is that a
/// failure is one line on stderr, never a stack trace.
enum FatalSignals {
    static let signals = [SIGQUIT, SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP, SIGSYS]

    /// Call first thing in `main`, before any thread starts.
    static func endAtOnce() {
        for signo in signals { signal(signo, SIG_DFL) }
        // A mask inherited from the parent (a test runner's worker thread,
        // a supervisor) would make SIGTERM and these wait for ever; the
        // commands that handle signals block them again themselves.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
    }
}

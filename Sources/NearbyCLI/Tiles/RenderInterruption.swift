import ArgumentParser
import Foundation
import NIOConcurrencyHelpers
import Synchronization
import UnixSignals

/// SIGINT and SIGTERM during `tiles render`: while the extract is read there
/// is nothing to clean up and the process ends at once; once tiles are
/// written it stops starting new ones, and the command ends (130 or 143)
/// after the tiles in hand are renamed into place, so that no temporary
/// file is left behind.
final class RenderInterruption {
    private let state = InterruptionState()
    private let events: Task<Void, Never>

    init() {
        let signals: [UnixSignal] = [.sigint, .sigterm]
        // Blocked first: a signal that comes before the sequence below is
        // set up stays pending for it.
        SignalMask.block(signals)
        // The command's work is synchronous, on the main thread and
        // dispatch's: the cooperative pool is free to take the events.
        events = Task.detached { [state] in
            for await signal in await UnixSignalsSequence(trapping: signals) { state.received(signal.rawValue) }
        }
    }

    deinit { events.cancel() }

    var signal: Int32? { state.signal }

    var isCancelled: @Sendable () -> Bool { { [state] in state.isCancelled } }

    /// From here on a signal stops the work instead of ending the process.
    func startRendering() { state.startRendering() }
}

private final class InterruptionState: Sendable {
    private enum Phase { case reading, rendering }
    private let state = NIOLockedValueBox<(phase: Phase, signal: Int32?)>((.reading, nil))
    private let cancelled = Atomic<Bool>(false)

    var signal: Int32? { state.withLockedValue { $0.signal } }
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func received(_ signo: Int32) {
        state.withLockedValue { state in
            guard state.signal == nil else { return }
            state.signal = signo
            cancelled.store(true, ordering: .relaxed)
            if state.phase == .reading { Nearby.fail("interrupted", code: ExitCode(128 + signo)) }
        }
    }

    func startRendering() {
        state.withLockedValue { state in
            if let signo = state.signal { Nearby.fail("interrupted", code: ExitCode(128 + signo)) }
            state.phase = .rendering
        }
    }
}

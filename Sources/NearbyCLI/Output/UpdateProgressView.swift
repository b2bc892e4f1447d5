import MapRender
import NIOConcurrencyHelpers
import NearbyKit
import NearbyUpdate

/// An update's progress (`UpdateProgress`) and a tile redraw's drawn on a
/// terminal's stderr: stages as a line, counts as a bar; nothing when
/// stderr is not a terminal or the command asked for quiet.
final class UpdateProgressView: Sendable {
    private let enabled: Bool
    /// The bar drawn now, by its label: a new label ends the one before.
    private let current = NIOLockedValueBox<(label: String, bar: ProgressBar)?>(nil)

    init(enabled: Bool = StandardError.isTerminal) {
        self.enabled = enabled
    }

    func show(_ progress: UpdateProgress) {
        guard enabled else { return }
        switch progress {
        case .importing(let importing): StandardError.progress(importing.line)
        case .fetching(let sequence, let newest): StandardError.progress("fetching sequence \(sequence) of \(newest)")
        case .written(let done, let total): bar("places").update(done: done, total: total)
        case .following(let label, let done, nil): bar(label).update(count: done)
        case .following(let label, let done, let total?): bar(label).update(done: done, total: total)
        case .ended:
            current.withLockedValue { shown in
                shown?.bar.finish()
                shown = nil
            }
            StandardError.endProgress()
        }
    }

    func show(_ progress: TileRedraw.Progress) { show(UpdateProgress(progress)) }

    private func bar(_ label: String) -> ProgressBar {
        current.withLockedValue { shown in
            if let shown, shown.label == label { return shown.bar }
            shown?.bar.finish()
            let bar = ProgressBar(label, enabled: true)
            shown = (label, bar)
            return bar
        }
    }
}

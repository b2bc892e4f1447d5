import Foundation
import NearbyViewModels
import NearbyViews

/// A feed's name search (`/TEXT`) as a view: each answer is printed as one
/// write, like a feed — header, results, blank line; a failure is one line
/// on stderr, and the last results stay on screen.
final class FeedSearchView {
    private var subscription: AnyCancellable?

    init(viewModel: SearchViewModel, format: FeedView.Format, outputFailed: @escaping (CLIError) -> Void) {
        let view = SearchResultsView(viewModel: viewModel)
        // The view model sets its rows before its state: they are current when the state is sent.
        subscription = viewModel.$state.dropFirst().sink { state in
            do {
                switch state {
                case .results, .noResults:
                    switch format {
                    case .text:
                        let count = viewModel.rows.count
                        let header = "— \(FeedView.clock(Date())) · search · \(count) \(count == 1 ? "place" : "places") —"
                        try StandardOutput.write(header + "\n" + view.text() + "\n\n")
                    case .jsonLines:
                        try StandardOutput.write(try JSONRendering.line(view.json()))
                    }
                case .failed(let error):
                    StandardError.line("nearby: search failed: \(error.localizedDescription)")
                case .idle, .searching:
                    break
                }
            } catch let failure as CLIError {
                outputFailed(failure)
            } catch {
                outputFailed(CLIError(message: "cannot encode the search as JSON: \(error)", code: .software))
            }
        }
    }
}

import Foundation

/// A readable page for what went wrong: a bad parameter (400), an unknown
/// place (404), data the server cannot serve (503).
public struct ProblemPage {
    let frame: PageFrame
    let heading: String
    let detail: String
    let homeLink: String
    /// Shows a position form and the "use my location" button.
    let asksForPosition: Bool

    public init(heading: String, detail: String, state: PageState = PageState(position: nil), asksForPosition: Bool = false) {
        self.asksForPosition = asksForPosition
        frame = PageFrame(title: heading, state: state, attribution: nil)
        self.heading = heading
        self.detail = detail
        homeLink = state.link("/")
    }

    public func html() -> String { HTMLPages.render(self, template: "problem") }
}

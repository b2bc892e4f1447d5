import Foundation

/// The system's words for an errno ("No space left on device"), for messages.
public enum SystemError {
    public static func text(_ code: Int32) -> String {
        guard let text = strerror(code), let words = String(validatingCString: text) else { return "error \(code)" }
        return words
    }
}

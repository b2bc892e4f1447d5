import Foundation

/// `If-None-Match: "a", W/"b"` or `*`: whether the header names `tag`,
/// compared weakly as RFC 9110 says for this header. Tiles and static maps
/// both answer 304 through it.
enum IfNoneMatch {
    static func names(_ header: String, tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var candidate = candidate.trimmingCharacters(in: .whitespaces)[...]
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
            return candidate == tag
        }
    }
}

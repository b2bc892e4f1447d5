extension StringProtocol {
    /// Without leading and trailing white space: spaces and tabs (as
    /// Foundation's `.whitespaces`), and line breaks too when asked. Foundation's
    /// `trimmingCharacters(in:)` goes through NSString, and took a twentieth
    /// of a cached nearbysearch answer's time.
    public func trimmed(newlines: Bool = false) -> SubSequence {
        let isBlank = { (character: Character) in character.isWhitespace && (newlines || !character.isNewline) }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

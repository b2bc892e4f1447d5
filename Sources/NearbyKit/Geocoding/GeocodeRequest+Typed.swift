extension GeocodeRequest {
    /// The question for a text still being typed (both autocompletes, the
    /// pages' search as you type): its last word stands for any word it
    /// begins, unless a space or a comma after it says it is whole.
    public static func typed(
        _ text: String, countries: [String] = [], leaningTo position: Coordinate?, language: String?, limit: Int
    ) -> GeocodeRequest {
        var request = GeocodeRequest(
            text: String(text.trimmed()), components: .init(countries: countries), bias: .init(position: position),
            language: language, limit: limit)
        var letters = String.UnicodeScalarView()
        request.lastWordIsTyped = text.unicodeScalars.last.map { SearchWords.fold($0, into: &letters) } ?? false
        return request
    }
}

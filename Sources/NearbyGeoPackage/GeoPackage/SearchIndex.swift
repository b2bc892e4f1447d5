import NearbyKit

/// The name-search index of a nearby GeoPackage: an FTS5 table whose rowid
/// is the place's fid and which holds, already folded as `NameQuery` folds
/// (its tokenizer keeps letters, numbers and marks together, as
/// `SearchWords` does, so that each folded word is one token),
///
/// - `names`: the words of its names (`name`, brand, `name:<lang>`…);
/// - `kinds`: a token per category (`fastfood`) and its cuisine's words;
/// - `cells`: the grid cells it lies in, at 0.1° and at 1°, so that one
///   FTS query finds the matching names near a point;
///
/// and a symmetric-deletion dictionary of the words (each word, and each
/// word less one letter, beside the word) to find in a few lookups the words
/// one typo away from a typed one. The index only chooses candidates:
/// `NameQuery` decides what matches, so answers are those of every store.
enum SearchIndex {
    static let table = "places_search"
    static let words = "places_search_words"

    static let schema = """
        CREATE VIRTUAL TABLE places_search USING fts5(
          names, kinds, cells, content='', columnsize=0, detail=column, prefix='2 3',
          tokenize="unicode61 remove_diacritics 0 categories 'L* N* M*'");
        CREATE TABLE places_search_words (variant TEXT NOT NULL, word TEXT NOT NULL, PRIMARY KEY (variant, word)) WITHOUT ROWID;
        """

    /// Words shorter than a typo-tolerant word less one letter never come one edit from one.
    static let shortestTypoWord = NameQuery.typoMinimumLength - 1

    struct Row {
        var names: String
        var kinds: String
        var cells: String
        var words: Set<String>
    }

    static func row(for place: Place) -> Row {
        let names = NameQuery.nameWords(of: place)
        let cuisine = place.cuisine.map(SearchWords.of) ?? []
        let kinds = place.categories.map(token) + cuisine
        return Row(
            names: names.joined(separator: " "), kinds: kinds.joined(separator: " "),
            cells: Grid.allCases.map { $0.cell(of: place.coordinate) }.joined(separator: " "),
            words: Set((names + cuisine).filter { $0.count >= shortestTypoWord }))
    }

    /// A category as one FTS token: its id without underscores.
    static func token(_ category: PlaceCategory) -> String {
        category.rawValue.replacingOccurrences(of: "_", with: "")
    }

    /// Grid cells by latitude and longitude, numbered from the south-west.
    enum Grid: CaseIterable {
        case fine, coarse

        var degrees: Double { self == .fine ? 0.1 : 1 }
        var prefix: String { self == .fine ? "f" : "c" }

        func cell(of coordinate: Coordinate) -> String {
            name(
                row: Int(((coordinate.latitude + 90) / degrees).rounded(.down)),
                column: Int(((coordinate.longitude + 180) / degrees).rounded(.down)))
        }

        private func name(row: Int, column: Int) -> String { "\(prefix)\(row)x\(column)" }

        /// The cells the circle's boxes cover, or nil when there are more than
        /// `most` of them (the search then names no cell).
        func cells(covering bounds: CircleBounds, most: Int = 16) -> [String]? {
            var cells: [String] = []
            for box in bounds.boxes {
                let rows = Int(((box.minLatitude + 90) / degrees).rounded(.down))...Int(((box.maxLatitude + 90) / degrees).rounded(.down))
                let columns =
                    Int(((box.minLongitude + 180) / degrees).rounded(.down))...Int(((box.maxLongitude + 180) / degrees).rounded(.down))
                guard cells.count + rows.count * columns.count <= most else { return nil }
                for row in rows { for column in columns { cells.append(name(row: row, column: column)) } }
            }
            return cells
        }
    }

    /// The FTS5 query for a name search: every word (a word of the names or
    /// the cuisine that starts with it, a category it names, the cuisines it
    /// names, a word one typo away) and, for a circle small enough, one of the cells it covers.
    static func expression(_ query: NameQuery, typos: [String: [String]], cells: [String]?) -> String {
        var clauses = query.words.map { word in
            var options = ["{names kinds} : \(quoted(word))*"]
            let kinds = NameQuery.categories(named: word).map(token)
            if !kinds.isEmpty { options.append("kinds : (\(kinds.map(quoted).joined(separator: " OR ")))") }
            let cuisines = NameQuery.cuisines(named: word)
            if !cuisines.isEmpty { options.append("kinds : (\(cuisines.map(quoted).joined(separator: " OR ")))") }
            if let near = typos[word], !near.isEmpty { options.append("{names kinds} : (\(near.map(quoted).joined(separator: " OR ")))") }
            return "(\(options.joined(separator: " OR ")))"
        }
        if let cells, !cells.isEmpty { clauses.append("cells : (\(cells.map(quoted).joined(separator: " OR ")))") }
        return clauses.joined(separator: " AND ")
    }

    /// An FTS5 string: any text, double quotes doubled.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

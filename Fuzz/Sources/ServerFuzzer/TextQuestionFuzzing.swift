import NearbyKit
import NearbyServer
import NearbyService

/// A legacy text search: a question within its limit, a bias in range, and a token that stands for the same page.
func textSearch(_ query: String) {
    let page: TextSearchPage
    do {
        page = try RequestParsing.textSearch(query: query)
    } catch {
        checkMessage(error.localizedDescription, query)
        return
    }
    guard let name = page.search.name, (try? Question.read(name)) != nil else {
        fatalError("query \(String(describing: page.search.name)) from \(query.debugDescription)")
    }
    guard page.offset >= 0, page.offset <= PageToken.maximumOffset, page.offset % PageToken.pageSize == 0 else {
        fatalError("offset \(page.offset) from \(query.debugDescription)")
    }
    guard (try? page.search.placeQuery.validated()) != nil else { fatalError("no place query for \(query.debugDescription)") }
    guard let again = try? RequestParsing.textSearch(query: "pagetoken=" + page.encoded) else {
        fatalError("the token of \(query.debugDescription), \(page.encoded), is refused")
    }
    guard again == page else { fatalError("the token of \(query.debugDescription) reads back as \(again), not \(page)") }
}

/// A Find Place: a question within its limit or a number libphonenumber writes back as itself, known fields.
func findPlace(_ query: String) {
    let request: FindPlaceRequest
    do {
        request = try RequestParsing.findPlace(query: query)
    } catch {
        checkMessage(error.localizedDescription, query)
        return
    }
    switch request.input {
    case .text(let search):
        guard let name = search.name, (try? Question.read(name)) != nil else { fatalError("input from \(query.debugDescription)") }
    case .phoneNumber(let number):
        guard Place.phoneNumber(number, country: nil, style: .e164) == number else {
            fatalError("number \(number) from \(query.debugDescription) is not E.164")
        }
    }
    if request.fields.names.isEmpty { fatalError("no fields from \(query.debugDescription)") }
    if let language = request.language, !Place.isLanguageCode(language) {
        fatalError("language \(language) from \(query.debugDescription)")
    }
}

/// A legacy autocomplete: a text within the limit, bounds only with a location, at most five types and countries.
func placeAutocomplete(_ query: String, queries: Bool) {
    let asked: PlaceAutocompleteQuery
    do {
        asked = try RequestParsing.autocomplete(query: query, queries: queries)
    } catch {
        checkMessage(error.localizedDescription, query)
        return
    }
    guard asked.typed.utf8.count <= Question.maximumBytes, asked.search.name.map({ !SearchWords.of($0).isEmpty }) ?? true else {
        fatalError("input \(asked.typed.debugDescription) from \(query.debugDescription)")
    }
    if case .circle = asked.search.area, asked.location == nil { fatalError("bounds without a location from \(query.debugDescription)") }
    guard asked.countries.count <= 5, asked.countries.allSatisfy({ $0.count == 2 }), !asked.answers.isEmpty else {
        fatalError("countries \(asked.countries) or answers \(asked.answers) from \(query.debugDescription)")
    }
    if queries, asked.origin != nil || !asked.countries.isEmpty { fatalError("query autocomplete read \(query.debugDescription)") }
    guard (try? asked.search.placeQuery.validated()) != nil || asked.search.name == nil else {
        fatalError("no place query for \(query.debugDescription)")
    }
}

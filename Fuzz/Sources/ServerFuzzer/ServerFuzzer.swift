import Foundation
import LibFuzzerDriver
import MapRender
import NearbyKit
import NearbyServer
import NearbyService

/// The server's readers of request text, through `RequestParsing` and the
/// Places API (New)'s request readers, the same entries the routes use: the
/// first byte picks the endpoint ("P" a web page, "G" reverse geocoding, "T" a
/// legacy text search, "F" a Find Place, "A" and "Q" a Place and a Query
/// Autocomplete; "J",
/// "K" and "L" the JSON body of a searchNearby, a searchText and an
/// autocomplete), the rest is the raw query string (or, for tiles, the path
/// after `/tiles/`; or the body). Beyond not crashing, what is accepted must
/// be in range and survive a round trip, and what is refused must say so in
/// one clean line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0, count <= 4096 else { return 0 }
    // The router hands handlers valid UTF-8 only; invalid bytes arrive as escapes.
    guard let text = String(validating: UnsafeBufferPointer(start: bytes + 1, count: count - 1), as: UTF8.self) else { return 0 }
    // "P" is a web page; otherwise the byte's remainder, as the seeds were written.
    guard bytes[0] != UInt8(ascii: "P") else {
        page(text)
        return 0
    }
    guard bytes[0] != UInt8(ascii: "G") else {
        geocode(text)
        return 0
    }
    guard bytes[0] != UInt8(ascii: "T") else {
        textSearch(text)
        return 0
    }
    guard bytes[0] != UInt8(ascii: "F") else {
        findPlace(text)
        return 0
    }
    guard bytes[0] != UInt8(ascii: "A") && bytes[0] != UInt8(ascii: "Q") else {
        placeAutocomplete(text, queries: bytes[0] == UInt8(ascii: "Q"))
        return 0
    }
    guard bytes[0] != UInt8(ascii: "J") else {
        searchPlacesAPINew(Data(text.utf8), as: SearchNearbyRequest.self)
        return 0
    }
    guard bytes[0] != UInt8(ascii: "K") else {
        searchPlacesAPINew(Data(text.utf8), as: SearchTextRequest.self)
        return 0
    }
    guard bytes[0] != UInt8(ascii: "L") else {
        autocompletePlacesAPINew(Data(text.utf8))
        return 0
    }
    switch bytes[0] % 3 {
    case 0: nearbySearch(text)
    case 1: staticMap(text)
    default: tile(text)
    }
    return 0
}

/// A Geocoding request: a position in range (or a place id of at most 64
/// bytes, or a forward question with codes for its country and region and
/// bounds the right way up), location types Google names, a language code.
func geocode(_ query: String) {
    let asked: GeocodeQuery
    do {
        asked = try RequestParsing.geocode(query: query)
    } catch {
        checkMessage(error.localizedDescription, query)
        return
    }
    switch asked.subject {
    case .position(let position):
        guard (-90...90).contains(position.latitude), (-180...180).contains(position.longitude) else {
            fatalError("a position out of range")
        }
    case .place(let id):
        guard !id.isEmpty, id.utf8.count <= 64 else { fatalError("a place id of \(id.utf8.count) bytes") }
    case .words(let request):
        guard request.text != nil || !request.components.isEmpty else { fatalError("a forward question with neither text nor components") }
        guard request.components.countries.allSatisfy({ $0.count == 2 && $0 == $0.uppercased() }) else {
            fatalError("a country that is no code")
        }
        if let region = request.bias.region, region.count != 2 || region != region.uppercased() { fatalError("a region that is no code") }
        if let bounds = request.bias.bounds, bounds.minLatitude > bounds.maxLatitude { fatalError("bounds upside down") }
        // The text is read as a question by the service: a refusal there is one line too.
        if case .failure(let error) = Result(catching: { () throws(NearbyAPIError) in try request.read() }) {
            checkMessage(error.localizedDescription, query)
        }
    }
    guard asked.locationTypes.isSubset(of: GeocodeQuery.locationTypeNames) else { fatalError("a location type Google has not") }
    if let language = asked.language, !Place.isLanguageCode(language) { fatalError("a language that is not a code") }
    guard !asked.resultTypes.contains(where: { $0.isEmpty }) else { fatalError("an empty result type") }
}

/// A Places API (New) search body ("J" searchNearby, "K" searchText): in
/// range when accepted, and both its canonical form and the token of its
/// next page read back as the same search.
func searchPlacesAPINew<Request: PlacesAPINewPagedRequest>(_ body: Data, as: Request.Type) {
    let request: Request
    do {
        request = try Request.read(body)
    } catch {
        checkMessage(error.message, String(decoding: body, as: UTF8.self))
        return
    }
    let shown = String(decoding: body, as: UTF8.self).debugDescription
    guard (1...20).contains(request.pageSize), (0...PlacesAPINewPageToken.maximumOffset).contains(request.offset) else {
        fatalError("page out of range: \(request) from \(shown)")
    }
    let search = request.search
    if let language = search.language, !Place.isLanguageCode(language) { fatalError("language \(language) from \(shown)") }
    if let name = search.name, name.isEmpty || name.utf8.count > PlaceSearch.maximumNameBytes {
        fatalError("text \(name.debugDescription) from \(shown)")
    }
    if let nearby = request as? SearchNearbyRequest {
        guard nearby.radius.isFinite, nearby.radius >= 0, nearby.radius <= SearchRadius.maximumMetres else {
            fatalError("radius \(nearby.radius) from \(shown)")
        }
    }
    guard (try? search.placeQuery.validated()) != nil else { fatalError("no place query for \(shown)") }
    guard let again = try? Request.read(request.canonicalBody), again.offset == 0, again.search == search,
        again.canonicalBody == request.canonicalBody
    else { fatalError("the canonical body of \(shown) does not read back as the same request") }
    guard let next = try? PlacesAPINewPageToken.read(PlacesAPINewPageToken.token(for: request, offset: 20), as: Request.self),
        next.offset == 20,
        next.search == search
    else { fatalError("the next page's token of \(shown) is refused or asks for another search") }
}

/// An autocomplete body ("L"): what was typed is at most `PlaceSearch.maximumNameBytes`, in a
/// search a service takes, in a language that is a code.
func autocompletePlacesAPINew(_ body: Data) {
    let request: AutocompleteRequest
    do {
        request = try AutocompleteRequest.read(body)
    } catch {
        checkMessage(error.message, String(decoding: body, as: UTF8.self))
        return
    }
    let shown = String(decoding: body, as: UTF8.self).debugDescription
    guard request.typed.utf8.count <= PlaceSearch.maximumNameBytes else {
        fatalError("\(request.typed.utf8.count) bytes typed from \(shown)")
    }
    if let language = request.search.language, !Place.isLanguageCode(language) { fatalError("language \(language) from \(shown)") }
    guard (try? request.search.placeQuery.validated()) != nil else { fatalError("no place query for \(shown)") }
}

func nearbySearch(_ query: String) {
    let page: PageToken
    do {
        page = try RequestParsing.nearbySearch(query: query)
    } catch {
        checkMessage(error.localizedDescription, query)
        return
    }
    let search = page.search
    if let name = search.name,
        name.isEmpty || name.utf8.count > PlaceSearch.maximumNameBytes || name != name.trimmingCharacters(in: .whitespacesAndNewlines)
    {
        fatalError("keyword \(name.debugDescription) from \(query.debugDescription)")
    }
    if let at = search.instant?.timeIntervalSince1970, !(at.isFinite && at == at.rounded(.down)) {
        fatalError("at \(at) from \(query.debugDescription)")
    }
    guard page.offset >= 0, page.offset <= PageToken.maximumOffset, page.offset % PageToken.pageSize == 0 else {
        fatalError("offset \(page.offset) from \(query.debugDescription)")
    }
    guard (try? search.placeQuery.validated()) != nil else { fatalError("no place query for \(query.debugDescription)") }
    // The page's token, as the server would hand it out, stands for the same page.
    guard let again = try? RequestParsing.nearbySearch(query: "pagetoken=" + page.encoded) else {
        fatalError("the token of \(query.debugDescription), \(page.encoded), is refused")
    }
    guard again == page else { fatalError("the token of \(query.debugDescription) reads back as \(again), not \(page)") }
    // An instant the server accepts is one NearbyKit's strict parser accepts too, at the same second.
    if let at = search.instant?.timeIntervalSince1970, let text = rawValue(of: "at", in: query), !query.contains("pagetoken") {
        guard let strict = try? InstantParser.parse(text, localZone: TimeZone(identifier: "UTC")!),
            strict.timeIntervalSince1970.rounded(.down) == at
        else {
            let strictly = try? InstantParser.parse(text, localZone: TimeZone(identifier: "UTC")!)
            fatalError("at \(text.debugDescription) read as \(at), strictly as \(String(describing: strictly))")
        }
    }
}

func staticMap(_ query: String) {
    let request: StaticMapRequest
    do {
        request = try RequestParsing.staticMap(query: query)
    } catch {
        checkMessage(error.localizedDescription, query)
        return
    }
    let sides = 1...StaticMapRequest.maximumSide
    guard sides.contains(request.width), sides.contains(request.height), (1...3).contains(request.scale),
        request.width * request.scale <= MapSnapshotOptions.maximumPixels,
        request.height * request.scale <= MapSnapshotOptions.maximumPixels
    else { fatalError("size \(request.width)x\(request.height) scale \(request.scale) from \(query.debugDescription)") }
    if let zoom = request.zoom, !(0...MapViewport.maximumExplicitZoom).contains(zoom) {
        fatalError("zoom \(zoom) from \(query.debugDescription)")
    }
    let points = request.markers.map(\.coordinate) + request.paths.flatMap(\.points) + request.visible
    guard points.count <= StaticMapRequest.maximumPoints else { fatalError("\(points.count) points from \(query.debugDescription)") }
    for point in points + [request.center].compactMap({ $0 }) {
        guard point.latitude.isFinite, point.longitude.isFinite,
            abs(point.latitude) <= WebMercatorProjection.maximumLatitude, abs(point.longitude) <= 180
        else { fatalError("point \(point) from \(query.debugDescription)") }
    }
    switch request.framing {
    case .region(let region):
        guard region.span.latitudeDelta > 0, region.span.latitudeDelta <= 180,
            region.span.longitudeDelta > 0, region.span.longitudeDelta <= 180
        else { fatalError("region \(region) from \(query.debugDescription)") }
    case .centred(_, let zoom):
        guard (0...MapViewport.maximumExplicitZoom).contains(zoom) else { fatalError("zoom \(zoom) from \(query.debugDescription)") }
    default:
        break
    }
    _ = request.snapshotOptions
}

/// A web page's parameters: in range when accepted, and the query its links
/// carry reads back as the same request (the position to the 7 decimals
/// links keep); a click's new address keeps everything but the position.
func page(_ query: String) {
    let request: PageRequest
    do {
        request = try RequestParsing.page(query: query)
    } catch {
        checkMessage(error.localizedDescription, query)
        return
    }
    if let position = request.position, !(position.latitude.isFinite && abs(position.latitude) <= 90 && abs(position.longitude) <= 180) {
        fatalError("position \(position) from \(query.debugDescription)")
    }
    guard request.text.utf8.count <= PlaceSearch.maximumNameBytes,
        request.text == request.text.trimmingCharacters(in: .whitespacesAndNewlines)
    else {
        fatalError("text \(request.text.debugDescription) from \(query.debugDescription)")
    }
    guard request.kinds.isEmpty == request.categories.isEmpty else { fatalError("kinds \(request.kinds) from \(query.debugDescription)") }
    if let click = request.click, !((0...4096).contains(click.x) && (0...4096).contains(click.y)) {
        fatalError("click \(click) from \(query.debugDescription)")
    }
    guard let again = try? RequestParsing.page(query: request.carriedQuery) else {
        fatalError("the links of \(query.debugDescription), \(request.carriedQuery.debugDescription), are refused")
    }
    samePage(again, request, query)
    if let click = request.click {
        let moved = request.address(path: "/", movedTo: click.view.centre)
        guard let after = try? RequestParsing.page(query: String(moved.dropFirst(2))), after.click == nil,
            let position = after.position, abs(position.latitude - click.view.centre.latitude) < 1e-6,
            abs(position.longitude - click.view.centre.longitude) < 1e-6
        else { fatalError("the click of \(query.debugDescription) moves to \(moved.debugDescription)") }
        samePage(after, request, query)
    }
}

/// Everything a link carries but the search text, the part and the click.
func samePage(_ again: PageRequest, _ request: PageRequest, _ query: String) {
    let close =
        switch (again.position, request.position) {
        case (nil, nil): true
        case (let a?, let b?): abs(a.latitude - b.latitude) < 1e-6 && abs(a.longitude - b.longitude) < 1e-6
        default: false
        }
    guard close || request.click != nil, again.radius == request.radius, again.at == request.at, again.units == request.units,
        again.language == request.language, again.categories == request.categories,
        again.excludedCategories == request.excludedCategories, again.openNow == request.openNow
    else { fatalError("\(query.debugDescription) reads back as another page") }
}

func tile(_ target: String) {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0]), query = parts.count > 1 ? String(parts[1]) : nil
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    // Only what the route `/tiles/:z/:x/{y}.png` matches reaches the parser.
    guard segments.count == 3, segments[2].hasSuffix(".png") else { return }
    let z = String(segments[0]), x = String(segments[1]), y = String(segments[2].dropLast(4))
    let key: TileKey
    do {
        key = try RequestParsing.tile(z: z, x: x, y: y)
    } catch {
        let allDigits = [z, x, y].allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        if error == .outOfRange, !allDigits { fatalError("\(path.debugDescription) is out of range, not malformed") }
        return
    }
    guard key.z >= 0, key.z <= TilePath.maximumZoom, key.x >= 0, key.y >= 0, key.x < 1 << key.z, key.y < 1 << key.z else {
        fatalError("tile \(key) from \(path.debugDescription)")
    }
    guard (try? RequestParsing.tile(z: String(key.z), x: String(key.x), y: String(key.y))) == key else {
        fatalError("tile \(key) does not read back")
    }
    // `clear=`: boxes, at most `TilePath.maximumClearBoxes` of them, or one line of refusal.
    do {
        let clearance = try RequestParsing.tileClearance(query: query, of: key)
        guard clearance.byteCount <= TilePath.maximumClearBoxes * 32 else { fatalError("\(query ?? "") holds too many boxes") }
    } catch {
        checkMessage(error.localizedDescription, query ?? "")
    }
}

/// A refusal is one line with no control character: a client may print it.
func checkMessage(_ message: String, _ input: String) {
    let breaking: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
    guard !message.isEmpty, !message.unicodeScalars.contains(where: { breaking.contains($0.properties.generalCategory) }) else {
        fatalError("message \(message.debugDescription) for \(input.debugDescription)")
    }
}

/// The raw `name=` value when it has no escapes (no `%` or `+`), so that it is the text itself.
func rawValue(of name: String, in query: String) -> String? {
    for item in query.split(separator: "&") {
        let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        if parts[0] == name {
            guard parts.count == 2, !parts[1].contains("%"), !parts[1].contains("+") else { return nil }
            return String(parts[1])
        }
    }
    return nil
}

@_cdecl("ServerFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}

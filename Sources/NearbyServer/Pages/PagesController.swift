import Foundation
import Hummingbird
import MapRender
import NIOCore
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews

/// The original app's screens as web pages, each bound to its view model:
/// `/` (home), `/places` (a list), `/place/{id}` (the detail) and `/search`,
/// each with its map at the same address under `map.png`; with `part=results`,
/// a list's or the home's rows alone (for "search this area" on the moving
/// map) and the search's results alone (for search as you type). The HTML comes
/// from NearbyViews' templates; the maps from the server's snapshotter.
struct PagesController<Context: RequestContext>: Sendable {
    let service: any PlaceWebService
    let maps: PageMaps
    /// Pages and maps already drawn, by address, until the data is reloaded
    /// or a place on them opens or closes.
    let cache: AnswerCache<String>
    /// The present, when a page names no `at`.
    let now: @Sendable () -> Date
    let failures: FailureLog
    /// Where the pages' maps are drawn.
    let drawing: DrawingPool

    init(
        service: any PlaceWebService, maps: PageMaps, drawing: DrawingPool,
        cache: AnswerCache<String> = AnswerCache(budget: 64 << 20, keyBytes: { $0.utf8.count }),
        now: @escaping @Sendable () -> Date, failures: FailureLog
    ) {
        self.service = service
        self.maps = maps
        self.drawing = drawing
        self.cache = cache
        self.now = now
        self.failures = failures
    }

    /// The screens, each a page and its map.
    enum Screen: Sendable {
        case home, list, search
        case detail(PlaceID)

        var path: String {
            switch self {
            case .home: "/"
            case .list: "/places"
            case .search: "/search"
            case .detail(let id): "/place/" + PageState.escaped(id)
            }
        }
    }

    func addRoutes(to router: Router<Context>) {
        for (path, screen) in [("/", Screen.home), ("/places", .list), ("/search", .search)] {
            router.get(RouterPath(path)) { request, context in await respond(request, context, screen: screen, map: false) }
            router.get(RouterPath(path == "/" ? "/map.png" : path + "/map.png")) { request, context in
                await drawn { await respond(request, context, screen: screen, map: true) }
            }
        }
        router.get("/place/{id}") { request, context in
            await respond(request, context, screen: .detail(context.parameters.get("id") ?? ""), map: false)
        }
        router.get("/place/{id}/map.png") { request, context in
            await drawn { await respond(request, context, screen: .detail(context.parameters.get("id") ?? ""), map: true) }
        }
    }

    /// A map's answer, worked out in the drawing pool; a 503 saying to come back when the pool is full.
    private func drawn(_ answer: () async -> Response) async -> Response {
        if let response = await drawing.draw(answer) { return response }
        var refusal = html(
            ProblemPage(
                heading: "Too many maps at once",
                detail: Self.sentence(DrawingPool.busy)
            ).html(), status: .serviceUnavailable)
        refusal.headers[.retryAfter] = "1"
        return refusal
    }

    /// One request's reading of the page: its parameters, the data's zone and
    /// centre, and the environment its view model runs in.
    struct ScreenInput {
        var page: PageRequest
        var state: PageState
        var environment: ViewModelEnvironment
        var units: DistanceUnit
    }

    /// Reads the request, answers a click on a map with a redirect to the
    /// position clicked, and otherwise renders the screen or its map, or
    /// takes it from the cache; a failure is a readable page with the right status.
    private func respond(_ request: Request, _ context: Context, screen: Screen, map: Bool) async -> Response {
        do throws(NearbyAPIError) {
            let info = try await service.datasetInfo()
            let zone = info.defaultTimeZone ?? TimeZone.current
            let page = try PageRequest(query: request.uri.query, localZone: zone, acceptLanguage: request.headers[.acceptLanguage])
            if let click = page.click {
                let position = try maps.position(of: click)
                return Response(status: .seeOther, headers: [.location: page.address(path: screen.path, movedTo: position)])
            }
            if let near = page.near {
                // Where `nearby where` finds the words; the page then has a position as any other.
                guard let found = try await service.geocode(GeocodeRequest(text: near, language: page.language)).first,
                    let position = try? Coordinate(latitude: found.location.latitude, longitude: found.location.longitude)
                else { throw .invalidRequest("near: nothing in the data answers “\(near)”") }
                return Response(status: .seeOther, headers: [.location: page.address(path: screen.path, movedTo: position)])
            }
            let instant = page.instant ?? now()
            let address = (map ? "map:" : "") + screen.path + "?" + page.cacheKey
            if let entry = cache.entry(for: address, loadedAt: info.loadedAt, now: instant) {
                return answer(RenderedPage(body: entry.body, isImage: map, expires: entry.expires))
            }
            let units = page.units ?? .miles
            let environment = ViewModelEnvironment(
                placeService: service, mainScheduler: MainScheduler.immediate, now: { instant }, units: units, timeZone: zone,
                language: page.language)
            let input = ScreenInput(page: page, state: page.state(fallback: info.center), environment: environment, units: units)
            let rendered: RenderedPage
            switch screen {
            case .home: rendered = try await home(input, map: map)
            case .list: rendered = try await list(input, map: map)
            case .search: rendered = try await search(input, map: map)
            case .detail(let id): rendered = try await detail(input, id: id, map: map)
            }
            // An instant named by `at=` never moves: such a page holds as long as the data.
            cache.store(
                .init(status: .ok, body: rendered.body, expires: page.instant == nil ? rendered.expires : nil),
                for: address, loadedAt: info.loadedAt)
            return answer(rendered)
        } catch {
            return problem(error, context: context)
        }
    }

    // MARK: Screens

    private func home(_ input: ScreenInput, map: Bool) async throws(NearbyAPIError) -> RenderedPage {
        guard let position = input.state.position else { return askForPosition(input.state) }
        let page = input.page
        let viewModel = HomeViewModel(search: page.search(around: position), environment: input.environment)
        try await FirstOutcome.of(viewModel.loadData, outcome: viewModel.reloadPlaceList).get()
        return try listing(
            viewModel.annotations, around: position, radius: viewModel.radius, input, map: map, holdsUntil: viewModel.nextChange,
            image: "/map.png", action: "/",
            alt: "Map of the \(viewModel.annotations.count) places listed below, numbered as in the lists, around your position"
        ) { image in
            let home = HomePage(viewModel, state: input.state, map: image)
            return page.resultsOnly ? home.listingHTML() : home.html()
        }
    }

    private func list(_ input: ScreenInput, map: Bool) async throws(NearbyAPIError) -> RenderedPage {
        let page = input.page
        guard !page.kinds.isEmpty else {
            throw .invalidRequest("name a kind of place: /places?category=cafe, or a group such as category=food")
        }
        guard let position = input.state.position else { return askForPosition(input.state) }
        let viewModel = PlaceListViewModel(search: page.search(around: position), environment: input.environment)
        try await FirstOutcome.of(viewModel.loadData, outcome: viewModel.reloadPlaceList).get()
        return try listing(
            viewModel.annotations, around: position, radius: viewModel.radius, input, map: map, holdsUntil: viewModel.nextChange,
            image: "/places/map.png", action: "/places",
            alt: "Map of the \(viewModel.rows.count) \(viewModel.title.lowercased()) listed below, "
                + "numbered as in the list, around your position"
        ) { image in
            let list = PlaceListPage(viewModel, kinds: page.kinds, openNow: page.openNow, state: input.state, map: image)
            return page.resultsOnly ? list.listingHTML() : list.html()
        }
    }

    /// The home page's and a list's shared half: their places on a map
    /// around the position, answered alone as the PNG at `image` (`map`), or
    /// drawn into the page `html` writes, its form posting the view back to
    /// `action` with the page's fields.
    private func listing(
        _ annotations: [Annotation], around position: Coordinate, radius: Double, _ input: ScreenInput, map: Bool,
        holdsUntil expires: Date?, image: String, action: String, alt: String, html: (PageMap?) -> String
    ) throws(NearbyAPIError) -> RenderedPage {
        let options = PageMaps.list(annotations, around: position, radius: radius, units: input.units)
        if map { return try maps.png(options, holdsUntil: expires) }
        let passedOn = input.page.passedOn
        let image = maps.pageMap(
            options, source: input.state.link(image, passedOn), alt: alt, action: action, fields: Self.fields(input.state, passedOn))
        return .page(html(image), holdsUntil: expires)
    }

    private func detail(_ input: ScreenInput, id: String, map: Bool) async throws(NearbyAPIError) -> RenderedPage {
        guard !id.isEmpty, id.utf8.count <= 64 else { throw .unknownPlace(String(id.prefix(64))) }
        let viewModel = PlaceDetailViewModel(placeID: id, userCoordinate: input.state.position, environment: input.environment)
        try await FirstOutcome.of(viewModel.loadData, outcome: viewModel.didLoad).get()
        var image: PageMap?
        if let region = viewModel.region, let pin = viewModel.annotation {
            let options = PageMaps.detail(region: region, pin: pin, user: input.state.position)
            if map { return try maps.png(options, holdsUntil: viewModel.openStatus?.nextChange) }
            image = maps.pageMap(
                options, source: input.state.link("/place/\(PageState.escaped(id))/map.png"),
                alt: "Map of \(viewModel.title) (\(viewModel.categoryName)) and the streets around it")
        }
        if map { throw .unknownPlace(id) }
        return .page(PlaceDetailPage(viewModel, state: input.state, map: image).html(), holdsUntil: viewModel.openStatus?.nextChange)
    }

    private func search(_ input: ScreenInput, map: Bool) async throws(NearbyAPIError) -> RenderedPage {
        let page = input.page
        guard let position = input.state.position else { return askForPosition(input.state) }
        let viewModel = SearchViewModel(search: page.search(around: position), environment: input.environment)
        if case .failed(let error) = await FirstOutcome.search(page.text, in: viewModel), viewModel.rows.isEmpty { throw error }
        let options = PageMaps.list(viewModel.annotations, around: position, radius: viewModel.radius, units: input.units)
        if map { return try maps.png(options, holdsUntil: viewModel.nextChange) }
        let results = SearchPage(
            viewModel, state: input.state,
            map: viewModel.rows.isEmpty
                ? nil
                : maps.pageMap(
                    options, source: input.state.link("/search/map.png", [("q", page.text)] + page.passedOn),
                    alt: "Map of the \(viewModel.rows.count) places found, numbered as in the list"))
        return .page(page.resultsOnly ? results.resultsHTML() : results.html(), holdsUntil: viewModel.nextChange)
    }

    // MARK: Answers

    /// The hidden fields of a clickable map's form: what the page carries.
    private static func fields(_ state: PageState, _ extra: [(name: String, value: String)]) -> [PageField] {
        (state.parameters + extra).map { PageField(name: $0.name, value: $0.value) }
    }

    private func askForPosition(_ state: PageState) -> RenderedPage {
        .page(
            ProblemPage(
                heading: "Where are you?",
                detail: "This data does not say where its places are. Give a position, or use your browser's.",
                state: state, asksForPosition: true
            ).html(), holdsUntil: nil)
    }

    private func answer(_ rendered: RenderedPage) -> Response {
        guard rendered.isImage else {
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", .vary: "Accept-Language"],
                body: ResponseBody(byteBuffer: rendered.body))
        }
        // The pins follow the data and the clock: a minute is fresh enough.
        return Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=60", .vary: "Accept-Language"],
            body: ResponseBody(byteBuffer: rendered.body))
    }

    private func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private func problem(_ error: NearbyAPIError, context: Context) -> Response {
        switch error {
        case .invalidRequest, .invalidCoordinate, .invalidRadius, .invalidLimit:
            return html(
                ProblemPage(
                    heading: "That address asks for something nearby cannot show",
                    detail: Self.sentence(error.localizedDescription)
                ).html(), status: .badRequest)
        case .unknownPlace:
            return html(
                ProblemPage(
                    heading: "No such place",
                    detail: "There is no place with that id in this data. It may have gone with the last import."
                ).html(),
                status: .notFound)
        default:
            failures.error("cannot show a page: \(error.localizedDescription)")
            return html(
                ProblemPage(
                    heading: "The places data is unavailable",
                    detail: "The server cannot read its places just now. Try again in a moment."
                ).html(),
                status: .serviceUnavailable)
        }
    }

    private static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }
}

extension PageRequest {
    /// The kinds and filters a page passes on to its map and its clicks
    /// (the position and options travel in `PageState`).
    var passedOn: [(name: String, value: String)] {
        kinds.map { ("category", $0) } + excluded.map { ("exclude", $0) } + (openNow ? [("open", "1")] : [])
    }

    /// The query a page's map and clicks carry for this request: what comes back with the next one.
    public var carriedQuery: String {
        String(state(fallback: nil).link("", passedOn).dropFirst())
    }
}

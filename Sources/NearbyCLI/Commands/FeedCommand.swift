import ArgumentParser
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels
import NearbyViews
import UnixSignals

struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Print the places around a position, then again on every refresh.",
        discussion: """
            Prints the home feed (or, with --category, that list) under a header with \
            the time and the number of places, then keeps running. With --json, each feed \
            is one JSON document on one line. It reloads — re-reading \
            the data file and fetching again — on SIGHUP (see `nearby refresh`), on a line \
            `refresh` or `r` on standard input, and with --watch when the data file changes. \
            A reload that fails prints one line on stderr and keeps the last good feed. \
            A line `/TEXT` searches by name as `nearby search` does (300 ms after the \
            last line typed) and prints the results like a feed; `/` alone shows the feed \
            again. A line `q`, the end of standard input, SIGINT or SIGTERM end it with status 0 \
            (standard input is read from the first feed on: `< /dev/null` prints one feed).

            It records its process id in the pidfile, holds a lock on it while it runs \
            and removes it on exit; a pidfile left by a process that has gone (however \
            it ended) is replaced. Exit status 75 when another feed holds the pidfile, \
            73 when the path holds something other than a pidfile (a file with other \
            content, a link, a FIFO); the status of `nearby list` when the first load fails.

            Examples:
              nearby feed --lat 43.7384 --lon 7.4246
              nearby feed --lat 43.7384 --lon 7.4246 --category cafe --watch
              nearby feed --lat 43.7384 --lon 7.4246 --open-now --limit 5
              nearby feed --lat 43.7384 --lon 7.4246 --category cafe --json | jq -c '.places | length'
              nearby feed --lat 43.7384 --lon 7.4246 --service http://127.0.0.1:8080
              nearby import Data/monaco.osm.pbf && nearby refresh
            """
    )

    @OptionGroup var query: PlaceQueryOptions

    @Flag(name: .long, help: "Also reload when the data file changes on disk (checked every second).")
    var watch = false

    @Flag(name: .long, help: "Print each feed as one JSON document on one line (stable snake_case fields).")
    var json = false

    @OptionGroup var serviceOptions: ServiceOptions
    @OptionGroup var pidFileOptions: PidFileOptions

    static let coalescingMilliseconds = 200

    func validate() throws {
        if watch, serviceOptions.service != nil {
            throw ValidationError("--watch watches a local data file; it does not go with --service")
        }
    }

    /// The feed lives on the main queue: signals, stdin, the file watcher and
    /// the view model's outputs all arrive there, one at a time.
    @MainActor func run() async throws {
        guard query.position.near == nil else { throw CLIError.usage("the feed takes --lat/--lon, not --near") }
        let coordinate = try query.position.requiredCoordinate()
        let root = try PlaceServiceRoot(serviceOptions)
        let main = DispatchQueue.main

        // Before any thread starts, so that every thread inherits the mask.
        let handled: [UnixSignal] = [.sighup, .sigint, .sigterm]
        SignalMask.block(handled)
        // A closed stdout is a write error the feed reports, not a silent death: every command
        // ignores SIGPIPE (`Nearby.main`).

        // Every refresh re-reads a local file, whatever its stamp says; a remote service reloads on its own.
        let service: any PlaceWebService = root.reloadable.map { ReloadingPlaceService($0) } ?? root.service
        let environment = ViewModelEnvironment(
            placeService: service, mainScheduler: main,
            now: try query.time.clock(), units: query.search.units, timeZone: try query.time.timeZone(), language: query.language.lang)
        let placeSearch = try query.placeSearch(at: coordinate)
        let screen = query.search.screen(for: placeSearch, environment: environment)

        // Every trigger goes through here into the view model's one load stream.
        // A burst (50 SIGHUPs in 100 ms) becomes a reload now and one after it
        // settles, instead of a reprint per signal; the last trigger always
        // gets a reload after it.
        let refresh = PassthroughSubject<Void, Never>()
        let reloads =
            refresh
            .throttle(for: .milliseconds(Self.coalescingMilliseconds), scheduler: main, latest: true)
            .sink { screen.loadData.send() }

        // Signals first, pidfile second: once `nearby refresh` can find this
        // process, a SIGHUP reloads it instead of ending it.
        let signals = await UnixSignalsSequence(trapping: handled)
        let lease = try pidFileOptions.acquire()
        let end = { (failure: CLIError?) -> Never in
            lease.release()
            if let failure { Nearby.fail(failure.message, code: failure.code) }
            Foundation.exit(0)
        }
        let signalled = Task { @MainActor in
            for await signal in signals {
                if signal == .sighup { refresh.send() } else { end(nil) }
            }
        }

        let searching = SearchViewModel(search: placeSearch, environment: environment)
        let searchView = FeedSearchView(viewModel: searching, format: json ? .jsonLines : .text, outputFailed: { end($0) })

        // Stdin is read from the first feed on, so that `nearby feed < /dev/null`
        // prints one feed (or the reason there is none) before its end of input.
        let readCommands = {
            FeedInput.read { input in
                switch input {
                case .refresh: refresh.send()
                case .search(let text) where text.isEmpty: refresh.send()
                case .search(let text):
                    if let problem = SearchCommand.lengthProblem(text) {
                        StandardError.line("nearby: \(problem)")
                    } else {
                        searching.text.send(text)
                    }
                case .quit, .endOfInput: end(nil)
                case .unknown(let line): StandardError.line("nearby: unknown command \"\(line)\"; \(FeedInput.usage)")
                }
            }
        }
        let view = FeedView(
            screen: screen, format: json ? .jsonLines : .text, firstShown: readCommands,
            firstLoadFailed: { end(CLIError($0)) },
            outputFailed: { end($0) })
        let watcher = watch ? root.dataURL.map { DataFileWatcher(url: $0, queue: main) { refresh.send() } } : nil

        // The first load, as when the screen appears; every later one comes from a trigger above.
        screen.loadData.send()
        // The main queue runs the feed from here on; the process ends through `end`.
        let running = (signalled, reloads, view, watcher, root, searchView)
        await Self.forever()
        withExtendedLifetime(running) {}
    }

    /// Suspends for good, leaving the main queue to the feed (a checked
    /// continuation would report the one dropped here as a leak).
    private static func forever() async {
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    }
}

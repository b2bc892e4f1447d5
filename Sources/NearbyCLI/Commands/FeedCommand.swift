import ArgumentParser
import Foundation
import NearbyKit
import NearbyService
import NearbyViewModels

struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Print the places around a position, then again on every refresh.",
        discussion: """
        Prints the home feed (or, with --category, that list) under a header with \
        the time and the number of places, then keeps running. It reloads — re-reading \
        the data file and fetching again — on SIGHUP (see `nearby refresh`), on a line \
        `refresh` or `r` on standard input, and with --watch when the data file changes. \
        A reload that fails prints one line on stderr and keeps the last good feed. \
        A line `q`, the end of standard input, SIGINT or SIGTERM end it with status 0 \
        (standard input is read from the first feed on: `< /dev/null` prints one feed).

        It records its process id in the pidfile, holds a lock on it while it runs \
        and removes it on exit; a pidfile left by a process that has gone (however \
        it ended) is replaced. Exit status 75 when another feed holds the pidfile, \
        73 when the path holds something other than a pidfile (a file with other \
        content, a link, a FIFO); the status of `nearby list` when the first load fails.

        Examples:
          nearby feed --lat 43.7384 --lon 7.4246
          nearby feed --lat 43.7384 --lon 7.4246 --category cafe --watch
          nearby feed --lat 43.7384 --lon 7.4246 --open-now
          nearby import Data/monaco.osm.pbf --out Data/places.geojson && nearby refresh
        """
    )

    @OptionGroup var position: PositionOptions

    @OptionGroup var search: SearchOptions

    @OptionGroup var time: TimeOptions

    @Flag(name: .long, help: "Also reload when the data file changes on disk (checked every second).")
    var watch = false

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var pidFileOptions: PidFileOptions

    static let coalescingMilliseconds = 200

    func run() throws {
        let coordinate = try position.requiredCoordinate()
        let categories = try search.categories()
        let (radius, units, openNow) = (search.radius, search.units, search.openNow)
        let dataURL = try dataOptions.checkedDataURL()
        let main = DispatchQueue.main

        // Before any thread starts, so that every thread inherits the mask.
        let handled = [SIGHUP, SIGINT, SIGTERM]
        SignalEvents.block(handled)
        // A closed stdout becomes a write error the feed reports, not a silent death.
        signal(SIGPIPE, SIG_IGN)

        let environment = ViewModelEnvironment(
            placeService: LocalPlaceService(dataURL: dataURL),
            mainScheduler: main.eraseToAnyScheduler(),
            backgroundScheduler: DispatchQueue(label: "nearby.feed.fetch", qos: .userInitiated).eraseToAnyScheduler(),
            now: try time.clock(), units: units, timeZone: try time.timeZone())
        let screen: FeedScreen = if categories.isEmpty {
            .home(HomeViewModel(userCoordinate: coordinate, radius: radius, openNowOnly: openNow, environment: environment), units: units)
        } else {
            .list(PlaceListViewModel(categories: categories, userCoordinate: coordinate, radius: radius, openNowOnly: openNow,
                                     environment: environment), radius: radius)
        }

        // Every trigger goes through here into the view model's one load stream.
        // A burst (50 SIGHUPs in 100 ms) becomes a reload now and one after it
        // settles, instead of a reprint per signal; the last trigger always
        // gets a reload after it.
        let refresh = PassthroughSubject<Void, Never>()
        let reloads = refresh
            .throttle(for: .milliseconds(Self.coalescingMilliseconds), scheduler: main, latest: true)
            .sink { screen.loadData.send() }

        // Signals first, pidfile second: once `nearby refresh` can find this
        // process, a SIGHUP reloads it instead of ending it.
        let signals = SignalEvents()
        signals.on(SIGHUP, queue: main) { refresh.send() }
        let lease = try pidFileOptions.acquire()
        let end = { (failure: CLIError?) -> Never in
            lease.release()
            if let failure { Nearby.fail(failure.message, code: failure.code) }
            Foundation.exit(0)
        }
        for signo in [SIGINT, SIGTERM] { signals.on(signo, queue: main) { end(nil) } }

        // Stdin is read from the first feed on, so that `nearby feed < /dev/null`
        // prints one feed (or the reason there is none) before its end of input.
        let readCommands = {
            FeedInput.read(on: main) { input in
                switch input {
                case .refresh: refresh.send()
                case .quit, .endOfInput: end(nil)
                case .unknown(let line): StandardError.line("nearby: unknown command \"\(line)\"; \(FeedInput.usage)")
                }
            }
        }
        let view = FeedView(
            screen: screen, firstShown: readCommands,
            firstLoadFailed: { end(CLIError($0)) },
            outputFailed: { end(CLIError(message: "cannot write the feed: \($0.localizedDescription)", code: .ioError)) })
        let watcher = watch ? DataFileWatcher(url: dataURL, queue: main) { refresh.send() } : nil

        // The first load, as when the screen appears; every later one comes from a trigger above.
        screen.loadData.send()
        Self.serve(keepingAlive: [signals, reloads, view, watcher])
    }

    /// Runs the main queue for good. The objects that make the feed live are
    /// passed in, so that they are alive for as long as this call is: in a
    /// release build, `withExtendedLifetime(x) { dispatchMain() }` let the
    /// optimizer release them early (the end of a never-returning closure
    /// is unreachable), and the watcher's deinit stopped its timer.
    @inline(never)
    static func serve(keepingAlive objects: [AnyObject?]) -> Never {
        withExtendedLifetime(objects) { dispatchMain() }
    }
}

import ArgumentParser
import Foundation
import NearbyServer
import NearbyUpdate

@main
struct Nearby: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Places around a position, from your own OpenStreetMap data.",
        discussion: """
            Examples:
              nearby list --lat 43.7384 --lon 7.4246
              nearby list --lat 43.7384 --lon 7.4246 --category cafe --json
              nearby list --lat 43.7384 --lon 7.4246 --category food --exclude-category fast_food
              nearby search "cafe de paris" --lat 43.7384 --lon 7.4246
              nearby categories
              nearby show n4316767531 --lat 43.7384 --lon 7.4246 --png cafe.png
              nearby tiles render --from Data/monaco.osm.pbf --zoom 10-17 --out Tiles
              nearby import Data/monaco.osm.pbf --timezone Europe/Monaco
              nearby update changes.osc.gz
              nearby export --out places.geojson
              nearby feed --lat 43.7384 --lon 7.4246      (then, elsewhere: nearby refresh)
              nearby serve --port 8080 --pidfile /tmp/nearby-serve.pid
              nearby list --lat 43.7384 --lon 7.4246 --service http://127.0.0.1:8080

            Data: © OpenStreetMap contributors, ODbL 1.0.
            Exit codes: 64 usage, 65 bad data, 66 missing input, 69 unavailable,
            70 internal, 73 cannot create output, 74 I/O error, 75 feed already
            running or store being written, 77 not permitted.
            """,
        subcommands: [
            ListCommand.self, SearchCommand.self, ShowCommand.self, WhereCommand.self, CategoriesCommand.self, FeedCommand.self,
            ServeCommand.self,
            RefreshCommand.self, ImportCommand.self, UpdateCommand.self, ExportCommand.self, TilesCommand.self,
        ]
    )

    /// Parses and runs like `ParsableCommand.main()`, but reports every
    /// failure as one line on stderr (no usage dump) with a sysexits code.
    static func main() async {
        FatalSignals.endAtOnce()
        // Past a file size limit (`ulimit -f`) a write then fails with EFBIG and is
        // said as any failed write is, where SIGXFSZ would end the process mid-sentence.
        signal(SIGXFSZ, SIG_IGN)
        // A reader that goes away (`nearby export | head`) is a failed write to stdout like any other:
        // status 74 and one line (StandardOutput), where SIGPIPE would end the process silently with 141.
        // Caught rather than ignored: a child (osmium) starts with it at its default, as an ignored one would not.
        signal(SIGPIPE) { _ in }
        do {
            var command = try parseAsRoot()
            if command is ServeCommand { ServerThreads.runTasksOnEventLoops() }
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let error as CLIError {
            fail(error.message, code: error.code)
        } catch let failure as UpdateFailure {
            // An update's or a follower's, as it is: its sentence and its status.
            fail(failure.message, code: ExitCode(failure.exitCode))
        } catch {
            // Help, --version and explicit exit codes keep ArgumentParser's handling.
            if error is CleanExit || error is ExitCode || exitCode(for: error) == .success { exit(withError: error) }
            // Argument errors: ArgumentParser's first line, without its usage block (exit 64).
            var first = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            if first.hasPrefix("Error: ") { first.removeFirst(7) }
            fail(first + " (see --help)", code: exitCode(for: error))
        }
    }

    static func fail(_ message: String, code: ExitCode) -> Never {
        StandardError.line("nearby: \(message)")
        Foundation.exit(code.rawValue)
    }
}

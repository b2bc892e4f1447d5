import ArgumentParser
import Foundation

/// Where `nearby feed` records its process id and `nearby refresh` finds it.
struct PidFileOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The pidfile (default $XDG_RUNTIME_DIR/nearby.pid, else /tmp/nearby-<uid>.pid).", valueName: "path"))
    var pidfile: String?

    func url() -> URL {
        if let pidfile { return URL(fileURLWithPath: pidfile) }
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return URL(fileURLWithPath: runtime).appendingPathComponent("nearby.pid")
        }
        return URL(fileURLWithPath: "/tmp/nearby-\(getuid()).pid")
    }
}

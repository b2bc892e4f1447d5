import Foundation
import NearbyTestSupport
import Testing

/// Where `--png` and `import --out` write: atomically over regular files,
/// in place into FIFOs and devices, through links, never over an input.
final class OutputFileTests {
    static let show = ["show", "n4316767531", "--lat", "43.7384", "--lon", "7.4246"]
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func info(_ path: String, follow: Bool = false) -> stat {
        var info = stat()
        _ = follow ? stat(path, &info) : lstat(path, &info)
        return info
    }

    /// Linux's encoding of small device numbers (glibc's makedev is a macro).
    static func device(major: UInt, minor: UInt) -> dev_t { dev_t(major << 8 | minor) }

    static func isPNG(_ data: Data) -> Bool { data.starts(with: [0x89, 0x50, 0x4E, 0x47]) }

    /// A reader that has gone (`nearby export | head -c 10`) is a failed
    /// write like a full disk: 74 and one line, from every command, never a
    /// silent end by SIGPIPE. The child starts with SIGPIPE at its default,
    /// as from a shell, whatever this process does with it (`env`; a child
    /// inherits an ignored signal).
    @Test(arguments: [
        ["export"],
        ["list", "--lat", "43.7384", "--lon", "7.4246"],
        ["search", "cafe", "--lat", "43.7384", "--lon", "7.4246", "--json"],
        ["show", "n4316767531"],
        ["categories"],
        ["import", "Data/monaco.osm.pbf", "--out", "-"],
    ])
    func aClosedPipeIsAnIOError(arguments: [String]) throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        defer { try? pipe.fileHandleForWriting.close() }
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["--default-signal=PIPE", NearbyBinary.url.path] + arguments,
            in: NearbyBinary.repository, standardOutput: pipe.fileHandleForWriting)
        #expect(run.status == 74)
        #expect(run.stderr.hasSuffix("nearby: cannot write to standard output: Broken pipe\n"))
    }

    @Test func aCharacterDeviceIsWrittenInPlaceNotReplaced() throws {
        // A private null device: the test must not risk the machine's /dev/null.
        let device = path("null")
        #expect(mknod(device, S_IFCHR | 0o666, Self.device(major: 1, minor: 3)) == 0, "mknod needs root, as the bug needs root")
        let run = try NearbyBinary.run(Self.show + ["--png", device])
        #expect(run.status == 0)
        #expect(info(device).st_mode & S_IFMT == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["null"])
    }

    @Test func aFullDeviceIsAnIOError() throws {
        let device = path("full")
        #expect(mknod(device, S_IFCHR | 0o666, Self.device(major: 1, minor: 7)) == 0)
        let run = try NearbyBinary.run(Self.show + ["--png", device])
        #expect(run.status == 74)
        #expect(run.stderr == "nearby: failed writing \(device): No space left on device\n")
        #expect(info(device).st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aFIFOGetsThePNGAndStaysAFIFO() throws {
        let fifo = path("map.fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        // Nobody reads it yet: refused, not waited on.
        let unread = try NearbyBinary.run(Self.show + ["--png", fifo])
        #expect(unread.status == 73)
        #expect(unread.stderr == "nearby: will not write \(fifo): it is a FIFO that no process is reading\n")

        // A reader waiting in open(2) before nearby even starts.
        let received = Received()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while fd >= 0 {
                let count = read(fd, &buffer, buffer.count)
                if count <= 0 { break }
                received.data.append(contentsOf: buffer[0..<count])
            }
            close(fd)
            received.done.signal()
        }
        reader.start()
        while reader.isExecuting == false { usleep(1_000) }
        let run = try NearbyBinary.run(Self.show + ["--png", fifo])
        #expect(received.done.wait(timeout: .now() + 20) == .success)
        #expect(run.status == 0)
        #expect(Self.isPNG(received.data))
        #expect(info(fifo).st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aLinkIsWrittenThroughAndKeepsBeingALink() throws {
        let target = path("real.png"), link = path("link.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.png")
        let run = try NearbyBinary.run(Self.show + ["--png", link])
        #expect(run.status == 0)
        #expect(info(link).st_mode & S_IFMT == S_IFLNK)
        #expect(Self.isPNG(try Data(contentsOf: URL(fileURLWithPath: target))))
        #expect(info(target).st_mode & 0o7777 == 0o600)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["real.png", "link.png"])
    }

    @Test func aLinkToNothingAndADirectoryAreRefused() throws {
        let dangling = path("dangling.png")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere/missing.png")
        let run = try NearbyBinary.run(Self.show + ["--png", dangling])
        #expect(run.status == 73)
        #expect(run.stderr == "nearby: will not write \(dangling): it is a symbolic link to a file that does not exist\n")

        let folder = path("folder.png")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let onFolder = try NearbyBinary.run(Self.show + ["--png", folder])
        #expect(onFolder.status == 73)
        #expect(onFolder.stderr.contains("it is a directory"))
    }

    @Test func overwritingKeepsTheModeAndTheOwner() throws {
        let png = path("map.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: png))
        #expect(chmod(png, 0o600) == 0)
        #expect(chown(png, 4321, 4321) == 0)
        let run = try NearbyBinary.run(Self.show + ["--png", png])
        #expect(run.status == 0)
        let after = info(png)
        #expect(after.st_mode & 0o7777 == 0o600)
        #expect(after.st_uid == 4321 && after.st_gid == 4321)
        #expect(Self.isPNG(try Data(contentsOf: URL(fileURLWithPath: png))))
    }

    @Test func anOutputThatIsAnInputIsRefused() throws {
        let data = path("places.geojson")
        try FileManager.default.copyItem(atPath: NearbyBinary.repository.appendingPathComponent("Data/places.geojson").path, toPath: data)
        let before = try Data(contentsOf: URL(fileURLWithPath: data))
        let onData = try NearbyBinary.run(Self.show + ["--data", data, "--png", data])
        #expect(onData.status == 64)
        #expect(onData.stderr == "nearby: --png \(data) is the places dataset (\(data)); write to another file\n")

        // Through a hard link it is still the same file.
        let hard = path("hard.png")
        #expect(link(data, hard) == 0)
        let onLink = try NearbyBinary.run(Self.show + ["--data", data, "--png", hard])
        #expect(onLink.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: data)) == before)

        let tile = NearbyBinary.repository.appendingPathComponent("Tiles/12/2132/1493.png").path
        let onTile = try NearbyBinary.run(Self.show + ["--png", tile])
        #expect(onTile.status == 64)
        #expect(onTile.stderr.contains("is a tile of"))

        let extract = path("monaco.osm.pbf")
        try FileManager.default.copyItem(
            atPath: NearbyBinary.repository.appendingPathComponent("Data/monaco.osm.pbf").path, toPath: extract)
        let extractBytes = try Data(contentsOf: URL(fileURLWithPath: extract))
        let onExtract = try NearbyBinary.run(["import", extract, "--out", extract])
        #expect(onExtract.status == 64)
        #expect(onExtract.stderr == "nearby: --out \(extract) is the extract (\(extract)); write to another file\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: extract)) == extractBytes)
    }

    @Test func importWritesThroughALinkAndIntoAFIFO() throws {
        let target = path("places.geojson"), link = path("link.geojson")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = try NearbyBinary.run(["import", "Data/monaco.osm.pbf", "--out", link])
        #expect(run.status == 0)
        #expect(info(link).st_mode & S_IFMT == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).count > 10_000)
    }

    @Test func readingAFIFOOrADeviceAsDataIsRefusedBeforeReading() throws {
        let fifo = path("data.fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        for (data, kind) in [(fifo, "a FIFO"), ("/dev/zero", "a character device"), (directory.path, "a directory")] {
            let run = try NearbyBinary.run(["list", "--lat", "43.7384", "--lon", "7.4246", "--data", data])
            #expect(run.status == 74)
            #expect(run.stderr == "nearby: the places dataset \(data) is not a regular file (\(kind))\n")
        }
        let tiles = try NearbyBinary.run(["tiles", "render", "--from", fifo, "--out", path("tiles")])
        #expect(tiles.status == 74)
        #expect(tiles.stderr == "nearby: the OpenStreetMap extract \(fifo) is not a regular file (a FIFO)\n")
    }
}

private final class Received: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}

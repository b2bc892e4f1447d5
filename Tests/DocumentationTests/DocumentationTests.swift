import Foundation
import Testing

/// The docs say what the code is: every backticked name of a type or member
/// they give (`PlaceSearch.placeQuery`) is declared somewhere in the tree,
/// every `Sources/…` or `Tests/…` path (and every `Name.swift`) is a file,
/// and the lists they count are the code's lists. Names of other projects'
/// APIs are in `allowed-names.txt` beside this file. Benchmarks/README.md, a
/// record of figures over time, is not read.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let documents = ["README.md", "CONTRIBUTING.md"] + Tree.files(under: "docs", ending: ".md").sorted()
    /// Read once for every test.
    static let tree = Result { try Tree.read() }

    @Test func everyNameADocGivesIsDeclared() throws {
        let tree = try Self.tree.get()
        var unknown: [String] = []
        for document in Self.documents {
            for span in try Spans.of(document) where !tree.knows(span.text) {
                unknown.append("\(document):\(span.line): `\(span.text)`")
            }
        }
        #expect(unknown.isEmpty, "names and paths no declaration or file has:\n\(unknown.joined(separator: "\n"))")
    }

    /// A changed name is caught: the check is not vacuous.
    @Test func aNameThatIsNotDeclaredIsCaught() throws {
        let tree = try Self.tree.get()
        #expect(tree.knows("PlaceSearch.placeQuery"))
        #expect(!tree.knows("PlaceSearch.placeQueries"))
        #expect(!tree.knows("TerminalText.escaped"))
        #expect(tree.knows("Sources/NearbyKit/IO/AtomicFile.swift"))
        #expect(!tree.knows("Sources/NearbyKit/IO/AtomicFiles.swift"))
        #expect(!tree.knows("AtomicFiles.swift"))
    }

    /// docs/ARCHITECTURE.md lists every `@unchecked Sendable` and every
    /// `nonisolated(unsafe)`: claims the compiler cannot check, so each needs its reason written.
    @Test func theUncheckedClaimsAreListed() throws {
        let tree = try Self.tree.get()
        let architecture = "docs/ARCHITECTURE.md"
        #expect(try Spans.list(after: "`@unchecked Sendable` is claimed on", in: architecture) == tree.uncheckedSendable)
        #expect(try Spans.list(after: "`nonisolated(unsafe)` is claimed on", in: architecture) == tree.nonisolatedUnsafe)
    }

    /// docs/ARCHITECTURE.md names the types that keep an `LRUCache`.
    @Test func theCachesAreListed() throws {
        let tree = try Self.tree.get()
        #expect(try Spans.list(after: "An `LRUCache` is kept by", in: "docs/ARCHITECTURE.md") == tree.cacheHolders)
    }
}

/// A backticked span of a document, and its line.
struct Spans {
    let text: String
    let line: Int

    static func of(_ document: String) throws -> [Spans] {
        let text = try String(contentsOf: DocumentationTests.root.appending(path: document), encoding: .utf8)
        var spans: [Spans] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for match in line.matches(of: /`([^`]+)`/) {
                spans.append(Spans(text: String(match.1).trimmingCharacters(in: .whitespaces), line: number + 1))
            }
        }
        return spans
    }

    /// The backticked names before the colon of each `- ` item under the line that contains `heading`,
    /// up to a blank line: "- `A` and `B`: why".
    static func list(after heading: String, in document: String) throws -> Set<String> {
        let text = try String(contentsOf: DocumentationTests.root.appending(path: document), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains(heading) }) else {
            Issue.record("\(document) has no line with \(heading)")
            return []
        }
        var names: Set<String> = []
        for line in lines[(start + 1)...] {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            guard line.hasPrefix("- "), let named = line.split(separator: ":").first else { continue }
            for match in named.matches(of: /`([^`]+)`/) { names.insert(String(match.1)) }
        }
        return names
    }
}

/// What the tree declares: every Swift declaration's name, every file and folder.
struct Tree {
    var names: Set<String> = []
    var allowed: Set<String> = []
    var swiftFiles: Set<String> = []
    var uncheckedSendable: Set<String> = []
    var nonisolatedUnsafe: Set<String> = []
    var cacheHolders: Set<String> = []

    static func files(under folder: String, ending: String) -> [String] {
        let base = DocumentationTests.root.appending(path: folder)
        guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(ending) }.map { "\(folder)/\($0)" }
    }

    static func read() throws -> Tree {
        var tree = Tree()
        // Foundation's expressions (ICU): Swift's own regexes took seconds over the tree.
        let declaration = try NSRegularExpression(
            pattern: #"\b(?:class|struct|enum|protocol|actor|typealias|func|case|let|var|associatedtype)\s+`?([A-Za-z_]\w*)"#)
        let otherCases = try NSRegularExpression(
            pattern: #"\bcase\s+[A-Za-z_]\w*((?:\s*,\s*`?[A-Za-z_]\w*`?)+)\s*$"#,
            options: .anchorsMatchLines)
        for path in files(under: "Sources", ending: "") where !path.hasSuffix(".swift") {
            for component in path.split(separator: "/") { tree.names.insert(String(component)) }
        }
        for folder in ["Sources", "Tests", "Benchmarks", "Fuzz"] {
            for path in files(under: folder, ending: ".swift") {
                let text = try String(contentsOf: DocumentationTests.root.appending(path: path), encoding: .utf8)
                let file = (path as NSString).lastPathComponent
                tree.swiftFiles.insert(path)
                tree.names.insert(String(file.dropLast(".swift".count)))
                for component in path.split(separator: "/") { tree.names.insert(String(component)) }
                let whole = NSRange(text.startIndex..., in: text)
                for match in declaration.matches(in: text, range: whole) {
                    if let range = Range(match.range(at: 1), in: text) { tree.names.insert(String(text[range])) }
                }
                for match in otherCases.matches(in: text, range: whole) {
                    guard let range = Range(match.range(at: 1), in: text) else { continue }
                    for part in text[range].split(separator: ",") {
                        tree.names.insert(part.trimmingCharacters(in: CharacterSet(charactersIn: " `\t")))
                    }
                }
                guard folder == "Sources" else { continue }
                tree.uncheckedSendable.formUnion(uncheckedSendable(in: text))
                if text.contains("nonisolated(unsafe)"), let type = text.firstMatch(of: /\b(?:enum|struct|class)\s+(\w+)/) {
                    tree.nonisolatedUnsafe.insert(String(type.1))
                }
                if file != "LRUCache.swift", text.contains("LRUCache<") || text.contains("LRUCache(") {
                    tree.cacheHolders.insert(String(file.dropLast(".swift".count)))
                }
            }
        }
        let allowed = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "allowed-names.txt"), encoding: .utf8)
        for line in allowed.split(separator: "\n") {
            let name = line.split(separator: "#").first?.trimmingCharacters(in: .whitespaces) ?? ""
            if !name.isEmpty { tree.allowed.insert(name) }
        }
        return tree
    }

    /// The classes a file claims `@unchecked Sendable` for, nested ones as `Outer.Inner`.
    private static func uncheckedSendable(in text: String) -> Set<String> {
        var found: Set<String> = []
        var outer: String?
        guard text.contains("@unchecked Sendable") else { return found }
        for line in text.split(separator: "\n") {
            if !line.hasPrefix(" "), !line.hasPrefix("/"),
                let type = line.firstMatch(of: /\b(?:class|struct|enum|extension|actor)\s+(\w+)/)
            {
                outer = String(type.1)
            }
            guard line.contains("@unchecked Sendable"), !line.trimmingCharacters(in: .whitespaces).hasPrefix("//"),
                let type = line.firstMatch(of: /\b(?:class|struct|enum|extension)\s+(\w+)/)
            else { continue }
            let name = String(type.1)
            found.insert(line.hasPrefix(" ") ? "\(outer ?? "?").\(name)" : name)
        }
        return found
    }

    /// Whether a span names something the tree has, or is not a name at all.
    func knows(_ span: String) -> Bool {
        if allowed.contains(span) { return true }
        if span.hasPrefix("Sources/") || span.hasPrefix("Tests/") {
            let path = String(span.split(separator: " ").first ?? "").split(separator: ":").first.map(String.init) ?? span
            return Self.exists(path)
        }
        if span.hasSuffix(".swift") {
            // A file named from its module (`NearbyCLI/Composition/MapRoot.swift`), its folder or alone.
            return swiftFiles.contains { $0.hasSuffix("/\(span)") }
        }
        // A type or a member path, `Type.member` or `Type(label:)`: each of its names is declared.
        guard let match = span.wholeMatch(of: /([A-Z][A-Za-z0-9]*(?:\.[A-Za-z_]\w*)*)(?:\(.*\))?[?!]?/) else { return true }
        let parts = match.1.split(separator: ".").map(String.init)
        guard parts[0].contains(where: \.isLowercase) else { return true }  // an acronym or a constant: SQL, HTTP, README
        if allowed.contains(parts[0]) { return true }
        return parts.allSatisfy { names.contains($0) || allowed.contains($0) }
    }

    private static func exists(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if trimmed.contains("*") || trimmed.contains("{") {
            // A pattern: its folder exists.
            let folder = trimmed.split(separator: "/").prefix { !$0.contains("*") && !$0.contains("{") }.joined(separator: "/")
            return FileManager.default.fileExists(atPath: DocumentationTests.root.appending(path: folder).path)
        }
        return FileManager.default.fileExists(atPath: DocumentationTests.root.appending(path: trimmed).path)
    }
}

import Foundation
import Testing

/// Package.swift declares every module a target imports. On Linux a module
/// built for one target is visible to all the others, so an import the
/// manifest does not declare builds here and fails where the build order
/// differs (a product built alone, another platform's build system).
@Suite struct PackageManifestTests {
    /// The toolchain's modules, which no manifest declares.
    static let toolchain: Set<String> = [
        "Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "Musl", "Synchronization", "Testing",
        "XCTest", "os", "Combine", "_Concurrency", "PackageDescription",
    ]

    struct Target {
        var name: String
        var folder: String
        /// Every quoted string the target's declaration holds, with the
        /// names in the manifest's variables it uses (`lock`, `openCombine`).
        var declared: Set<String>
    }

    static func quoted(_ text: Substring) -> Set<String> {
        Set(text.matches(of: /"([^"\n]*)"/).map { String($0.1) })
    }

    /// The targets of Package.swift, read from its text: each `.target(…)`,
    /// `.testTarget(…)` or `.executableTarget(…)` up to the next declaration.
    static func targets() throws -> [Target] {
        let text = try String(contentsOf: DocumentationTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard let start = text.range(of: "let package = Package(") else { return [] }
        // `let lock: Target.Dependency = .product(name: "NIOConcurrencyHelpers", …)`, up to the next `let`.
        let head = text[..<start.lowerBound]
        let lets = head.matches(of: /(?m)^let (\w+)/)
        var variables: [String: Set<String>] = [:]
        for (index, match) in lets.enumerated() {
            let end = index + 1 < lets.count ? lets[index + 1].range.lowerBound : head.endIndex
            variables[String(match.1)] = quoted(head[match.range.lowerBound..<end])
        }
        let body = text[start.upperBound...]
        let marks = body.ranges(of: /\.(target|testTarget|executableTarget|systemLibrary)\(/)
        return marks.indices.compactMap { index -> Target? in
            let end = index + 1 < marks.count ? marks[index + 1].lowerBound : body.endIndex
            let declaration = body[marks[index].lowerBound..<end]
            guard !declaration.hasPrefix(".systemLibrary"), let name = declaration.firstMatch(of: /name: "(\w+)"/)?.1 else { return nil }
            let path = declaration.firstMatch(of: /path: "([^"]+)"/).map { String($0.1) }
            var declared = quoted(declaration)
            let words = Set(declaration.matches(of: /\w+/).map { String($0.0) })
            for (variable, names) in variables where words.contains(variable) { declared.formUnion(names) }
            let folder = path ?? (declaration.hasPrefix(".testTarget") ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: String(name), folder: folder, declared: declared)
        }
    }

    /// The modules the Swift files under `folder` import, each with a file that
    /// imports it: the imports at the head of each file, before its first
    /// declaration (an `import` further down is a script in a string).
    static func imports(under folder: String) -> [String: String] {
        var found: [String: String] = [:]
        let root = DocumentationTests.root.appendingPathComponent(folder)
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
        let importLine =
            #/
            ^ (?: @\w+ (?: \( [^)]* \) )? \h+ )*
            (?: (?: public | package | internal | private | fileprivate ) \h+ )?
            import \h+ (?: (?: struct | class | enum | protocol | func | var | let | typealias ) \h+ )?
            (\w+)
            /#
        for case let file as URL in files where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n", omittingEmptySubsequences: true).map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if let match = line.firstMatch(of: importLine) {
                    found[String(match.1)] = found[String(match.1)] ?? String(file.path.dropFirst(DocumentationTests.root.path.count + 1))
                } else if !(line.isEmpty || line.hasPrefix("//") || line.hasPrefix("/*") || line.hasPrefix("*") || line.hasPrefix("#")) {
                    break
                }
            }
        }
        return found
    }

    @Test func everyModuleATargetImportsIsDeclared() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20)
        var undeclared: [String] = []
        for target in targets {
            for (module, file) in Self.imports(under: target.folder).sorted(by: { $0.key < $1.key })
            where !Self.toolchain.contains(module) && !target.declared.contains(module) && module != target.name {
                undeclared.append("\(target.name) imports \(module) (\(file))")
            }
        }
        #expect(undeclared.isEmpty, "Package.swift does not declare:\n\(undeclared.joined(separator: "\n"))")
    }

    /// The reading is not vacuous: a server that imports Hummingbird declares it, and a module left out is seen.
    @Test func theManifestIsReadAsItIs() throws {
        let server = try #require(try Self.targets().first { $0.name == "NearbyServer" })
        #expect(server.folder == "Sources/NearbyServer")
        #expect(server.declared.contains("Hummingbird") && server.declared.contains("NIOConcurrencyHelpers"))
        #expect(!server.declared.contains("PostgresNIO"))
        #expect(Self.imports(under: "Sources/NearbyServer")["Hummingbird"] != nil)
        let support = try #require(try Self.targets().first { $0.name == "NearbyTestSupport" })
        #expect(support.folder == "Tests/Support")
    }
}

import Foundation
import Mustache
import Testing

/// A Mustache template's tags as a tree: enough of Mustache to say which
/// name each tag looks up, within which sections. Text is dropped.
struct TemplateTree {
    struct Tag: Hashable {
        /// The template's name (`home`), as HTMLPages registers it.
        var template: String
        /// 1-based.
        var line: Int
        /// Where the tag starts in the template, to tell apart two alike tags on a line.
        var offset: Int
        /// `#`, `^`, `/`, `>`, `<`, `$`, `&`, `{` or "" for a plain `{{name}}`.
        var sigil: String
        var name: String

        var written: String { sigil == "{" ? "{{{\(name)}}}" : "{{\(sigil)\(name)}}" }
        var place: String { "\(template).mustache:\(line): \(written)" }
    }

    indirect enum Node {
        /// `{{name}}`, `{{{name}}}`, `{{&name}}`.
        case variable(Tag)
        /// `{{#name}}…{{/name}}`.
        case section(Tag, [Node])
        /// `{{^name}}…{{/name}}`.
        case inverted(Tag, [Node])
        /// `{{>name}}`.
        case partial(Tag)
        /// `{{<name}}…{{/name}}`: the parent template, and the blocks given to it.
        case parent(Tag, [Node])
        /// `{{$name}}…{{/name}}`: a block, with what it shows when not given one.
        case block(Tag, [Node])
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    let name: String
    let nodes: [Node]

    /// Reads `source` as Mustache with the default delimiters. Comments
    /// (`{{!…}}`) and pragmas (`{{%…}}`) are skipped; a delimiter change
    /// (`{{=…=}}`) is refused, as nothing here reads past one.
    init(name: String, source: String) throws {
        self.name = name
        var open: [(tag: Tag, nodes: [Node])] = [(Tag(template: name, line: 1, offset: 0, sigil: "", name: ""), [])]
        let text = Array(source.unicodeScalars)
        var index = 0
        var line = 1
        func starts(_ string: String, at position: Int) -> Bool {
            let scalars = Array(string.unicodeScalars)
            return position + scalars.count <= text.count && Array(text[position..<position + scalars.count]) == scalars
        }
        func find(_ string: String, from position: Int) -> Int? {
            var position = position
            while position < text.count {
                if starts(string, at: position) { return position }
                position += 1
            }
            return nil
        }
        while let start = find("{{", from: index) {
            line += text[index..<start].filter { $0 == "\n" }.count
            let triple = starts("{{{", at: start)
            let close = triple ? "}}}" : "}}"
            guard let end = find(close, from: start + (triple ? 3 : 2)) else {
                throw ParseError(description: "\(name).mustache:\(line): a tag is not closed")
            }
            var content = String(String.UnicodeScalarView(text[(start + (triple ? 3 : 2))..<end]))
            let tagLine = line
            line += content.filter { $0 == "\n" }.count
            index = end + close.unicodeScalars.count
            var sigil = triple ? "{" : ""
            if !triple, let first = content.first, "#^/><$&!%=".contains(first) {
                sigil = String(first)
                content.removeFirst()
            }
            let tag = Tag(template: name, line: tagLine, offset: start, sigil: sigil, name: content.trimmingCharacters(in: .whitespaces))
            switch sigil {
            case "!", "%": continue
            case "=": throw ParseError(description: "\(name).mustache:\(tagLine): a delimiter change, which this test does not read")
            case "", "{", "&": open[open.count - 1].nodes.append(.variable(tag))
            case ">": open[open.count - 1].nodes.append(.partial(tag))
            case "#", "^", "<", "$": open.append((tag, []))
            case "/":
                guard open.count > 1, let last = open.last, last.tag.name == tag.name else {
                    throw ParseError(description: "\(name).mustache:\(tagLine): \(tag.written) closes nothing open of that name")
                }
                open.removeLast()
                let node: Node =
                    switch last.tag.sigil {
                    case "#": .section(last.tag, last.nodes)
                    case "^": .inverted(last.tag, last.nodes)
                    case "<": .parent(last.tag, last.nodes)
                    default: .block(last.tag, last.nodes)
                    }
                open[open.count - 1].nodes.append(node)
            default: preconditionFailure("sigil \(sigil)")
            }
        }
        guard open.count == 1 else {
            throw ParseError(description: "\(name).mustache: \(open.last!.tag.written) (line \(open.last!.tag.line)) is never closed")
        }
        nodes = open[0].nodes
    }
}

/// Walks templates against a sample value as Mustache renders them, with a
/// stack of contexts: a section over a list pushes its first element, over
/// a Bool nothing, over any other value that value; an inverted section
/// pushes nothing. A name resolves when some context on the stack,
/// innermost first, gives a non-nil child for its first part through
/// `MustacheParent.child(named:)` (and that child the next part, for a
/// dotted name) — the one way page values offer their fields
/// (MustacheParent+Pages.swift). Partials and the parent layout are walked with
/// the stack as it is, the layout's blocks replaced by the ones its child gives.
struct TemplateWalk {
    enum Outcome {
        case resolved
        /// Not found in this sample; another sample of the same page may resolve it.
        case unresolved(String)
        /// Wrong whatever the sample: an unknown partial, a value printed as a Swift description.
        case wrong(String)
    }

    /// A tag where the walk met it: the sections and partials it is within.
    /// The row partial within the home page's pager and within its sections
    /// are two sites, each of which must resolve.
    struct Site: Hashable {
        var tag: TemplateTree.Tag
        var within: [TemplateTree.Tag]
    }

    let templates: [String: TemplateTree]
    private(set) var outcomes: [Site: Outcome] = [:]
    private(set) var reached: Set<String> = []

    init(templates: [String: TemplateTree]) {
        self.templates = templates
    }

    /// Walks `template` with `sample` as the only context. Walking several
    /// samples of a page in one walk, a site is resolved when one of them resolves it.
    mutating func walk(_ template: String, sample: Any) {
        guard let tree = templates[template] else {
            Issue.record("no template named \(template)")
            return
        }
        reached.insert(template)
        walk(tree.nodes, stack: [sample], blocks: [:], within: [])
    }

    /// What no sample resolved, and what is wrong, one line each, with
    /// where the walk met it; names in `absent` may stay unresolved.
    func problems(allowing absent: Set<String> = []) -> [String] {
        outcomes.compactMap { site, outcome -> String? in
            let reason: String
            switch outcome {
            case .resolved: return nil
            case .unresolved(let why):
                if absent.contains(site.tag.name) { return nil }
                reason = why
            case .wrong(let why): reason = why
            }
            let within = site.within.map { "\($0.template).mustache:\($0.line) \($0.written)" }.joined(separator: " > ")
            return "\(site.tag.place): \(reason)" + (within.isEmpty ? "" : " — within \(within)")
        }.sorted()
    }

    private mutating func note(_ tag: TemplateTree.Tag, _ within: [TemplateTree.Tag], _ outcome: Outcome) {
        let site = Site(tag: tag, within: within)
        // Once resolved at a site, always: a later pass (another sample) adds nothing.
        if case .resolved? = outcomes[site], case .unresolved = outcome { return }
        if case .wrong? = outcomes[site] { return }
        outcomes[site] = outcome
    }

    private mutating func walk(
        _ nodes: [TemplateTree.Node], stack: [Any], blocks: [String: [TemplateTree.Node]], within: [TemplateTree.Tag]
    ) {
        for node in nodes {
            switch node {
            case .variable(let tag):
                guard let value = resolve(tag, in: stack, within: within) else { continue }
                if value is MustacheParent || value is any MustacheSequence {
                    note(tag, within, .wrong("prints a \(type(of: value)) as Swift describes it"))
                }
            case .section(let tag, let children):
                guard let value = resolve(tag, in: stack, within: within) else { continue }
                if value is Bool {
                    walk(children, stack: stack, blocks: blocks, within: within + [tag])
                } else if let list = value as? any MustacheSequence {
                    guard let first = Self.first(of: list) else {
                        note(tag, within, .unresolved("an empty list in the sample: what it shows for each is not checked"))
                        continue
                    }
                    walk(children, stack: stack + [first], blocks: blocks, within: within + [tag])
                } else {
                    walk(children, stack: stack + [value], blocks: blocks, within: within + [tag])
                }
            case .inverted(let tag, let children):
                _ = resolve(tag, in: stack, within: within)
                walk(children, stack: stack, blocks: blocks, within: within + [tag])
            case .partial(let tag):
                guard let partial = templates[tag.name] else {
                    note(tag, within, .wrong("there is no template \(tag.name)"))
                    continue
                }
                note(tag, within, .resolved)
                reached.insert(tag.name)
                walk(partial.nodes, stack: stack, blocks: blocks, within: within + [tag])
            case .parent(let tag, let children):
                guard let parent = templates[tag.name] else {
                    note(tag, within, .wrong("there is no template \(tag.name)"))
                    continue
                }
                note(tag, within, .resolved)
                reached.insert(tag.name)
                var given = blocks
                for child in children {
                    guard case .block(let block, let content) = child else {
                        if case .variable(let ignored) = child { note(ignored, within, .wrong("outside a block: never shown")) }
                        continue
                    }
                    // As Mustache does, a block given further out wins.
                    if given[block.name] == nil { given[block.name] = content }
                    if Self.blockNames(in: parent.nodes).contains(block.name) {
                        note(block, within, .resolved)
                    } else {
                        note(block, within, .wrong("\(tag.name) has no block \(block.name), so it is never shown"))
                    }
                }
                walk(parent.nodes, stack: stack, blocks: given, within: within)
            case .block(let tag, let defaultContent):
                note(tag, within, .resolved)
                walk(blocks[tag.name] ?? defaultContent, stack: stack, blocks: blocks, within: within)
            }
        }
    }

    /// The value a tag's name finds, innermost context first; nil, noted, when none.
    private mutating func resolve(_ tag: TemplateTree.Tag, in stack: [Any], within: [TemplateTree.Tag]) -> Any? {
        if tag.name == "." {
            guard let top = stack.last else { return nil }
            if top is MustacheParent || top is any MustacheSequence {
                note(tag, within, .wrong("is a \(type(of: top)), printed as Swift describes it"))
                return nil
            }
            note(tag, within, .resolved)
            return top
        }
        let parts = tag.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(""), let head = parts.first else {
            note(tag, within, .wrong("a name this test does not read"))
            return nil
        }
        for context in stack.reversed() {
            guard var value = Self.child(head, of: context) else { continue }
            for (index, part) in parts.enumerated().dropFirst() {
                guard let next = Self.child(part, of: value) else {
                    let path = parts[..<index].joined(separator: ".")
                    note(tag, within, .unresolved("\(path) (a \(type(of: value))) gives nothing for \"\(part)\"" + Self.hint(value)))
                    return nil
                }
                value = next
            }
            note(tag, within, .resolved)
            return value
        }
        let contexts = stack.reversed().map { "\(type(of: $0))" + Self.hint($0) }.joined(separator: ", ")
        note(tag, within, .unresolved("no context gives \"\(head)\" (innermost first: \(contexts))"))
        return nil
    }

    private static func hint(_ value: Any) -> String {
        value is MustacheParent ? "" : " (not a MustacheParent)"
    }

    /// `child(named:)`, Optionals unwrapped: nil for a missing or a nil child.
    static func child(_ name: String, of context: Any) -> Any? {
        guard let parent = context as? MustacheParent, let child = parent.child(named: name) else { return nil }
        return unwrapped(child)
    }

    static func unwrapped(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalValue else { return value }
        return optional.wrappedValue.flatMap(unwrapped)
    }

    private static func first(of list: some Sequence) -> Any? {
        list.first { _ in true }
    }

    /// The blocks a template defines.
    static func blockNames(in nodes: [TemplateTree.Node]) -> Set<String> {
        var names: Set<String> = []
        for node in nodes {
            switch node {
            case .block(let tag, let children):
                names.insert(tag.name)
                names.formUnion(blockNames(in: children))
            case .section(_, let children), .inverted(_, let children), .parent(_, let children):
                names.formUnion(blockNames(in: children))
            case .variable, .partial: break
            }
        }
        return names
    }
}

/// An Optional seen through `Any`.
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { map { $0 as Any } }
}

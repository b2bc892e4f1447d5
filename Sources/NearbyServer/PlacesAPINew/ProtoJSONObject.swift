import Foundation
import NearbyKit

/// A request body read as proto3 JSON is read (Google's REST clients write
/// it so): field names in camelCase or as in the proto (snake_case), not
/// both, nor any key twice; `null` as an absent field; numbers as numbers or
/// strings, read as `DecimalText` reads every input's; enums by name or
/// number. A field the message does not have is refused, as Google refuses
/// it, naming the field by its path.
public struct ProtoJSONObject {
    private typealias Value = ProtoJSONValue

    private let values: [String: Value]
    /// Where this object is in the body (`locationRestriction.circle`), for messages.
    private let path: String

    /// The top-level object of a body; `fields` are the message's camelCase names.
    init(body: Data, fields: Set<String>) throws(RPCError) {
        let parsed: Value
        do throws(ProtoJSONValue.Failure) {
            parsed = try ProtoJSONValue.read(body)
        } catch {
            throw .invalidArgument(error.message)
        }
        try self.init(parsed, fields: fields, path: "")
    }

    private init(_ value: Value, fields: Set<String>, path: String) throws(RPCError) {
        guard case .object(let object) = value else {
            throw .invalidArgument("Invalid JSON payload received: \(path.isEmpty ? "the body" : path) is not an object")
        }
        var values: [String: Value] = [:]
        var seen: Set<String> = []
        for (key, value) in object {
            let name = FieldMask.camelCase(key)
            let at = path.isEmpty ? name : "\(path).\(name)"
            guard fields.contains(name) else {
                throw .invalidArgument(
                    "Invalid JSON payload received. Unknown name \(TerminalSafeText.escaped(at, limit: 80)): Cannot find field.")
            }
            // As protobuf's JSON parser, a key given twice is refused, and so is a field named both ways.
            guard seen.insert(name).inserted else {
                throw .invalidArgument("Invalid JSON payload received: \(at) is given twice (duplicate key)")
            }
            if case .null = value { continue }
            values[name] = value
        }
        self.values = values
        self.path = path
    }

    private func at(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    /// Google's words for a value of the wrong type (`Invalid value at 'radius' (TYPE_DOUBLE), true`), and what was expected.
    private func wrong(_ name: String, _ type: String, _ expected: String) -> RPCError {
        .invalidArgument("Invalid value at '\(at(name))' (\(type)), \(values[name]?.shown ?? "null"): expected \(expected)")
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    func string(_ name: String) throws(RPCError) -> String? {
        guard let value = values[name] else { return nil }
        guard case .string(let text) = value else { throw wrong(name, "TYPE_STRING", "a string") }
        return text
    }

    func strings(_ name: String) throws(RPCError) -> [String] {
        guard case .array(let list)? = values[name] else {
            if values[name] == nil { return [] }
            throw wrong(name, "TYPE_STRING", "a list of strings")
        }
        var texts: [String] = []
        for item in list {
            guard case .string(let text) = item else { throw wrong(name, "TYPE_STRING", "a list of strings") }
            texts.append(text)
        }
        return texts
    }

    func bool(_ name: String) throws(RPCError) -> Bool? {
        guard let value = values[name] else { return nil }
        guard case .bool(let bool) = value else { throw wrong(name, "TYPE_BOOL", "true or false") }
        return bool
    }

    /// An int32, as a number or a decimal string.
    func int(_ name: String) throws(RPCError) -> Int? {
        switch values[name] {
        case nil: return nil
        case .number(let literal)?:
            if let number = DecimalText.value(literal), let int = Int32(exactly: number) { return Int(int) }
        case .string(let text)?: if let int = Int32(text) { return Int(int) }
        default: break
        }
        throw wrong(name, "TYPE_INT32", "an integer")
    }

    /// A double, as a number or a string holding one, both read as every input's numbers are
    /// (`DecimalText`: not hex, nor `"NaN"` nor the infinities, which no field here takes).
    func double(_ name: String) throws(RPCError) -> Double? {
        let text: String
        switch values[name] {
        case nil: return nil
        case .number(let literal)?: text = literal
        case .string(let string)?: text = string
        default: throw wrong(name, "TYPE_DOUBLE", "a number")
        }
        do throws(DecimalText.Failure) {
            return try DecimalText.parse(text)
        } catch {
            switch error {
            case .notDecimal: throw wrong(name, "TYPE_DOUBLE", "a decimal number")
            case .tooLarge: throw wrong(name, "TYPE_DOUBLE", "a number a double holds")
            }
        }
    }

    /// An enum by its name or its number; `names[i]` is the name of number i.
    func enumeration(_ name: String, names: [String]) throws(RPCError) -> Int? {
        switch values[name] {
        case nil: return nil
        case .string(let text)?: if let index = names.firstIndex(of: text) { return index }
        case .number(let literal)?:
            if let number = DecimalText.value(literal), let index = Int(exactly: number), names.indices.contains(index) { return index }
        default: break
        }
        throw wrong(name, "TYPE_ENUM", "one of \(names.joined(separator: ", "))")
    }

    func object(_ name: String, fields: Set<String>) throws(RPCError) -> ProtoJSONObject? {
        guard let value = values[name] else { return nil }
        return try ProtoJSONObject(value, fields: fields, path: at(name))
    }
}

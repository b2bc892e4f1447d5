import Foundation
import NearbyKit

/// A request body read as proto3 JSON is read (Google's REST clients write
/// it so): field names in camelCase or as in the proto (snake_case), not
/// both; `null` as an absent field; integers as numbers or strings; enums by
/// name or number. A field the message does not have is refused, as Google
/// refuses it, naming the field by its path.
public struct ProtoJSONObject {
    /// A JSON value as the decoder found it: a boolean is never a number, nor a number a boolean.
    private enum Value: Decodable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let bool = try? c.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? c.decode(Double.self) {
                self = .number(number)
            } else if let text = try? c.decode(String.self) {
                self = .string(text)
            } else if let list = try? c.decode([Value].self) {
                self = .array(list)
            } else {
                self = .object(try c.decode([String: Value].self))
            }
        }
    }

    private let values: [String: Value]
    /// Where this object is in the body (`locationRestriction.circle`), for messages.
    private let path: String

    /// The top-level object of a body; `fields` are the message's camelCase names.
    init(body: Data, fields: Set<String>) throws(RPCError) {
        let parsed: Value
        do {
            parsed = try JSONDecoder().decode(Value.self, from: body)
        } catch {
            throw .invalidArgument("Invalid JSON payload received: the body is not JSON")
        }
        try self.init(parsed, fields: fields, path: "")
    }

    private init(_ value: Value, fields: Set<String>, path: String) throws(RPCError) {
        guard case .object(let object) = value else {
            throw .invalidArgument("Invalid JSON payload received: \(path.isEmpty ? "the body" : path) is not an object")
        }
        var values: [String: Value] = [:]
        for (key, value) in object {
            let name = FieldMask.camelCase(key)
            let at = path.isEmpty ? name : "\(path).\(name)"
            guard fields.contains(name) else {
                throw .invalidArgument(
                    "Invalid JSON payload received. Unknown name \(TerminalSafeText.escaped(at, limit: 80)): Cannot find field.")
            }
            guard values[name] == nil else {
                throw .invalidArgument("Invalid JSON payload received: \(at) is given twice")
            }
            if case .null = value { continue }
            values[name] = value
        }
        self.values = values
        self.path = path
    }

    private func at(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    private func wrong(_ name: String, _ expected: String) -> RPCError {
        .invalidArgument("Invalid value at '\(at(name))': expected \(expected)")
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    func string(_ name: String) throws(RPCError) -> String? {
        guard let value = values[name] else { return nil }
        guard case .string(let text) = value else { throw wrong(name, "a string") }
        return text
    }

    func strings(_ name: String) throws(RPCError) -> [String] {
        guard case .array(let list)? = values[name] else {
            if values[name] == nil { return [] }
            throw wrong(name, "a list of strings")
        }
        var texts: [String] = []
        for item in list {
            guard case .string(let text) = item else { throw wrong(name, "a list of strings") }
            texts.append(text)
        }
        return texts
    }

    func bool(_ name: String) throws(RPCError) -> Bool? {
        guard let value = values[name] else { return nil }
        guard case .bool(let bool) = value else { throw wrong(name, "true or false") }
        return bool
    }

    /// An int32, as a number or a decimal string.
    func int(_ name: String) throws(RPCError) -> Int? {
        switch values[name] {
        case nil: return nil
        case .number(let number)? where number.rounded() == number && abs(number) <= Double(Int32.max): return Int(number)
        case .string(let text)? where Int32(text) != nil: return Int(text)
        default: throw wrong(name, "an integer")
        }
    }

    /// A double, as a number or a decimal string (not `"NaN"` nor the infinities: no field here takes them).
    func double(_ name: String) throws(RPCError) -> Double? {
        switch values[name] {
        case nil: return nil
        case .number(let number)?: return number
        case .string(let text)?: if let number = Double(text), number.isFinite { return number }
        default: break
        }
        throw wrong(name, "a number")
    }

    /// An enum by its name or its number; `names[i]` is the name of number i.
    func enumeration(_ name: String, names: [String]) throws(RPCError) -> Int? {
        switch values[name] {
        case nil: return nil
        case .string(let text)?: if let index = names.firstIndex(of: text) { return index }
        case .number(let number)?: if let index = Int(exactly: number), names.indices.contains(index) { return index }
        default: break
        }
        throw wrong(name, "one of \(names.joined(separator: ", "))")
    }

    func object(_ name: String, fields: Set<String>) throws(RPCError) -> ProtoJSONObject? {
        guard let value = values[name] else { return nil }
        return try ProtoJSONObject(value, fields: fields, path: at(name))
    }
}

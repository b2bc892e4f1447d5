import Foundation
import LibFuzzerDriver
import NearbyKit

/// Reads arbitrary text as the JSON a store gives back (`PlainJSON`: an
/// object of strings, an array of address parts). Beyond not crashing: what
/// it reads, Foundation's JSONSerialization reads as the same values, and an
/// object it reads is read again the same from `JSONText`'s writing of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count <= 4096 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    if let object = PlainJSON.stringObject(text) {
        guard let parsed = parsed as? [String: Any], parsed.count == object.count,
            parsed.allSatisfy({ object[$0.key] == $0.value as? String })
        else { fatalError("read in place as \(object), but JSONSerialization reads \(String(describing: parsed))") }
        guard PlainJSON.stringObject(JSONText.object(object)) == object else { fatalError("\(object) does not read back") }
    }
    if let components = PlainJSON.addressComponents(text) {
        guard let parsed = parsed as? [[String: Any]], parsed.count == components.count else {
            fatalError("read in place as \(components), but JSONSerialization reads \(String(describing: parsed))")
        }
        for (part, component) in zip(parsed, components) {
            let long = part["long_name"] as? String
            let short = part["short_name"] is NSNull ? nil : part["short_name"] as? String
            let rule = (part["source"] as? String).flatMap(AddressRule.init(rawValue:)) ?? .tags
            let kind = (part["types"] as? [String])?.compactMap(AddressComponent.Kind.init(rawValue:)).min()
            guard let long, let kind, component == AddressComponent(kind, long, shortName: short, rule: rule),
                Set(part.keys).isSubset(of: ["long_name", "short_name", "source", "types"])
            else { fatalError("read in place as \(component), but JSONSerialization reads \(part)") }
        }
    }
    return 0
}

@_cdecl("JSONFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}

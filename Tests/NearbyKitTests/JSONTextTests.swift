import Foundation
import Testing

@testable import NearbyKit

/// The hand-written JSON reads back, through Foundation's decoder, as the
/// values it was written from, whatever they hold.
struct JSONTextTests {
    @Test func objectsAndComponentsReadBackAsWritten() throws {
        let hostile = "quote \" backslash \\ newline \n tab \t bell \u{7} nul-less \u{1f} é 中文 \u{2028} </script>"
        let object = ["b": hostile, "a": "plain", "": "empty key", "name:zh": "摩納哥"]
        let text = JSONText.object(object)
        #expect(text.hasPrefix(#"{"":"empty key","a":"plain","b":"#))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(text.utf8)) == object)
        let components = [
            AddressComponent(.streetNumber, "12 bis", rule: .tags), AddressComponent(.route, hostile, rule: .street),
            AddressComponent(.sublocality, "Monte-Carlo", rule: .area),
            AddressComponent(.country, "Monaco", shortName: "MC", rule: .neighbours),
        ]
        let json = AddressComponent.json(components)
        #expect(try JSONDecoder().decode([AddressComponent].self, from: Data(json.utf8)) == components)
        #expect(AddressComponent.json([]) == "[]")
        #expect(JSONText.object([:]) == "{}")
    }
}

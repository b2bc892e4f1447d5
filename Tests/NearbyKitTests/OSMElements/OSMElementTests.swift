import Foundation
import Testing

@testable import NearbyKit

/// OPL lines as `osmium cat -f opl` and `osmium merge-changes -f opl` write
/// them (lines below taken from their output on Data/monaco.osm.pbf and
/// Tools/make-changed-extract's change file), read and written back.
struct OSMElementTests {
    @Test func aNodeIsReadWithItsLocationTagsAndVersion() throws {
        let line =
            "n1661243595 v7 dV c0 t2021-04-21T21:21:46Z i0 u Tname=Dubernet,addr:street=Avenue%20%Albert%20%II,addr:country=MC "
            + "x7.4170116 y43.7303564"
        let node = try #require(OSMElement(opl: line))
        #expect(node.kind == .node && node.id == 1_661_243_595 && node.version == 7 && node.visible)
        #expect(node.x == 74_170_116 && node.y == 437_303_564)
        #expect(node.timestamp == "2021-04-21T21:21:46Z")
        #expect(node.decodedTags == ["name": "Dubernet", "addr:street": "Avenue Albert II", "addr:country": "MC"])
        #expect(node.opl == "n1661243595 T\(node.tags) x7.4170116 y43.7303564")
    }

    /// osmium leaves letters outside ASCII as they are (only OPL's own
    /// separators and the unprintable are escaped): fields and tags are found
    /// among the bytes around them, whatever follows a separator.
    @Test func textOutsideASCIIIsKeptWhole() throws {
        let line = "n42 v2 dV c0 t2021-04-21T21:21:46Z i0 u Tname=Caf\u{E9}%20%\u{301}Ol\u{E9},amenity=cafe,\u{301}x=\u{301} x7.4 y43.7"
        let node = try #require(OSMElement(opl: line))
        #expect(node.decodedTags == ["name": "Caf\u{E9} \u{301}Ol\u{E9}", "amenity": "cafe", "\u{301}x": "\u{301}"])
        #expect(node.x == 74_000_000 && node.y == 437_000_000)
        #expect(ElementReader.isRelevant(node))
    }

    @Test func aDeletedNodeHasNoLocationAndIsNotVisible() throws {
        let node = try #require(OSMElement(opl: "n7 v3 dD c0 t2021-04-21T21:21:46Z i0 u T x y"))
        #expect(!node.visible && node.x == nil)
        #expect(OSMElement(opl: "n7 v3 dV T") == nil, "a visible node needs its location")
    }

    @Test func waysAndRelationsKeepTheirReferences() throws {
        let way = try #require(OSMElement(opl: "w4097656 v13 dV Tlit=yes,highway=primary Nn21912089,n7265761724,n21912089"))
        #expect(way.wayNodes == [21_912_089, 7_265_761_724, 21_912_089])
        #expect(way.opl == "w4097656 Tlit=yes,highway=primary Nn21912089,n7265761724,n21912089")
        let relation = try #require(OSMElement(opl: "r393481 v9 dV Ttype=multipolygon Mw4224978@outer,w4224979@inner,n5@label"))
        #expect(relation.members.map { "\($0.kind.rawValue)\($0.id)" } == ["w4224978", "w4224979", "n5"])
    }

    @Test func locationsKeepSevenDecimalsEitherSideOfZero() {
        for text in ["7.4170116", "-0.0000001", "0", "-179.9999999", "43.7", "180"] {
            let fixed = OSMElement.fixed(Substring(text))
            #expect(fixed.map(OSMElement.decimal) == text, "\(text)")
        }
        #expect(OSMElement.fixed("1.23456789") == nil)
        #expect(OSMElement.fixed("x") == nil)
    }

    @Test func escapedTagsAreDecodedAndAnUnfinishedEscapeKept() {
        #expect(OSMElement.unescaped("Caf%e9%%20%au%2c%lait") == "Café au,lait")
        #expect(OSMElement.unescaped("100%") == "100%")
    }
}

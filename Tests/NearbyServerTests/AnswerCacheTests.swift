import Foundation
import NIOCore
import Testing

@testable import NearbyServer

/// The answer caches stay within their budget whatever the questions: keys
/// are charged as well as answers (a page cache once charged 92 bytes for an
/// entry whose key was 15 KB), and junk parameters make no new pages.
struct AnswerCacheTests {
    @Test func keysAreChargedAndLongKeysNotKept() {
        let cache = AnswerCache<String>(budget: 1 << 20, keyBytes: { $0.utf8.count })
        let loaded = Date(timeIntervalSince1970: 0)
        let answer = AnswerCache<String>.Entry(status: .ok, body: ByteBuffer(string: "{}"), expires: nil)
        for n in 0..<5_000 {
            cache.store(answer, for: "/?q=" + String(repeating: "x", count: 3_000) + "\(n)", loadedAt: loaded)
            #expect(cache.bytesKept <= 1 << 20)
        }
        #expect(cache.bytesKept > 1 << 19, "filled with what fits, not emptied for nothing")
        let long = "/?q=" + String(repeating: "y", count: 5_000)
        cache.store(answer, for: long, loadedAt: loaded)
        #expect(cache.entry(for: long, loadedAt: loaded, now: loaded) == nil)
    }

    @Test func aPagesCacheKeyHoldsOnlyWhatChangesThePage() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Monaco"))
        let plain = try PageRequest(query: "lat=43.7&lon=7.4&category=cafe&category=bar", localZone: zone)
        let junk = try PageRequest(query: "key=AIza&category=cafe&lon=7.4&_=1732550000&lat=43.7&category=bar", localZone: zone)
        #expect(plain.cacheKey == "category=cafe&category=bar&lat=43.7&lon=7.4")
        #expect(junk.cacheKey == plain.cacheKey)
        let swapped = try PageRequest(query: "lat=43.7&lon=7.4&category=bar&category=cafe", localZone: zone)
        #expect(swapped.cacheKey != plain.cacheKey, "a name's values keep their order")
        // The browser's language changes the page as lang= does.
        let german = try PageRequest(query: "lat=43.7&lon=7.4&category=cafe&category=bar", localZone: zone, acceptLanguage: "de")
        #expect(german.cacheKey == "Accept-Language: de\n" + plain.cacheKey)
        let asked = try PageRequest(query: "lat=43.7&lon=7.4&category=cafe&category=bar&lang=fr", localZone: zone, acceptLanguage: "de")
        #expect(asked.cacheKey == "category=cafe&category=bar&lang=fr&lat=43.7&lon=7.4")
    }
}

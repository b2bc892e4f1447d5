import Foundation
import Testing

@testable import NearbyKit

/// Comments, reasons and unreadable values.
@Suite("Comments and reasons")
struct OpeningStateDetailTests {
    let monday = instant("2026-03-16T10:00:00+01:00")
    let saturday = instant("2026-03-21T10:00:00+01:00")

    @Test func commentOnlyRuleIsUnknownWithItsComment() {
        let state = OpeningHours("08:00-18:00; Sa,Su \"On request\"").state(at: saturday, in: monaco)
        #expect(state.status == .unknown)
        #expect(state.comment == "On request")
        #expect(state.nextStatus == .closed)
        #expect(state.reason != nil)
    }

    @Test func commentBesideHoursKeepsThemOpen() {
        let state = OpeningHours("Mo-Fr 08:00-12:00 \"call ahead\"").state(at: monday, in: monaco)
        #expect(state.status == .open)
        #expect(state.comment == "call ahead")
    }

    @Test func curlyQuotesMakeAComment() {
        let state = OpeningHours("“sur rendez-vous”").state(at: monday, in: monaco)
        #expect(state.status == .unknown)
        #expect(state.comment == "sur rendez-vous")
    }

    @Test func holidaysAreNamedInTheReason() {
        let state = OpeningHours("Mo-Fr 08:00-19:00; PH off").state(at: monday, in: monaco)
        #expect(state.status == .open)
        #expect(state.reason?.contains("public holidays are not known") == true)
        let school = OpeningHours("Mo-Fr 08:00-19:00; SH off").state(at: monday, in: monaco)
        #expect(school.reason?.contains("school holidays are not known") == true)
        #expect(OpeningHours("Mo-Fr 08:00-19:00").state(at: monday, in: monaco).reason == nil)
    }

    @Test func sunTimesAndOpenEndsSayWhy() {
        let sun = OpeningHours("sunrise-sunset").state(at: monday, in: monaco)
        #expect(sun.status == .unknown)
        #expect(sun.reason?.contains("sunrise") == true)
        let openEnd = OpeningHours("08:00+").state(at: monday, in: monaco)
        #expect(openEnd.status == .unknown)
        #expect(openEnd.reason?.contains("open end") == true)
    }

    @Test(arguments: [
        "", "   ", ";", "Lundi-Vendredi 9h-18h", "Mo-Fr 10:00", "Mo-Fr 10:00-16:00/01:30", "Mo-Fr 25:00-26:00",
        "Mo-Fr 10:00-12:60", "\"unterminated", "Mo-Fr 10:00-18:00 |", "Mo[9] 10:00-12:00", "Dec 32 off",
        "Mo-Fr 10:00-18:00 ]", "week 60 Mo", "fermé", "2021-2019 Mo",
    ])
    func unreadableValuesAreUnknownWithAReason(_ value: String) {
        let hours = OpeningHours(value)
        #expect(!hours.isReadable)
        let state = hours.state(at: monday, in: monaco)
        #expect(state.status == .unknown)
        #expect(state.nextChange == nil)
        #expect(state.reason == hours.failureReason)
        #expect(state.reason?.isEmpty == false)
    }

    @Test func reasonsQuoteWhereReadingStopped() {
        #expect(OpeningHours("Lundi 9h-18h").failureReason == "unknown word “Lundi” in the opening hours")
        #expect(OpeningHours("Mo-Fr 10:00-18:00 ]").failureReason == "cannot read the opening hours from “]”")
        #expect(OpeningHours("").failureReason == "the opening hours are empty")
    }
}

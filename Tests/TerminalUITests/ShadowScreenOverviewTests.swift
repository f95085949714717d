import Foundation
import Testing
import TerminalUI

@Suite("The shadowing screen shows the timeline and the sentence list as the player's does")
struct ShadowScreenOverviewTests {
    /// A shadowing state with six sentence rows (`row 1` … `row 6`), `inView` the row to keep.
    static func state(inView: Int) -> ShadowScreenState {
        ShadowScreenState(sentence: "sentence 1 of 6", text: "Good morning.", next: "How are you?", pass: "pass 1/2",
                          phase: "listen", secondsLeft: 0, fractionLeft: 0, details: "speed 1× · lesson.wav", server: "",
                          serverLost: false, message: "", keys: [], timeline: "[1─2─3─4─5─6─]",
                          sections: (1...6).map { "row \($0)" }, sectionInView: inView)
    }

    @Test("80×24: the timeline below the phase, then every row in order, then the details")
    func everythingFits() throws {
        let lines = ShadowScreen.lines(for: Self.state(inView: 0), width: 80, height: 24)
        #expect(lines.count == 24)
        let phase = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "LISTEN" })
        let timeline = try #require(lines.firstIndex(of: "[1─2─3─4─5─6─]"))
        let details = try #require(lines.firstIndex(of: "speed 1× · lesson.wav"))
        #expect(phase < timeline && timeline < details)
        #expect(lines[(timeline + 1)..<details].filter { !$0.isEmpty } == (1...6).map { "row \($0)" })
    }

    @Test("40×12: the sentence and its phase stay; the list scrolls to keep the row in view")
    func scrolls() {
        let lines = ShadowScreen.lines(for: Self.state(inView: 5), width: 40, height: 12)
        #expect(lines.count == 12)
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "LISTEN" })
        let rows = lines.filter { $0.hasPrefix("row") }
        #expect(!rows.isEmpty && rows.last == "row 6" && rows == (7 - rows.count...6).map { "row \($0)" }, "\(lines)")
    }
}

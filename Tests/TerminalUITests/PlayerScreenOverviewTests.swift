import Testing
import TerminalUI

@Suite("The player's screen: the timeline and the section list, which scrolls on a short terminal")
struct PlayerScreenOverviewTests {
    /// A player's state with six section rows (`row 1` … `row 6`), `inView` the row to keep.
    static func state(inView: Int) -> PlayerScreenState {
        PlayerScreenState(file: "song.flac", position: "0:01.000 / 0:10.000", section: "section 1/6 a", pass: "pass 1/1",
                          phase: "playing", speed: "speed 1×", next: "next: b", progress: 0.1, server: "", serverLost: false,
                          message: "", keys: [], timeline: "[1─2─3─4─5─6─]", sections: (1...6).map { "row \($0)" },
                          sectionInView: inView)
    }

    @Test("80×24: the timeline below what comes next, then every row in order")
    func everythingFits() throws {
        let lines = PlayerScreen.lines(for: Self.state(inView: 0), width: 80, height: 24)
        #expect(lines.count == 24)
        let next = try #require(lines.firstIndex(of: "next: b"))
        let timeline = try #require(lines.firstIndex(of: "[1─2─3─4─5─6─]"))
        #expect(timeline > next)
        #expect(Array(lines[(timeline + 1)...].filter { !$0.isEmpty }) == (1...6).map { "row \($0)" })
    }

    @Test("40×12: four rows fit; the list scrolls to keep the row in view (the first rows, or the last ones)")
    func scrolls() {
        let top = PlayerScreen.lines(for: Self.state(inView: 0), width: 40, height: 12)
        #expect(top.count == 12)
        #expect(top.filter { $0.hasPrefix("row") } == ["row 1", "row 2", "row 3", "row 4"])
        #expect(top.contains("[1─2─3─4─5─6─]"))
        let bottom = PlayerScreen.lines(for: Self.state(inView: 5), width: 40, height: 12)
        #expect(bottom.filter { $0.hasPrefix("row") } == ["row 3", "row 4", "row 5", "row 6"])
        let middle = PlayerScreen.lines(for: Self.state(inView: 3), width: 40, height: 12)
        #expect(middle.filter { $0.hasPrefix("row") } == ["row 2", "row 3", "row 4", "row 5"])
    }
}

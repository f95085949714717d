import Player
import Testing
import WoodshedCore

@Suite("The sections overview: one row per section and a one-line timeline of the whole file")
struct SectionOverviewTests {
    /// 10 s at 48 kHz: intro 0–2 s (2 passes), verse 2–4 s and chorus 6–8 s (endless), each then next.
    static func sections() throws -> [Section] { try PlayerSessionTests.sections() }

    @Test("the timeline: each section's number where it starts, its extent, the gaps between, in 20 cells of half a second")
    func timelineOfTheFile() throws {
        #expect(SectionOverview.timeline(try Self.sections(), frames: 480_000, width: 22) == "[1───2───····3───····]")
        #expect(SectionOverview.timelineText(try Self.sections(), frames: 480_000, rate: 48_000, width: 22)
                == "0:00.000 [1───2───····3───····] 0:10.000")
    }

    @Test("the timeline while verse plays: its loop drawn heavy, the play head at 3.125 s in cell 6")
    func timelineWhilePlaying() throws {
        #expect(SectionOverview.timeline(try Self.sections(), frames: 480_000, width: 22, playHead: 150_000, playing: 1)
                == "[1───2━●━····3───····]")
    }

    @Test("the rows: number, name, A–B and plan; the section playing and the list's cursor marked")
    func rows() throws {
        #expect(SectionOverview.rows(try Self.sections(), rate: 48_000, playing: 1, cursor: 2) == [
            "  1 intro   0:00.000–0:02.000  ×2 · then next",
            "▶ 2 verse   0:02.000–0:04.000  endless · then next",
            "> 3 chorus  0:06.000–0:08.000  endless · then next",
        ])
        #expect(SectionOverview.rows(try Self.sections(), rate: 48_000, playing: 0, cursor: nil, advance: .stop)[0]
                == "▶ 1 intro   0:00.000–0:02.000  ×2 · then stop")
    }

    @Test("a section playing another plan than its saved one (play --repeat 5, a loop mode) says so on its row")
    func sessionOnlyPlan() throws {
        #expect(SectionOverview.rows(try Self.sections(), rate: 48_000, playing: 0, cursor: nil, sessionOnly: [0]) == [
            "▶ 1 intro   0:00.000–0:02.000  ×2 · then next (this session: w keeps it)",
            "  2 verse   0:02.000–0:04.000  endless · then next",
            "  3 chorus  0:06.000–0:08.000  endless · then next",
        ])
    }

    @Test("a plan in a few words: passes, gap, count-in, speeds, what follows")
    func planText() {
        let plan = RepeatPlan(repeats: .times(4), gap: .milliseconds(2_000), countInBars: 1, speedLadder: [600, 800, 1000], advance: .stop)
        #expect(SectionOverview.planText(plan) == "×4 · gap 2s · count-in 1 · speeds 0.6× 0.8× 1× · then stop")
        #expect(SectionOverview.planText(RepeatPlan(gap: .passMultiple(thousandths: 1_500), advance: .loopAll)) == "×1 · gap 1.5x · then loop all")
    }
}

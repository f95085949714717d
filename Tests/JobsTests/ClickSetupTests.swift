import Jobs
import Testing

/// The click request becomes a plan and the one-line summary `render` prints.
@Suite("ClickSetup: a click request as a plan and a summary")
struct ClickSetupTests {
    @Test("a constant tempo with a meter, bars and a count-in says all of them")
    func constant() throws {
        let setup = try ClickSetup(options: ClickRequest(tempo: "120", meter: "7/8", countIn: 1, bars: 4), lengthGivenInSeconds: false)
        #expect(setup.summary == "120 BPM 7/8, 4 bars after 1 bar of count-in")
        #expect(setup.sound == "beep")
        #expect(setup.plan.countInBars == 1)
    }

    @Test("an endless click rendered without a length gets the default 16 bars; with --seconds it stays endless")
    func endless() throws {
        let bars = try ClickSetup(options: ClickRequest(tempo: "90", sound: "woodblock"), lengthGivenInSeconds: false)
        #expect(bars.summary == "90 BPM 4/4, 16 bars")
        #expect(bars.sound == "woodblock")
        #expect(!bars.plan.map.isEndless)
        let seconds = try ClickSetup(options: ClickRequest(tempo: "90"), lengthGivenInSeconds: true)
        #expect(seconds.summary == "90 BPM 4/4")
        #expect(seconds.plan.map.isEndless)
    }
}

import Jobs
import RenderGraph
import Testing

/// `woodshed noise NAME`: a colour or a preset, the options over the preset's settings.
@Suite("NoiseChoice: colour or preset, level, time and fade")
struct NoiseChoiceTests {
    @Test("the sleep preset's settings, its time replaced by --for; a colour with the default fade, at most half the time")
    func settings() throws {
        let sleep = try NoiseChoice(name: "sleep", level: nil, duration: "10m", fade: nil)
        #expect(sleep.color == .brown)
        #expect(sleep.level == -26)
        #expect(sleep.seconds == 600)
        #expect(sleep.fadeSeconds == 120)
        let pink = try NoiseChoice(name: "pink", level: -30, duration: "12s", fade: nil)
        #expect(pink.color == .pink)
        #expect(pink.level == -30)
        #expect(pink.fadeSeconds == 6)
        let endless = try NoiseChoice(name: "white", level: nil, duration: nil, fade: nil)
        #expect(endless.seconds == nil)
        #expect(endless.fadeSeconds == 0)
        #expect(endless.level == NoiseGenerator.defaultLevel)
    }

    @Test("a fade without a time, and a name that is neither colour nor preset, are refused in one line")
    func refusals() {
        func message(_ body: () throws -> NoiseChoice) -> String {
            do { _ = try body(); return "no error" } catch { return "\(error)" }
        }
        #expect(message { try NoiseChoice(name: "pink", level: nil, duration: nil, fade: "20s") } == "--fade needs --for (the fade ends the timer)")
        #expect(message { try NoiseChoice(name: "purple", level: nil, duration: nil, fade: nil) }
                .hasPrefix("'purple' is not a noise colour, preset or sound: use white, pink, brown, or "))
    }
}

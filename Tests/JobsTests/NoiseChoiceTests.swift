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

    @Test("noise's options checked before anything opens, in order: --level and --fade, the output, then --until against --for")
    func launchCheck() {
        func problem(level: Double? = nil, fade: String? = nil, osc: UInt16? = nil, duration: String? = nil, until: String? = nil) -> String {
            let output = LiveOutputRequest(duration: duration, oscPort: osc)
            do { try NoiseLaunch(color: "pink", level: level, fade: fade, scope: false, output: output, until: until).check(); return "ok" }
            catch { return "\(error)" }
        }
        #expect(problem() == "ok")
        #expect(problem(duration: "1m") == "ok")
        #expect(problem(until: "07:00") == "ok")
        #expect(problem(level: 5, fade: "x", osc: 0) == "noise level 5 dBFS is out of range: use -90 to -12 dBFS RMS")
        #expect(problem(fade: "x", osc: 0) == "--fade takes a time such as 20s, or 0, not 'x'")
        #expect(problem(osc: 0, duration: "1m", until: "07:00") == "--osc must be a UDP port 1–65535, not 0")
        #expect(problem(duration: "1m", until: "07:00") == "give --for or --until, not both")
        #expect(problem(until: "25:00") == "--until takes a time of day such as 07:00, not '25:00'")
    }
}

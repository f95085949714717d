import Jobs
import Persistence
import Testing
import WoodshedCore

/// `--advance-when clean:MS`: the tolerance read from the option, and the speed trainer it needs
/// turned into a trainer and a constant-tempo click the trainer steps at its pass boundaries.
@Suite("--advance-when: the clean-pass trainer from a speed trainer, or one line saying why not")
struct ListeningTrainerSetupTests {
    private func problem(_ body: () throws -> Void) -> String {
        do { try body(); return "no problem" } catch let problem as OptionProblem { return problem.description } catch {
            return "not an OptionProblem: \(error)"
        }
    }

    @Test("clean:20ms and clean:12.5 are read; another word, 0 or over 100 ms is one line")
    func tolerance() throws {
        #expect(try CoachRequest.cleanWithin("clean:20ms") == 20)
        #expect(try CoachRequest.cleanWithin("clean:12.5") == 12.5)
        let form = { (t: String) in "--advance-when must be clean:MS with MS from 1 to 100 (e.g. clean:20ms), not '\(t)'" }
        for bad in ["fast", "clean:", "clean:0ms", "clean:101ms", "clean:-5ms", "tidy:20ms"] {
            #expect(problem { _ = try CoachRequest.cleanWithin(bad) } == form(bad))
        }
    }

    @Test("--advance-when or --coach-log without --coach is one line naming it; with --coach both are kept; none: no request")
    func coachOptions() throws {
        #expect(try CoachRequest.option(coach: false, advanceWhen: nil, log: nil) == nil)
        #expect(try CoachRequest.option(coach: true, advanceWhen: nil, log: nil) == CoachRequest())
        #expect(try CoachRequest.option(coach: true, advanceWhen: "clean:20ms", log: "hits.jsonl")
                == CoachRequest(cleanWithinMs: 20, log: "hits.jsonl"))
        #expect(problem { _ = try CoachRequest.option(coach: false, advanceWhen: "clean:20ms", log: "hits.jsonl") }
                == "--advance-when needs --coach (it listens on woodshed:in)")
        #expect(problem { _ = try CoachRequest.option(coach: false, advanceWhen: nil, log: "hits.jsonl") }
                == "--coach-log needs --coach (it listens on woodshed:in)")
        #expect(problem { _ = try CoachRequest.option(coach: true, advanceWhen: "fast", log: nil) }
                == "--advance-when must be clean:MS with MS from 1 to 100 (e.g. clean:20ms), not 'fast'")
    }

    @Test("80-160/10: 81 levels of 1 BPM, a pass of 10 bars; the click is an endless 80 BPM, meter and pattern kept")
    func klickForm() throws {
        let request = ClickRequest(tempo: "80-160/10", pattern: "X.x.")
        let plan = try ClickSetup(options: request, lengthGivenInSeconds: true).plan
        let setup = try ListeningTrainerSetup(request: request, plan: plan, cleanWithinMs: 20)
        #expect(setup.trainer.tempi == (80...160).map { Int64($0) * 1000 })
        #expect(setup.trainer.passBars == 10)
        #expect(setup.trainer.toleranceMs == 20)
        #expect(setup.plan.map.entries.count == 1)
        #expect(setup.plan.map.entries[0].bars == nil)
        #expect(setup.plan.map.entries[0].tempo == .constant(try Tempo(bpm: 80)))
        #expect(setup.plan.map.entries[0].pattern == plan.map.entries[0].pattern)
        #expect(setup.plan.isSingleTempo)
    }

    @Test("the speed-trainer preset: 80 to 120 in steps of 4, passes of 4 bars, its count-in kept")
    func preset() throws {
        let request = ClickRequest(preset: "speed-trainer")
        let plan = try ClickSetup(options: request, lengthGivenInSeconds: true).plan
        let setup = try ListeningTrainerSetup(request: request, plan: plan, cleanWithinMs: 15)
        #expect(setup.trainer.tempi == stride(from: 80, through: 120, by: 4).map { Int64($0) * 1000 })
        #expect(setup.trainer.passBars == 4)
        #expect(setup.plan.countInBars == 1)
        #expect(setup.plan.map.entries[0].tempo == .constant(try Tempo(bpm: 80)))
    }

    @Test("no speed trainer, a slowing one or a fractional rate: one line each")
    func refusals() throws {
        func setup(_ request: ClickRequest) throws {
            let plan = try ClickSetup(options: request, lengthGivenInSeconds: true).plan
            _ = try ListeningTrainerSetup(request: request, plan: plan, cleanWithinMs: 20)
        }
        #expect(problem { try setup(ClickRequest(tempo: "120")) }
                == "--advance-when needs a speed trainer: a tempo such as 80-160/10, or a preset with one (--preset speed-trainer)")
        #expect(problem { try setup(ClickRequest(preset: "rock-4-4")) } == "--advance-when needs a speed trainer: the preset 'rock-4-4' has no speedTrainer")
        #expect(problem { try setup(ClickRequest(tempo: "160-80/10")) }
                == "--advance-when steps the tempo up: write the speed trainer slowest first (80-160/…), not 160-80/10")
        #expect(problem { try setup(ClickRequest(tempo: "80-160/2.5")) }
                == "--advance-when steps 1 BPM a pass: the bars per BPM of 80-160/2.5 must be a whole number")
    }
}

import Persistence
import WoodshedCore

/// `--advance-when clean:MS` on a speed trainer: the `CleanPassTrainer` and the click it runs
/// (one endless constant-tempo entry at the trainer's first level, with the plan's meter,
/// pattern, count-in and gap trainer, so the trainer's steps apply live at pass boundaries).
/// The speed trainer comes from a preset's `speedTrainer` (its steps and bars) or from klick's
/// `80-160/10` (1 BPM a step, a pass of 10 bars). Main thread.
public struct ListeningTrainerSetup {
    public let trainer: CleanPassTrainer
    public let plan: ClickPlan

    /// `plan`: the click `LiveSetup` made from the same request.
    public init(request o: ClickRequest, plan: ClickPlan, cleanWithinMs: Double) throws {
        let first = plan.map.entries[0]
        let start = first.tempo.startTempo
        if let name = o.preset {
            guard let speed = try PresetLibrary().load(name: name).speedTrainer else {
                throw OptionProblem("--advance-when needs a speed trainer: the preset '\(name)' has no speedTrainer")
            }
            guard speed.limit > start else {
                throw OptionProblem("--advance-when: the speed trainer's limit \(speed.limit) must be above the starting tempo \(start)")
            }
            trainer = CleanPassTrainer(start: start, trainer: speed, toleranceMs: cleanWithinMs)
        } else if o.map == nil, let text = o.tempo, case .rampWithRate(let from, let to, let rate) = try KlickMapParser.commandLineTempo(text) {
            guard to > from else {
                throw OptionProblem("--advance-when steps the tempo up: write the speed trainer slowest first (\(to)-\(from)/…), not \(text)")
            }
            guard rate % 1000 == 0 else {
                throw OptionProblem("--advance-when steps 1 BPM a pass: the bars per BPM of \(text) must be a whole number")
            }
            let speed = SpeedTrainer(step: try Tempo(bpm: 1), everyBars: Int(rate / 1000), limit: to)
            trainer = CleanPassTrainer(start: from, trainer: speed, toleranceMs: cleanWithinMs)
        } else {
            throw OptionProblem("--advance-when needs a speed trainer: a tempo such as 80-160/10, or a preset with one (--preset speed-trainer)")
        }
        var entry = first
        entry.bars = o.bars   // --bars still ends the click
        entry.tempo = .constant(start)
        self.plan = ClickPlan(map: TempoMap(entries: [entry]), countInBars: plan.countInBars, gapTrainer: plan.gapTrainer)
    }
}

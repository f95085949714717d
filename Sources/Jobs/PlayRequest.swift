import WoodshedCore

/// What to play and how to practise it, as the user asked (`play`, `render --play`, `shadow`):
/// the section (times or a saved name), the repeat plan, speed, transpose, the click locked to
/// the music, the seam crossfade, the stretch engine. Values are the user's text. Any thread.
public struct PlayRequest: Sendable {
    public var from: String?
    public var to: String?
    public var section: String?
    public var `repeat`: String?
    public var gap: String?
    public var speed: String?
    public var plan: String?
    public var advance: String?
    public var click: String?
    public var clickOffset: String?
    public var beatsPerBar: Int
    public var crossfade: Int?
    public var transpose: String?
    public var engine: String

    public init(from: String? = nil, to: String? = nil, section: String? = nil, repeat: String? = nil, gap: String? = nil,
                speed: String? = nil, plan: String? = nil, advance: String? = nil, click: String? = nil, clickOffset: String? = nil,
                beatsPerBar: Int = 4, crossfade: Int? = nil, transpose: String? = nil, engine: String = "faster") {
        self.from = from
        self.to = to
        self.section = section
        self.repeat = `repeat`
        self.gap = gap
        self.speed = speed
        self.plan = plan
        self.advance = advance
        self.click = click
        self.clickOffset = clickOffset
        self.beatsPerBar = beatsPerBar
        self.crossfade = crossfade
        self.transpose = transpose
        self.engine = engine
    }

    /// `--transpose` in cents: -12 to 12 semitones, cents as decimals.
    public static func transposeCents(_ text: String) throws -> Int {
        guard let v = Double(text), (-12...12).contains(v) else {
            throw ValidationErrorMessage("--transpose '\(text)' is not valid: use -12 to 12 semitones")
        }
        return Int((v * 100).rounded())
    }

    /// What is wrong with the times, the click's tempo, `--speed`, `--gap` or `--plan` (of `play`,
    /// `render --play` and `shadow`), if anything: read before a file is opened.
    public static func problem(times: [String] = [], click: String? = nil, speed: String?, gap: String?, plan: String?) -> String? {
        do throws(TimingError) {
            for time in times { _ = try SourceTime(parsing: time) }
            if let click { _ = try Tempo(parsing: click) }
            if let speed { _ = try RepeatPlan.parseSpeed(speed) }
            if let gap { _ = try RepeatPlan.parseGap(gap) }
            for part in plan?.split(separator: ",") ?? [] { _ = try RepeatPlan.parseSpeed(String(part)) }
            return nil
        } catch {
            return error.description
        }
    }

    /// Every value read before a file is opened (`play`, `render --play`, `render-cost --play`):
    /// the first wrong one is a one-line problem naming the option and the value.
    public func check() throws(OptionProblem) {
        try OptionRange.checkPasses(`repeat`)
        try OptionRange.crossfade.checkOption(crossfade)
        try OptionRange.beatsPerBar.checkOption(beatsPerBar)
        guard ["faster", "finer"].contains(engine) else { throw OptionProblem("--engine must be faster or finer") }
        if section != nil && (from != nil || to != nil) { throw OptionProblem("give --section NAME or --from/--to, not both") }
        if let problem = Self.problem(times: [from, to, clickOffset].compactMap { $0 }, click: click, speed: speed, gap: gap, plan: plan) {
            throw OptionProblem(problem)
        }
        if let transpose { do { _ = try Self.transposeCents(transpose) } catch { throw OptionProblem("\(error)") } }
        if let advance, RepeatPlan.Advance(rawValue: advance) == nil {
            throw OptionProblem("--advance '\(advance)' is not valid: use next, stop or loop-all")
        }
    }
}

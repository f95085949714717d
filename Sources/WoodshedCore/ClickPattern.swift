/// Which steps of a bar (or of several bars) click, and how loud. Any thread.
///
/// A pattern lies on a grid of `stepsPerBeat` steps per beat; its length is one bar or a whole
/// number of bars (son clave: two bars of sixteenths in 4/4 is 32 steps at 4 steps per beat).
/// It repeats for as long as its tempo-map entry lasts.
public struct ClickPattern: Hashable, Sendable, CustomStringConvertible {
    public let steps: [ClickLevel]
    public let stepsPerBeat: Int

    public init(steps: [ClickLevel], stepsPerBeat: Int = 1) {
        self.steps = steps
        self.stepsPerBeat = stepsPerBeat
    }

    /// Parses letters (`X`, `x`, `o`, `.`); spaces and `|` may group bars and are ignored.
    /// The length must be a whole number of bars of `meter` at `stepsPerBeat`.
    public init(parsing text: String, meter: Meter, stepsPerBeat: Int = 1) throws(TimingError) {
        guard (1...16).contains(stepsPerBeat) else { throw .badSubdivision(stepsPerBeat) }
        var steps: [ClickLevel] = []
        for ch in text where ch != " " && ch != "|" {
            guard let level = ClickLevel(letter: ch) else {
                throw .badPattern("'\(ch)' in '\(text)' is not one of X (accent), x (normal), o (soft), . (silent)")
            }
            steps.append(level)
        }
        let bar = meter.beats * stepsPerBeat
        guard !steps.isEmpty, steps.count % bar == 0 else {
            throw .badPattern("'\(text)' has \(steps.count) steps; a bar of \(meter) has \(bar)" +
                              (stepsPerBeat > 1 ? " at \(stepsPerBeat) steps per beat" : ""))
        }
        self.init(steps: steps, stepsPerBeat: stepsPerBeat)
    }

    /// Accent on the first beat, normal clicks on the others.
    public static func standard(_ meter: Meter) -> ClickPattern {
        ClickPattern(steps: [.accent] + Array(repeating: .normal, count: meter.beats - 1))
    }

    /// Every beat normal, the first accented: what a count-in plays.
    public static func countIn(_ meter: Meter) -> ClickPattern { standard(meter) }

    /// N clicks per beat: each audible beat keeps its level and is followed by N−1 soft clicks;
    /// a silent beat stays silent with its subdivisions.
    public func subdivided(_ n: Int) throws(TimingError) -> ClickPattern {
        guard (1...16).contains(n) else { throw .badSubdivision(n) }
        guard n > 1 else { return self }
        guard stepsPerBeat == 1 else {
            throw .badPattern("a pattern on a grid of \(stepsPerBeat) steps per beat already has its subdivisions")
        }
        var out: [ClickLevel] = []
        out.reserveCapacity(steps.count * n)
        for s in steps {
            out.append(s)
            out.append(contentsOf: repeatElement(s == .silent ? .silent : .subdivision, count: n - 1))
        }
        return ClickPattern(steps: out, stepsPerBeat: n)
    }

    public var description: String { String(steps.map(\.letter)) }
}

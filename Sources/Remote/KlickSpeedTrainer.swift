import Engine
import WoodshedCore

/// klick's speed trainer (`/klick/simple/set_tempo_increment`, `set_tempo_start`,
/// `set_tempo_limit`), as klick 0.12.2's simple metronome applies it: after each beat but the
/// first of a run, the tempo grows by increment ÷ beats per bar; with a limit it stops there
/// (from either side: a negative increment slows down to it), else with a start tempo it stops
/// at the tempo set (`/klick/metro/start` then begins at the start tempo), else it runs on (to
/// Woodshed's 1–1000 BPM). Exact: the tempo after n beats is base + round(n · increment ÷
/// beats) in thousandths of a BPM, not klick's float sum. Woodshed hears each beat on the
/// control thread, so each step reaches the click at the first cycle after that (a
/// phase-continuous tempo change, as a key's). Control thread.
public struct KlickSpeedTrainer {
    /// BPM added per bar (0: off), the tempo `/klick/metro/start` begins at (0: the tempo set),
    /// and where the tempo stops (0: none).
    public private(set) var increment: Float = 0
    public private(set) var start: Float = 0
    public private(set) var limit: Float = 0
    /// klick's `tempo`: the tempo last set (not the one heard while the trainer runs).
    public private(set) var nominalMilliBPM: Int64?

    /// Where the current ramp began: its tempo, the beats per bar it steps by, the beats heard
    /// since, and the last bar and beat seen (nil: the ramp begins at the next look).
    private var base: Int64 = 0
    private var baseBeats = 4
    private var beatsHeard: Int64 = 0
    private var seen: (bar: Int64, beat: Int)?
    /// The tempo the trainer set last: another tempo means someone else changed it.
    private var lastSet: Int64?

    public init() {}

    /// The settings as klick's `set_tempo_increment`, `set_tempo_start`, `set_tempo_limit` take them;
    /// the ramp goes on from the tempo heard.
    public mutating func set(increment: Float? = nil, start: Float? = nil, limit: Float? = nil) {
        if let increment { self.increment = increment }
        if let start { self.start = start }
        if let limit { self.limit = limit }
        seen = nil
    }

    /// The tempo was set (`set_tempo`, a tap): klick's `tempo`, and the ramp goes on from it.
    public mutating func tempoSet(_ milliBPM: Int64) {
        nominalMilliBPM = milliBPM
        seen = nil
    }

    /// The tempo `/klick/metro/start` begins at: the start tempo when the trainer runs with one.
    public var startMilliBPM: Int64? {
        increment != 0 && start != 0 ? Self.milli(start) : nil
    }

    /// The run (re)starts at `milliBPM`: its first beat adds nothing, as klick's.
    public mutating func started(at milliBPM: Int64, beats: Int) {
        base = milliBPM
        baseBeats = max(beats, 1)
        beatsHeard = 0
        seen = (1, 1)
        lastSet = milliBPM
    }

    /// The tempo to set after the beats heard up to `state`; nil when it stays.
    public mutating func step(_ state: SessionState) -> Int64? {
        guard increment != 0, state.running, state.metronomeType == "simple" else { seen = nil; return nil }
        if nominalMilliBPM == nil { nominalMilliBPM = state.milliBPM }
        if let lastSet, lastSet != state.milliBPM { nominalMilliBPM = state.milliBPM; seen = nil }  // a key, a pedal
        guard let last = seen, state.beats == baseBeats else { rebase(state); return nil }
        // Wrapping: an absurd bar number (never a live session's) must not trap.
        let heard = (state.bar &- last.bar) &* Int64(state.beats) &+ Int64(state.beat &- last.beat)
        guard state.bar > 0 else { return nil }
        seen = (state.bar, state.beat)
        guard heard > 0 else { if heard < 0 { rebase(state) }; return nil }
        beatsHeard = min(beatsHeard &+ heard, 1 << 40)
        var tempo = base + Int64(ExactMath.roundDiv(Int128(beatsHeard) * Int128(Self.milli(increment)), Int128(baseBeats)))
        let bound: Int64? = limit != 0 ? Self.milli(limit) : start != 0 ? nominalMilliBPM : nil
        if let bound, increment > 0 ? tempo > bound : tempo < bound {
            tempo = bound
            base = bound; beatsHeard = 0  // klick's sum stops there: a later limit goes on from it
        }
        tempo = min(max(tempo, Tempo.allowed.lowerBound), Tempo.allowed.upperBound)
        lastSet = tempo
        return tempo == state.milliBPM ? nil : tempo
    }

    private mutating func rebase(_ state: SessionState) {
        base = state.milliBPM
        baseBeats = max(state.beats, 1)
        beatsHeard = 0
        seen = state.bar > 0 ? (state.bar, state.beat) : (1, 1)
        lastSet = state.milliBPM
    }

    static func milli(_ bpm: Float) -> Int64 { Int64((Double(bpm) * 1000).rounded()) }
}

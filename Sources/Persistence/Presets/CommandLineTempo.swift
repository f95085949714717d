import WoodshedCore

/// A tempo as klick takes it on the command line (`woodshed render FILE TEMPO`). Any thread.
public enum CommandLineTempo: Hashable, Sendable {
    /// `120`: one tempo.
    case constant(Tempo)
    /// `80-160`: a ramp over a number of bars given separately (`--bars`).
    case ramp(from: Tempo, to: Tempo)
    /// `80-160/10`: klick's speed trainer. Ramps over `rampBars` = ceil(10 × |160 − 80|) bars,
    /// then holds 160 for ever. The rate is exact: `milliBarsPerBPM` is 10 000 for 10 bars per BPM.
    case rampWithRate(from: Tempo, to: Tempo, milliBarsPerBPM: Int64)

    /// Bars of the ramp of `rampWithRate`, ceil(rate × |to − from|) computed exactly (klick uses
    /// `float`); nil for the other forms.
    public var rampBars: Int? {
        guard case .rampWithRate(let from, let to, let rate) = self else { return nil }
        let product = rate * abs(to.milliBPM - from.milliBPM)
        return Int((product + 999_999) / 1_000_000)
    }

    /// The tempo map this tempo plays, one meter and pattern throughout. `bars` is the length of
    /// a constant click (nil: endless) or of a plain ramp (required); the rate form sets its own
    /// ramp length, ends in an endless hold, and ignores `bars`.
    public func tempoMap(meter: Meter = .fourFour, pattern: ClickPattern? = nil, bars: Int? = nil) throws(MapFileError) -> TempoMap {
        func entry(_ bars: Int?, _ tempo: TempoCurve) -> TempoMapEntry {
            TempoMapEntry(bars: bars, meter: meter, tempo: tempo, pattern: pattern)
        }
        switch self {
        case .constant(let t):
            return TempoMap(entries: [entry(bars, .constant(t))])
        case .ramp(let from, let to):
            guard let bars else {
                throw MapFileError(file: nil, message: "the ramp \(from)-\(to) needs a number of bars (--bars)")
            }
            return TempoMap(entries: [entry(bars, .from(from, to: to))])
        case .rampWithRate(let from, let to, _):
            let ramp = rampBars ?? 0
            return TempoMap(entries: (ramp > 0 ? [entry(ramp, .ramp(from: from, to: to))] : []) + [entry(nil, .constant(to))])
        }
    }
}

extension KlickMapParser {
    /// Parses `120`, `80-160` or `80-160/10` (surrounding blanks allowed). Tempos are exact
    /// thousandths of a BPM; the rate is in bars per BPM, more than 0, at most three decimals.
    public static func commandLineTempo(_ text: String) throws(MapFileError) -> CommandLineTempo {
        let form = "write 120, 80-160 (a ramp over --bars) or 80-160/10 (a ramp at 10 bars per BPM, then hold)"
        let invalid = MapFileError(file: nil, message: "tempo '\(text)' is not valid: \(form)")
        let words = text.split { $0 == " " || $0 == "\t" }
        guard words.count == 1 else { throw invalid }
        if words[0].hasPrefix("-"), KlickSyntax.isNumber(words[0].dropFirst()) {
            throw MapFileError(file: nil, message: TimingError.tempoOutOfRange(String(words[0])).description)
        }
        let slash = words[0].split(separator: "/", omittingEmptySubsequences: false)
        guard slash.count <= 2, let tempoText = KlickSyntax.tempoText(slash[0]) else { throw invalid }
        switch (tempoText, slash.count) {
        case (.single(let t), 1):
            return .constant(try KlickSyntax.tempo(t))
        case (.ramp(let t1, let t2), 1):
            // A ramp from a tempo to itself is that tempo, without the need for --bars.
            let from = try KlickSyntax.tempo(t1), to = try KlickSyntax.tempo(t2)
            return from == to ? .constant(from) : .ramp(from: from, to: to)
        case (.ramp(let t1, let t2), 2):
            let rate = slash[1]
            guard KlickSyntax.isNumber(rate) else { throw invalid }
            guard let milli = KlickSyntax.thousandths(rate), (1...1_000_000).contains(milli) else {
                throw MapFileError(file: nil, message:
                    "rate '\(rate)' is not valid: use more than 0 and at most 1000 bars per BPM, with at most three decimals")
            }
            return .rampWithRate(from: try KlickSyntax.tempo(t1), to: try KlickSyntax.tempo(t2), milliBarsPerBPM: milli)
        default:
            throw invalid
        }
    }
}

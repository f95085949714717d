import Testing
import WoodshedCore
@testable import Persistence

@Suite("A tempo on the command line, as klick takes it")
struct CommandLineTempoTests {
    @Test("120 is one tempo, exact to a thousandth")
    func constant() throws {
        #expect(try KlickMapParser.commandLineTempo("120") == .constant(bpm("120")))
        #expect(try KlickMapParser.commandLineTempo(" 97.5 ") == .constant(try Tempo(milliBPM: 97_500)))
        let map = try CommandLineTempo.constant(bpm("120")).tempoMap(meter: meter("7/8"))
        #expect(map.entries == [TempoMapEntry(bars: nil, meter: meter("7/8"), tempo: .constant(bpm("120")))])
    }

    @Test("80-160 ramps over the bars given with it")
    func ramp() throws {
        let tempo = try KlickMapParser.commandLineTempo("80-160")
        #expect(tempo == .ramp(from: bpm("80"), to: bpm("160")))
        #expect(try tempo.tempoMap(bars: 8).entries == [TempoMapEntry(bars: 8, tempo: .ramp(from: bpm("80"), to: bpm("160")))])
        #expect(throws: MapFileError(file: nil, message: "the ramp 80-160 needs a number of bars (--bars)")) {
            try tempo.tempoMap()
        }
    }

    @Test("80-80 and 120.0-120 are constant tempos (no --bars needed) and click exactly as 80 and 120")
    func equalEnds() throws {
        #expect(try KlickMapParser.commandLineTempo("80-80") == .constant(bpm("80")))
        #expect(try KlickMapParser.commandLineTempo("120.0-120") == .constant(bpm("120")))
        #expect(try KlickMapParser.commandLineTempo("80-80/10") == .rampWithRate(from: bpm("80"), to: bpm("80"), milliBarsPerBPM: 10_000))
        for (text, plain) in [("80-80", "80"), ("120.0-120", "120"), ("80-80/10", "80")] {
            let map = try KlickMapParser.commandLineTempo(text).tempoMap(bars: 2).limited(toBars: 2)
            let same = try KlickMapParser.commandLineTempo(plain).tempoMap(bars: 2)
            #expect(try clickFrames(map) == clickFrames(same), "\(text)")
        }
        // A ramp built by hand with equal ends plays as the constant tempo too.
        let byHand = try CommandLineTempo.ramp(from: bpm("80"), to: bpm("80")).tempoMap(bars: 2)
        #expect(byHand.entries[0].tempo == .constant(bpm("80")))
    }

    @Test("80-160/10 ramps over ceil(10 × 80) = 800 bars, then holds 160 for ever")
    func speedTrainer() throws {
        let tempo = try KlickMapParser.commandLineTempo("80-160/10")
        #expect(tempo == .rampWithRate(from: bpm("80"), to: bpm("160"), milliBarsPerBPM: 10_000))
        #expect(tempo.rampBars == 800)
        #expect(try tempo.tempoMap(pattern: pattern("X.x.")).entries == [
            TempoMapEntry(bars: 800, tempo: .ramp(from: bpm("80"), to: bpm("160")), pattern: pattern("X.x.")),
            TempoMapEntry(bars: nil, tempo: .constant(bpm("160")), pattern: pattern("X.x.")),
        ])
    }

    @Test("the ramp length is rounded up, exactly, also for a ramp down", arguments: [
        ("120-100/0.25", 5), ("100-101.5/0.5", 1), ("100-130/0.1", 3), ("100-100.001/1", 1), ("90-90/4", 0),
    ])
    func rampBars(text: String, bars: Int) throws {
        #expect(try KlickMapParser.commandLineTempo(text).rampBars == bars)
    }

    @Test("no change of tempo means no ramp: only the hold")
    func noRamp() throws {
        let map = try KlickMapParser.commandLineTempo("90-90/4").tempoMap()
        #expect(map.entries == [TempoMapEntry(bars: nil, tempo: .constant(bpm("90")))])
    }

    static let form = "write 120, 80-160 (a ramp over --bars) or 80-160/10 (a ramp at 10 bars per BPM, then hold)"

    @Test("bad tempos say what is wrong", arguments: [
        ("fast", "tempo 'fast' is not valid: \(form)"),
        ("120/4", "tempo '120/4' is not valid: \(form)"),
        ("80-160/", "tempo '80-160/' is not valid: \(form)"),
        ("80-160/1/2", "tempo '80-160/1/2' is not valid: \(form)"),
        ("120 130", "tempo '120 130' is not valid: \(form)"),
        ("120,130", "tempo '120,130' is not valid: \(form)"),
        ("", "tempo '' is not valid: \(form)"),
        ("0", "tempo 0 is out of range: use 1 to 1000 BPM"),
        ("-120", "tempo -120 is out of range: use 1 to 1000 BPM"),
        ("-0.5", "tempo -0.5 is out of range: use 1 to 1000 BPM"),
        ("-80-160", "tempo '-80-160' is not valid: \(form)"),
        ("80-160.0005", "tempo '160.0005' has more than three decimal places"),
        ("80-160/0", "rate '0' is not valid: use more than 0 and at most 1000 bars per BPM, with at most three decimals"),
        ("80-160/0.0001", "rate '0.0001' is not valid: use more than 0 and at most 1000 bars per BPM, with at most three decimals"),
    ])
    func bad(text: String, message: String) {
        #expect(throws: MapFileError(file: nil, message: message)) { try KlickMapParser.commandLineTempo(text) }
        #expect(MapFileError(file: nil, message: message).description == message)
    }
}

import Testing
@testable import WoodshedCore

@Suite("Tempo, meter and pattern input")
struct TempoAndMeterTests {
    @Test("tempo parses exactly to thousandths")
    func parse() throws {
        #expect(try Tempo(parsing: "120").milliBPM == 120_000)
        #expect(try Tempo(parsing: "97.5").milliBPM == 97_500)
        #expect(try Tempo(parsing: "133.333").milliBPM == 133_333)
        #expect(try Tempo(parsing: "1").milliBPM == 1_000)
        #expect(try Tempo(parsing: "1000").milliBPM == 1_000_000)
        #expect(try Tempo(parsing: "60.500").milliBPM == 60_500)
    }

    @Test("tempo outside 1–1000 BPM, or not a number, is a clear error")
    func errors() {
        #expect(throws: TimingError.tempoOutOfRange("0.5")) { try Tempo(parsing: "0.5") }
        #expect(throws: TimingError.tempoOutOfRange("1001")) { try Tempo(parsing: "1001") }
        #expect(throws: TimingError.tooPrecise(what: "tempo", text: "97.1234")) { try Tempo(parsing: "97.1234") }
        #expect(throws: TimingError.notANumber(what: "tempo", text: "fast")) { try Tempo(parsing: "fast") }
        #expect(throws: TimingError.notANumber(what: "tempo", text: "-5")) { try Tempo(parsing: "-5") }
        #expect(TimingError.tempoOutOfRange("1001").description == "tempo 1001 is out of range: use 1 to 1000 BPM")
    }

    @Test("meters: any N/D, 1–64 each")
    func meters() throws {
        #expect(try Meter(parsing: "7/8") == Meter(beats: 7, denominator: 8))
        #expect(throws: TimingError.badMeter("4/0")) { try Meter(parsing: "4/0") }
        #expect(throws: TimingError.badMeter("x")) { try Meter(parsing: "x") }
    }

    @Test("patterns: one letter per beat, whole bars")
    func patterns() throws {
        let m = try Meter(parsing: "7/8")
        #expect(try ClickPattern(parsing: "X..x.x.", meter: m).steps == [.accent, .silent, .silent, .normal, .silent, .normal, .silent])
        #expect(throws: TimingError.badPattern("'X..x' has 4 steps; a bar of 7/8 has 7")) {
            try ClickPattern(parsing: "X..x", meter: m)
        }
        #expect(throws: TimingError.badPattern("'X..q.x.' in 'X..q.x.' is not one of X (accent), x (normal), o (soft), . (silent)".replacingFirst("'X..q.x.' in", with: "'q' in"))) {
            try ClickPattern(parsing: "X..q.x.", meter: m)
        }
        let sub = try ClickPattern(parsing: "X.x", meter: try Meter(parsing: "3/4")).subdivided(2)
        #expect(sub.description == "Xo..xo")
    }
}

extension String {
    func replacingFirst(_ a: String, with b: String) -> String {
        guard let r = range(of: a) else { return self }
        return replacingCharacters(in: r, with: b)
    }
}

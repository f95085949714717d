import Control
import RenderGraph
import Testing
import WoodshedCore
import WoodshedTestSupport

@Suite("Live tempo changes keep the beat phase, through the same commands as the keyboard")
struct LiveTempoChangeTests {
    @Test("↑ at 120 BPM mid-beat: the next click is where the phase says, then 121 BPM; none skipped or doubled")
    func oneStepUp() throws {
        var rig = try OfflineLiveRig(ClickSettings(milliBPM: 120_000))
        rig.session.perform(.start)
        rig.run(until: 24_000 * 2 + 10_000)          // two beats and 10 000 frames into the third
        let f = rig.frame                             // the change applies at this cycle's first frame
        rig.session.perform(.tempoStep(milliBPM: 1_000))
        rig.run(frames: 48_000 * 4)
        var oracle = LiveTempoOracle(rate: 48_000, denominator: 4, milliBPM: 120_000)
        oracle.change(to: 121_000, at: f)
        let expected = (0..<rig.beatFrames.count).map { oracle.frame(Int64($0)) }
        #expect(rig.beatFrames == expected)
        // Beats 0-2 were played at 120 BPM; beat 3, due at 72 000, was 72 000 − f away: at 121 BPM
        // it comes after 120/121 of that, and the later ones 23 801.65 frames apart.
        #expect(f >= 58_000 && f < 58_064)
        #expect(Array(expected.prefix(3)) == [0, 24_000, 48_000])
        #expect(expected[3] == f + Q(Int128(72_000 - f) * 120, 121).rounded)
        // The audio agrees with the beats reported to the display.
        #expect(onsets(rig.audio).map(Int64.init) == rig.beatFrames)
        let gaps = zip(rig.beatFrames.dropFirst(), rig.beatFrames).map { $0 - $1 }
        #expect(gaps.allSatisfy { (23_800...24_000).contains($0) })
    }

    @Test("200 tempo changes (keys, taps, set) at random cycles: every beat on the oracle's frame",
          arguments: [(48_000, 64), (44_100, 256), (96_000, 128)])
    func manyChanges(rate: Int, block: Int) throws {
        var rig = try OfflineLiveRig(ClickSettings(milliBPM: 97_000, beats: 7, denominator: 8), rate: rate, block: block)
        var oracle = LiveTempoOracle(rate: Int64(rate), denominator: 8, milliBPM: 97_000)
        var rng = SeededRandom(seed: UInt64(rate))
        rig.session.perform(.start)
        var tempo: Int64 = 97_000
        for i in 0..<200 {
            rig.run(frames: Int(rng.next() % UInt64(rate / 2)) + 1)
            let f = rig.frame
            let next: Int64
            switch i % 3 {
            case 0: next = tempo + (rng.next() % 2 == 0 ? 1_000 : -1_000); rig.session.perform(.tempoStep(milliBPM: next - tempo))
            case 1: next = tempo + (rng.next() % 2 == 0 ? 10_000 : -10_000); rig.session.perform(.tempoStep(milliBPM: next - tempo))
            default: next = 40_000 + Int64(rng.next() % 200_000) * 1 + 333; rig.session.perform(.setTempo(milliBPM: next))
            }
            let clamped = min(max(next, 1_000), 1_000_000)
            oracle.change(to: clamped, at: f)
            tempo = clamped
        }
        rig.run(frames: rate)
        let expected = (0..<rig.beatFrames.count).map { oracle.frame(Int64($0)) }
        #expect(rig.beatFrames.count > 200)
        #expect(rig.beatFrames == expected)
        let audible = onsets(rig.audio, gap: 48).map(Int64.init)
        #expect(audible == rig.beatFrames.filter { $0 < Int64(rig.audio.count) })
    }

    @Test("tap tempo: four taps 0.5 s apart set 120 BPM; a pause starts over")
    func tapTempo() {
        var tap = TapTempo(rate: TapTempo.microseconds)
        #expect(tap.tap(atSeconds: 10.0) == nil)
        #expect(tap.tap(atSeconds: 10.5) == 120_000)
        #expect(tap.tap(atSeconds: 11.0) == 120_000)
        #expect(tap.tap(atSeconds: 11.52) == 118_400)   // 1.52 s / 3 taps apart → 118.42 → 118.4 BPM
        #expect(tap.tap(atSeconds: 20.0) == nil)        // after a pause: a new run
        #expect(tap.taps == 1)
    }

    @Test("[ and ] change beats per bar at the next bar line; the beat phase goes on")
    func meterChange() throws {
        var rig = try OfflineLiveRig(ClickSettings(milliBPM: 120_000))
        rig.session.perform(.start)
        rig.run(until: 24_000 * 5 + 100)              // in bar 2, beat 2
        rig.session.perform(.beatsPerBarStep(-1))     // 3/4 from bar 3
        rig.run(frames: 24_000 * 10)
        #expect(Array(rig.beatFrames.prefix(14)) == (0..<14).map { Int64($0) * 24_000 })
        let accents = zip(rig.beatFrames, rig.beatInfo).filter { $0.1.level == ClickLevel.accent.rawValue }.map(\.0)
        #expect(Array(accents.prefix(5)) == [0, 96_000, 192_000, 264_000, 336_000])
        #expect(rig.session.settings.beats == 3)
        #expect(rig.session.liveTimelineCount == 1)   // the new timeline is alive, the old one was retired
    }

    @Test("tempo keys with a tempo map that ramps are refused and say why")
    func mapRefusesTempo() throws {
        let m = try Meter(parsing: "4/4")
        let plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: 4, meter: m, tempo: .ramp(from: try Tempo(bpm: 80), to: try Tempo(bpm: 120)))]))
        let s = LiveSession(settings: ClickSettings(), mapPlan: plan)
        _ = try s.makeRenderer(rate: 48_000)
        s.perform(.tempoStep(milliBPM: 1_000))
        #expect(s.message == "the tempo map sets the tempo")
        s.perform(.beatsPerBarStep(1))
        #expect(s.message == "the tempo map sets the meter")
    }
}

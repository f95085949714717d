import Control
import MIDI
import RenderGraph
import Testing
import WoodshedCore
import WoodshedTestSupport

/// One direction for the tempo: a JACK MIDI pedal edits it on the render thread, a key, a remote
/// or a tap on the control thread, each as a `TempoEdit` of the tempo the renderer plays; the
/// renderer reports every result and the model takes it. Whatever the order, once the notices
/// are read the two hold the same tempo.
@Suite("Pedal, key and remote tempo edits in any order: the model and the renderer agree")
struct TempoAgreementTests {
    static let rate = 48_000, block = 64

    /// Pedals: note 60 tempo up 1 BPM, 61 down 2.5, 62 set 97.5, 63 tap, controller 11 sweeps 40–240.
    static func bindings() -> [MIDIBinding] {
        [MIDIBinding(message: .note, number: 60, low: 1, action: .tempoUp, argument: 1_000, index: 0),
         MIDIBinding(message: .note, number: 61, low: 1, action: .tempoDown, argument: 2_500, index: 1),
         MIDIBinding(message: .note, number: 62, low: 1, action: .tempoSet, argument: 97_500, index: 2),
         MIDIBinding(message: .note, number: 63, low: 1, action: .tap, index: 3),
         MIDIBinding(message: .controlChange, number: 11, low: 0, action: .tempoCC, argument: 40_000, argument2: 240_000, index: 4)]
    }

    @Test("random sequences of pedals, keys, remote sets, taps, cycles and notice reads end in agreement",
          arguments: 0..<24)
    func randomSequences(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919 &+ 1)
        let session = LiveSession(settings: ClickSettings(milliBPM: 120_000), midi: MIDIControl(bindings: Self.bindings()))
        let renderer = try session.makeRenderer(rate: Self.rate)
        session.perform(.start)
        var buffer = [Float](repeating: 0, count: Self.block)
        var cycles: Int64 = 0, edits = 0
        func cycle() {
            buffer.withUnsafeMutableBufferPointer { renderer.process(frames: Self.block, click: $0.baseAddress!) }
            cycles += 1
        }
        func pedal(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) {
            _ = renderer.midiIn.tryAppend(MIDIEvent(offset: Int32(rng.next() % UInt64(Self.block)), count: 3, b0: b0, b1: b1, b2: b2))
        }
        for _ in 0..<400 {
            let seconds = Double(cycles * Int64(Self.block)) / Double(Self.rate)
            switch rng.next() % 10 {
            case 0: pedal(0x90, UInt8(60 + rng.next() % 3), 100); edits += 1
            case 1: pedal(0x90, 63, 100)
            case 2: pedal(0xB0, 11, UInt8(rng.next() % 128)); edits += 1
            case 3: session.perform(.tempoStep(milliBPM: rng.next() % 2 == 0 ? 1_000 : -10_000)); edits += 1
            case 4: session.perform(.setTempo(milliBPM: Int64(rng.next() % 1_200_000) - 100_000)); edits += 1  // some out of range
            case 5: session.perform(.tap(at: seconds))
            case 6: session.drainNotices(now: seconds)
            default: for _ in 0..<(rng.next() % 4) { cycle() }
            }
            #expect(Tempo.allowed.contains(session.settings.milliBPM) && Tempo.allowed.contains(renderer.liveTempo))
        }
        // Everything sent is applied by the next cycle; its notices are read at the next refresh.
        cycle()
        session.drainNotices(now: 1_000)
        #expect(edits > 0)
        #expect(session.settings.milliBPM == renderer.liveTempo,
                "model \(session.settings.milliBPM), renderer \(renderer.liveTempo) after \(cycles) cycles")
    }

    @Test("a key's step taken while a pedal's set is still in flight steps from the pedal's tempo, in both")
    func stepAfterPedalInFlight() throws {
        let session = LiveSession(settings: ClickSettings(milliBPM: 120_000), midi: MIDIControl(bindings: Self.bindings()))
        let renderer = try session.makeRenderer(rate: Self.rate)
        session.perform(.start)
        var buffer = [Float](repeating: 0, count: Self.block)
        _ = renderer.midiIn.tryAppend(MIDIEvent(offset: 10, count: 3, b0: 0x90, b1: 62, b2: 100))  // set 97.5
        buffer.withUnsafeMutableBufferPointer { renderer.process(frames: Self.block, click: $0.baseAddress!) }
        #expect(renderer.liveTempo == 97_500)
        session.perform(.tempoStep(milliBPM: 1_000))  // the model has not read the pedal's notice yet
        #expect(session.settings.milliBPM == 121_000)
        buffer.withUnsafeMutableBufferPointer { renderer.process(frames: Self.block, click: $0.baseAddress!) }
        session.drainNotices(now: 0)
        #expect(renderer.liveTempo == 98_500)
        #expect(session.settings.milliBPM == 98_500)
        #expect(session.message == "97.5 BPM (MIDI)")
    }

    @Test("the one clamp: steps and sets beyond 1–1000 BPM stop at its ends; a step that would overflow too")
    func clamp() {
        #expect(TempoEdit.step(milliBPM: 1_000).applied(to: 1_000_000) == 1_000_000)
        #expect(TempoEdit.step(milliBPM: -10_000).applied(to: 5_000) == 1_000)
        #expect(TempoEdit.set(milliBPM: 0).applied(to: 120_000) == 1_000)
        #expect(TempoEdit.set(milliBPM: 97_500).applied(to: 120_000) == 97_500)
        #expect(TempoEdit.step(milliBPM: .max).applied(to: 120_000) == 1_000_000)
        #expect(TempoEdit.step(milliBPM: .min).applied(to: -1) == 1_000)
    }
}

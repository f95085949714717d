import Foundation
import RenderGraph
import Sounds
import Testing
import WoodshedTestSupport

@Suite("Built-in click sounds")
struct BuiltinSoundTests {
    static let rates = [44_100, 48_000, 96_000]

    @Test("every built-in click starts with its attack on sample 0", arguments: BuiltinSound.allCases, rates)
    func attackOnFirstSample(sound: BuiltinSound, rate: Int) throws {
        let w = try sound.waves(rate: rate)
        #expect(abs(w.accent[0]) >= 0.1)
        #expect(abs(w.normal[0]) >= 0.1)
        #expect(abs(w.subdivision[0]) >= 0.03)
    }

    @Test("every built-in click lasts 20 to 80 ms, peaks at most 0.9 and ends on exactly 0",
          arguments: BuiltinSound.allCases, rates)
    func lengthPeakAndEnd(sound: BuiltinSound, rate: Int) throws {
        let w = try sound.waves(rate: rate)
        for wave in [w.accent, w.normal, w.subdivision] {
            #expect(wave.count >= rate / 50)
            #expect(wave.count <= rate * 80 / 1000)
            #expect(wave.map(abs).max()! <= 0.9)
            #expect(wave.last == 0)
            #expect(wave.allSatisfy { $0.isFinite })
        }
    }

    @Test("accent, normal and subdivision sound different: louder accent, softer and shorter subdivision",
          arguments: BuiltinSound.allCases)
    func threeTimbres(sound: BuiltinSound) throws {
        let w = try sound.waves(rate: 48_000)
        #expect(w.accent != w.normal)
        #expect(w.normal != w.subdivision)
        #expect(w.accent != w.subdivision)
        let peak = { (x: [Float]) in x.map(abs).max()! }
        #expect(peak(w.accent) > peak(w.normal))
        #expect(abs(peak(w.subdivision) / peak(w.normal) - 0.4) < 0.01)
        #expect(w.subdivision.count <= w.normal.count)
    }

    @Test("a sound has the same timing at every rate", arguments: BuiltinSound.allCases)
    func sameTimingAtEveryRate(sound: BuiltinSound) throws {
        let ms = try Self.rates.map { rate in
            let w = try sound.waves(rate: rate)
            return [w.accent.count, w.normal.count, w.subdivision.count].map { Double($0) * 1000 / Double(rate) }
        }
        for other in ms.dropFirst() {
            for (a, b) in zip(ms[0], other) { #expect(abs(a - b) < 0.05) }
        }
    }

    @Test("noise clicks come out the same on every run")
    func reproducibleNoise() throws {
        #expect(try BuiltinSound.stick.waves(rate: 44_100) == BuiltinSound.stick.waves(rate: 44_100))
        #expect(try BuiltinSound.hihat.waves(rate: 96_000) == BuiltinSound.hihat.waves(rate: 96_000))
    }

    @Test("eighth notes at 1000 BPM, clicks 30 ms apart, each found on its own frame",
          arguments: BuiltinSound.allCases, rates)
    func separableAtThirtyMilliseconds(sound: BuiltinSound, rate: Int) throws {
        let w = try sound.waves(rate: rate)
        let starts = (0..<12).map { k in Int((Double(k) * 0.03 * Double(rate)).rounded()) }
        var track = [Float](repeating: 0, count: starts.last! + rate / 10)
        for (k, start) in starts.enumerated() {
            let wave = [w.accent, w.subdivision, w.normal, w.subdivision][k % 4]
            for (i, v) in wave.enumerated() { track[start + i] += v }  // mixed, not cut off
        }
        #expect(onsets(track, gap: rate / 500) == starts)
    }

    @Test("names list every sound, beep first; names are found in any case")
    func names() throws {
        #expect(BuiltinSound.names == ["beep", "woodblock", "cowbell", "clave", "stick", "hihat", "square"])
        #expect(BuiltinSound.default == .beep)
        #expect(try BuiltinSound(named: "WoodBlock") == .woodblock)
    }

    @Test("an unknown name is refused with the list of names")
    func unknownName() {
        let error = #expect(throws: SoundError.self) { try BuiltinSound(named: "gong") }
        #expect(error?.description ==
            "unknown sound 'gong': use one of beep, woodblock, cowbell, clave, stick, hihat, square, "
            + "or a sound file (.wav, .flac, .ogg), or two as accent,normal")
    }

    @Test("click sounds for the renderer carry the rate, the name and the waves")
    func clickSounds() throws {
        let sounds = try BuiltinSound.woodblock.clickSounds(rate: 48_000)
        let w = try BuiltinSound.woodblock.waves(rate: 48_000)
        #expect(sounds.name == "woodblock")
        #expect(sounds.rate == 48_000)
        #expect(Array(sounds.waves.accent) == w.accent)
        #expect(Array(sounds.waves.subdivision) == w.subdivision)
    }

    @Test("a rate no sound can be made at is refused")
    func badRate() {
        #expect(throws: SoundError.badRate(0)) { try BuiltinSound.beep.waves(rate: 0) }
    }
}

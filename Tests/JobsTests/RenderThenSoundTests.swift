import Foundation
import Jobs
import OfflineBackend
import RenderGraph
import Testing
import WoodshedTestSupport

/// `render OUT --play FILE --then-sound rain:2s`: the song, then the sound, offline, as
/// `play --then-sound` plays it live.
@Suite("--then-sound offline: the song to its last frame, then the sound from the next block, for its time, with its fade")
struct RenderThenSoundTests {
    @Test("a 1 s song then rain:2s: the song as rendered alone, silence to the block at 48 128, then 96 000 frames of seeded rain fading over the last second; the same samples twice")
    func songThenRain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-then-sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let song = (0..<48_000).map { Float(0.25 * sin(2 * Double.pi * 440 * Double($0) / 48_000)) }
        let songPath = folder.appendingPathComponent("song.wav").path
        try TestAudio.write(songPath, song, rate: 48_000, format: 0x010006)   // WAV, 32-bit float
        func render(_ name: String, then: String? = "rain:2s") throws -> String {
            let setup = try PlaySetup(path: songPath, options: PlayRequest(), countIn: nil)
            var job = PlayRenderJob(setup: setup, rate: 48_000, seconds: nil, stems: false, sound: nil, volume: 1)
            job.thenSound = try then.map(ThenNoise.init(parsing:))
            let out = folder.appendingPathComponent(name).path
            try job.write(to: out, format: .wav32f)
            return out
        }
        let first = try render("a.wav")
        let sound = try TestAudio.read(first)
        #expect(sound.channels == 2)
        let frames = sound.interleaved.count / 2
        #expect(frames == 48_128 + 96_000)
        let left = (0..<frames).map { sound.interleaved[2 * $0] }, right = (0..<frames).map { sound.interleaved[2 * $0 + 1] }
        let stereo = left == right
        #expect(stereo)
        let alone = try TestAudio.read(try render("alone.wav", then: nil)).interleaved
        #expect(alone.count == 2 * 48_000)
        let songSame = Array(sound.interleaved[0..<(2 * 48_000)]) == alone
        #expect(songSame)
        #expect(left[48_000..<48_128].allSatisfy { $0 == 0 })
        // The rain as a generator of its own makes it: level -22 dBFS, a 1 s fade ending on the last frame.
        var rain = try NoiseGenerator(recipe: .rain(dropletsPerSecond: 12, bedCutoffHertz: 1200, dropletLowHertz: 2500, dropletHighHertz: 5000),
                                      rate: 48_000, levelDecibels: -22)
        rain.setFade(NoiseFade(endingAt: 96_000, frames: 48_000))
        var expected = [Float](repeating: 0, count: 96_000)
        expected.withUnsafeMutableBufferPointer { rain.render(into: $0.baseAddress!, frames: 96_000) }
        let rainSame = Array(left[48_128...]) == expected
        #expect(rainSame)
        #expect(left.last == 0)
        let again = try TestAudio.read(try render("b.wav")).interleaved == sound.interleaved
        #expect(again)
    }
}

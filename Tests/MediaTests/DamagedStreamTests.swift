import Foundation
import Media
import Testing
import WoodshedTestSupport

@Suite("Damage in the middle of a stream")
struct DamagedStreamTests {
    /// `path` with 3000 random bytes written over the middle of it, as `name`. Test thread.
    private func damaged(_ path: String, as name: String, in folder: TemporaryFolder) throws -> String {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        var random = SeededRandom(seed: 9)
        let middle = data.count / 2
        for i in middle..<(middle + 3_000) { data[i] = UInt8.random(in: 0...255, using: &random) }
        let out = folder.path(name)
        try data.write(to: URL(fileURLWithPath: out))
        return out
    }

    @Test("an Ogg Vorbis, Opus or M4A file damaged in the middle plays up to the damage, then silence, with the decoder's reason; no crash, no hang",
          arguments: [("ogg", "pages missing or damaged in the middle of the stream"),
                      ("opus", "pages missing or damaged in the middle of the stream"),
                      ("m4a", "Invalid data found when processing input")])
    func middleDamage(kind: String, reason: String) throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: kind == "opus" ? .opus : .vorbis, rate: 48_000, channels: 2)
        let whole = kind == "m4a" ? try m4aFixture(Fixture(format: .wav, rate: 48_000, channels: 2), pns: false, in: folder, name: "whole.m4a")
                                  : try fixture.write(in: folder)
        let undamaged = try AudioSource.open(path: whole).sequentialFrames(count: 480_000)
        let path = try damaged(whole, as: "damaged.\(kind)", in: folder)
        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == 480_000)
        let read = source.sequentialFrames(count: 480_000)
        let same = zip(read, undamaged).prefix { $0 == $1 }.count / 2
        let silentFrom = (read.lastIndex { $0 != 0 }.map { $0 / 2 + 1 }) ?? 0
        // The damage is in the middle of the bytes: the audio there, give or take a page.
        #expect(same > 150_000 && same < 260_000, "\(same)")
        #expect(silentFrom == same)
        #expect(source.readFailure == reason)
        // Reads past the damage stay silent, and a jump back before it plays again.
        #expect(source.frames(from: 300_000, count: 10) == Array(repeating: 0, count: 20))
        // (Opus: within 1e-6 after a jump, see OpusDecoder.)
        #expect(firstDifference(source.frames(from: 100_000, count: 1_000), Array(undamaged[200_000..<202_000]),
                                within: kind == "opus" ? 1e-6 : 0) == "same")
    }
}

import Coach
import Foundation
import Testing
import WoodshedTestSupport

@Suite struct OnsetDetectorTests {
    /// Runs the detector over `take` in blocks of 256 frames, as the live input does.
    func detect(_ take: [Float], rate: Int) -> [Onset] {
        let detector = try! OnsetDetector(sampleRate: rate)
        var found: [Onset] = []
        take.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                let n = min(256, b.count - i)
                found += detector.feed(UnsafeBufferPointer(rebasing: b[i..<(i + n)]))
                i += n
            }
        }
        return found + detector.finish()
    }

    @Test("each of 20 notes at 48 kHz over background noise is found within 1 ms of its first sample", arguments: [SyntheticHits.Sound.noiseBurst, .pluck, .thump])
    func burstsOnTheirFirstSample(sound: SyntheticHits.Sound) {
        let rate = 48_000
        let frames = (0..<20).map { 4_800 + $0 * 24_000 }
        let notes = frames.map { (frame: $0, sound: sound, peak: Float(0.5)) }
        let take = SyntheticHits.take(notes: notes, rate: rate, length: 4_800 + 20 * 24_000, noiseRMS: 0.0005, seed: 1)
        let found = detect(take, rate: rate)
        #expect(found.count == 20)
        for (o, f) in zip(found, frames) {
            #expect(abs(o.frame - Double(f)) <= 48, "onset \(o.frame) for a note at \(f)")
        }
    }
}

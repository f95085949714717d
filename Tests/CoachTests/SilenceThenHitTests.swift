import Coach
import Testing
import WoodshedTestSupport

/// The coach missed the first hit after two seconds of silence (issue 32). A hit after a long
/// silence — digital silence or a quiet room — is found on its first sample, like any other.
@Suite struct SilenceThenHitTests {
    @Test("a hit after 2 s (and 5 s) of digital silence or background noise is found, with the hits around it",
          arguments: [Float(0), 0.0005], SyntheticHits.Sound.allCases)
    func hitAfterSilence(noiseRMS: Float, sound: SyntheticHits.Sound) throws {
        let rate = 48_000
        // Two hits, 2 s of silence, a hit, another, 5 s of silence, a last hit.
        let notes = [0.5, 1.0, 3.25, 3.75, 8.75].map { Int($0 * Double(rate)) }
        let take = SyntheticHits.take(notes: notes.map { ($0, sound, Float(0.3)) }, rate: rate, length: rate * 10,
                                      noiseRMS: noiseRMS, seed: 21)
        let onsets = try OnsetAccuracyTests.detect(take, rate: rate)
        let match = OnsetAccuracyTests.Match(onsets: onsets, notes: notes, rate: rate)
        #expect(match.missed == [], "missed notes \(match.missed) of \(notes); onsets \(onsets.map(\.frame))")
        #expect(match.unplayed == 0)
        #expect(match.largestMs <= 3)
    }
}

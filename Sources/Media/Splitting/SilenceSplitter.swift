import Foundation

/// Worker threads only (it reads an `AudioSource`; a long file takes a while). Cuts speech into
/// sentences at its pauses, in exact source frames.
///
/// 1. One streaming pass measures the power of every 10 ms window (`WindowLevels`).
/// 2. A window is silent below the threshold. A run of silent windows at least `minSilence`
///    long is a pause; the audio before the first loud window and after the last one is too.
///    Shorter runs (a comma, a stop consonant) stay inside their sentence.
/// 3. Each sentence's speech runs from its first to its last frame at or above the threshold,
///    found by reading the edge windows again frame by frame (the search reaches one window
///    into the pause, never past its middle).
/// 4. Speech shorter than `minSentence` is joined to the neighbour across the shorter pause
///    (the earlier one on a tie), shortest first, until none is left or only one sentence.
/// 5. Each sentence gets `padBefore` and `padAfter`, clipped to the audio. Where the pads of
///    two neighbours would meet, the pause is shared in proportion to them (the middle, for
///    equal pads), so no section reaches into its neighbour's speech.
public struct SilenceSplitter: Sendable {
    public let settings: SplitSettings

    /// Throws, naming the option, when a setting is out of range.
    public init(settings: SplitSettings = SplitSettings()) throws(SplitSettingError) {
        try settings.validate()
        self.settings = settings
    }

    /// The sentences of `source`. `progress` is called on this thread with fractions from 0 to 1
    /// while the file is read.
    public func split(_ source: AudioSource, progress: ((Double) -> Void)? = nil) -> SilenceSplit {
        let rate = source.info.rate
        let levels = WindowLevels(source: source, window: SplitSettings.window(rate: rate), progress: progress)
        let loudest = levels.power.max() ?? 0
        let threshold: Double
        switch settings.threshold {
        case .absolute(let db): threshold = pow(10, db / 10)
        case .belowLoudest(let db): threshold = Double(loudest) * pow(10, -db / 10)
        }
        // Digital silence (loudest 0) has no speech even 120 dB below its loudest window.
        var speech = loudest == 0 ? [] : loudRuns(levels, threshold: threshold, rate: rate).map { run in
            refined(run, source: source, window: levels.window, threshold: threshold)
        }
        joinShort(&speech, least: SplitSettings.frames(atLeast: settings.minSentence, rate: rate))
        let sentences = padded(speech, frames: levels.frames, rate: rate)
        func decibels(_ p: Double) -> Double { p > 0 ? 10 * log10(p) : -.infinity }
        return SilenceSplit(sentences: sentences, thresholdDecibels: decibels(threshold),
                            loudestDecibels: decibels(Double(loudest)), frames: levels.frames, rate: rate)
    }

    /// A stretch of loud windows between pauses, with the frames its edges may be searched in.
    struct LoudRun {
        /// First and last loud window.
        var first: Int, last: Int
        /// The search for the first loud frame starts here; the one for the last ends before `searchEnd`.
        var searchStart: Int64, searchEnd: Int64
    }

    /// The loud stretches between pauses (silent runs of at least `minSilence`), in order. A
    /// stretch never searches past the middle of the pause beside it, nor more than a window in.
    func loudRuns(_ levels: WindowLevels, threshold: Double, rate: Int) -> [LoudRun] {
        let w = Int64(levels.window), minSilence = SplitSettings.frames(atLeast: settings.minSilence, rate: rate)
        func frame(_ k: Int) -> Int64 { min(max(Int64(k) * w, 0), levels.frames) }
        var runs: [LoudRun] = []
        var current: LoudRun?
        for k in levels.power.indices where Double(levels.power[k]) >= threshold {
            guard var run = current else {
                current = LoudRun(first: k, last: k, searchStart: frame(k - 1), searchEnd: 0)
                continue
            }
            // Windows run.last + 1 ..< k are silent.
            if frame(k) - frame(run.last + 1) >= minSilence {
                let middle = (frame(run.last + 1) + frame(k)) / 2
                run.searchEnd = min(frame(run.last + 2), middle)
                runs.append(run)
                current = LoudRun(first: k, last: k, searchStart: max(frame(k - 1), middle), searchEnd: 0)
            } else {
                run.last = k
                current = run
            }
        }
        if var run = current {
            run.searchEnd = frame(run.last + 2)
            runs.append(run)
        }
        return runs
    }

    /// The run's speech: its first and one past its last frame whose power reaches the
    /// threshold. The loud windows hold such frames (a mean reaches the threshold only if one
    /// frame does); the window beside each edge may add a few.
    func refined(_ run: LoudRun, source: AudioSource, window: Int, threshold: Double) -> (start: Int64, end: Int64) {
        func loudFrames(from: Int64, to: Int64) -> [Int64] {
            let n = Int(to - from)
            guard n > 0 else { return [] }
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * n)
            defer { buffer.deallocate() }
            source.read(from: from, count: n, into: buffer)
            return (0..<n).filter { j in
                let l = Double(buffer[2 * j]), r = Double(buffer[2 * j + 1])
                return (l * l + r * r) / 2 >= threshold
            }.map { from + Int64($0) }
        }
        let w = Int64(window)
        let head = loudFrames(from: run.searchStart, to: min(Int64(run.first + 1) * w, run.searchEnd))
        let tail = loudFrames(from: max(Int64(run.last) * w, run.searchStart), to: run.searchEnd)
        // Both are non-empty (see above); the fallbacks only guard against a read that failed.
        let start = head.first ?? Int64(run.first) * w
        let end = (tail.last ?? min(Int64(run.last + 1) * w, run.searchEnd) - 1) + 1
        return (start, max(end, start + 1))
    }

    /// Joins speech shorter than `least` frames to a neighbour, shortest first.
    func joinShort(_ speech: inout [(start: Int64, end: Int64)], least: Int64) {
        while speech.count > 1 {
            let short = speech.indices.filter { speech[$0].end - speech[$0].start < least }
            guard let i = short.min(by: { speech[$0].end - speech[$0].start < speech[$1].end - speech[$1].start }) else { return }
            let before = i > 0 ? speech[i].start - speech[i - 1].end : Int64.max
            let after = i + 1 < speech.count ? speech[i + 1].start - speech[i].end : Int64.max
            let j = before <= after ? i - 1 : i + 1
            let (a, b) = (min(i, j), max(i, j))
            speech[a] = (speech[a].start, speech[b].end)
            speech.remove(at: b)
        }
    }

    /// The sections: speech with its padding, sharing the pause where neighbours' pads meet.
    func padded(_ speech: [(start: Int64, end: Int64)], frames: Int64, rate: Int) -> [SplitSentence] {
        let before = SplitSettings.frames(atMost: settings.padBefore, rate: rate)
        let after = SplitSettings.frames(atMost: settings.padAfter, rate: rate)
        var sentences = speech.map { s in
            SplitSentence(start: max(0, s.start - before), end: min(frames, s.end + after), speechStart: s.start, speechEnd: s.end)
        }
        for i in sentences.indices.dropLast() {
            let gap = sentences[i + 1].speechStart - sentences[i].speechEnd
            guard before + after > gap else { continue }
            let cut = sentences[i].speechEnd + Int64(Int128(gap) * Int128(after) / Int128(before + after))
            sentences[i].end = min(sentences[i].end, cut)
            sentences[i + 1].start = max(sentences[i + 1].start, cut)
        }
        return sentences
    }
}

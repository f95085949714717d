import CSndFile
import Foundation
import Media
import Testing
import WoodshedTestSupport

/// Test thread. A file of "speech" made of square-wave bursts (every frame at ±`level`) at exact
/// frames, silence (or `noise`: uniform, below −40 dBFS on every frame) between, written as a
/// float WAV so every sample reads back as written.
private struct Bursts {
    var rate = 48_000
    var frames: Int
    /// First and one-past-last frame of each burst.
    var bursts: [(Int, Int)]
    var level: Float = 0.25
    var noise: Float = 0
    /// Right channel = −left (a stereo file in opposite phase) when true; else mono.
    var antiPhase = false

    func write(in folder: TemporaryFolder, _ name: String = "bursts.wav") throws -> AudioSource {
        var random = SeededRandom(seed: 6)
        var mono = (0..<frames).map { _ in noise * (Float(random.next() >> 40) / Float(1 << 24) * 2 - 1) }
        for (a, b) in bursts { for i in a..<b { mono[i] += (i % 2 == 0 ? level : -level) } }
        let samples = antiPhase ? mono.flatMap { [$0, -$0] } : mono
        let path = folder.path(name)
        try writeSound(samples, to: path, rate: rate, channels: antiPhase ? 2 : 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
        return try AudioSource.open(path: path)
    }
}

/// Frames of `ms` milliseconds at 48 kHz.
private func ms(_ ms: Int) -> Int { ms * 48 }

/// A sentence from `start` to `end` whose speech is `speechStart..<speechEnd` (frames).
private func sentence(_ start: Int, _ end: Int, speech speechStart: Int, _ speechEnd: Int) -> SplitSentence {
    SplitSentence(start: Int64(start), end: Int64(end), speechStart: Int64(speechStart), speechEnd: Int64(speechEnd))
}

@Suite("Silence splitting: sentences found on pauses, in exact frames")
struct SilenceSplitTests {
    static let lessonTexts = [
        "Good morning, everyone.",
        "The weather is lovely today, and the sun is warm.",
        "Where is the station?",
        "I would like a cup of coffee, please.",
        "Thank you very much for your help.",
    ]
    /// Before the first sentence, between each two, after the last.
    static let lessonPauses = [0.5, 0.6, 0.75, 0.9, 0.65, 0.8]

    @Test("espeak-ng sentences joined by known pauses, with noise and comma pauses: one section per sentence, all of its speech, none of its neighbours', at most 150 ms of padding")
    func spokenLesson() throws {
        let folder = try TemporaryFolder()
        let lesson = try SpokenLesson(Self.lessonTexts, pauses: Self.lessonPauses, noise: -60, folder: folder.url)
        // The comma sentences really pause inside (so the test means something), for less than 350 ms.
        for k in [0, 1, 3] {
            #expect((100..<350).contains(lesson.sentences[k].longestInnerPause),
                    "'\(lesson.sentences[k].text)': comma pause \(lesson.sentences[k].longestInnerPause) ms")
        }
        let path = folder.path("lesson.wav")
        try lesson.writeWAV(to: path)
        let source = try AudioSource.open(path: path)
        let split = try SilenceSplitter().split(source)

        let rate = Int64(lesson.rate)
        #expect(split.sentences.count == lesson.sentences.count)
        guard split.sentences.count == lesson.sentences.count else { return }
        for (k, (found, said)) in zip(split.sentences, lesson.sentences).enumerated() {
            let speechStart = Int64(said.speechStart), speechEnd = Int64(said.speechEnd)
            let before = speechStart - found.start, after = found.end - speechEnd
            print(String(format: "sentence %d: %.3f–%.3f s, speech %.3f–%.3f s, padding %lld frames (%.1f ms) before, %lld (%.1f ms) after: %@",
                         k + 1, Double(found.start) / Double(rate), Double(found.end) / Double(rate),
                         Double(speechStart) / Double(rate), Double(speechEnd) / Double(rate),
                         before, Double(before) * 1000 / Double(rate), after, Double(after) * 1000 / Double(rate), said.text))
            // All of its speech.
            #expect(before >= 0 && after >= 0, "sentence \(k + 1) clipped: \(before) frames before, \(after) after")
            // At most 150 ms of padding: frames · 10⁶ ≤ 150 000 µs · rate, exactly.
            #expect(before * 1_000_000 <= 150_000 * rate, "sentence \(k + 1): \(before) frames of padding before")
            #expect(after * 1_000_000 <= 150_000 * rate, "sentence \(k + 1): \(after) frames of padding after")
            // None of its neighbours' speech.
            if k > 0 { #expect(found.start >= Int64(lesson.sentences[k - 1].speechEnd), "sentence \(k + 1) reaches back") }
            if k + 1 < lesson.sentences.count {
                #expect(found.end <= Int64(lesson.sentences[k + 1].speechStart), "sentence \(k + 1) reaches forward")
            }
        }
    }

    @Test("every edge on its exact frame, anywhere in a window: speech ± 150 ms, cut at the end of the audio")
    func exactFrames() throws {
        let folder = try TemporaryFolder()
        let source = try Bursts(frames: ms(7000), bursts: [(48_123, 96_007), (120_001, 170_999), (250_017, 251_000 + ms(700)),
                                                                 (ms(6300), ms(6900))], noise: 0.005).write(in: folder)
        let split = try SilenceSplitter().split(source)
        #expect(split.sentences == [
            sentence(48_123 - 7_200, 96_007 + 7_200, speech: 48_123, 96_007),
            sentence(120_001 - 7_200, 170_999 + 7_200, speech: 120_001, 170_999),
            sentence(250_017 - 7_200, 251_000 + ms(700) + 7_200, speech: 250_017, 251_000 + ms(700)),
            sentence(ms(6300) - 7_200, ms(7000), speech: ms(6300), ms(6900)),   // cut at the end of the audio
        ])
        #expect(split.frames == Int64(ms(7000)) && split.rate == 48_000)
        #expect(split.thresholdDecibels == -40)
        #expect(abs(split.loudestDecibels - 20 * log10(0.25)) < 0.1)
    }

    @Test("a pause of exactly --min-silence splits; one window less stays inside the sentence")
    func minimumPause() throws {
        let folder = try TemporaryFolder()
        // Pauses of 350 ms and 340 ms, on window edges.
        let source = try Bursts(frames: ms(4000), bursts: [(ms(500), ms(1200)), (ms(1550), ms(2200)), (ms(2540), ms(3300))])
            .write(in: folder)
        let split = try SilenceSplitter().split(source)
        #expect(split.sentences.map { [$0.speechStart, $0.speechEnd] } == [[ms(500), ms(1200)], [ms(1550), ms(3300)]].map { $0.map(Int64.init) })
        // Split between: each takes half of the 350 ms pause (175 ms > 150 ms: the full pad).
        #expect(split.sentences.map(\.start) == [Int64(ms(350)), Int64(ms(1400))])
        #expect(split.sentences.map(\.end) == [Int64(ms(1350)), Int64(ms(3450))])
    }

    @Test("speech shorter than --min-sentence is joined to the nearer neighbour, never dropped")
    func shortSpeechJoined() throws {
        let folder = try TemporaryFolder()
        let source = try Bursts(frames: ms(8000), bursts: [
            (ms(500), ms(800)),      // short, first: joined to the next
            (ms(1300), ms(2500)),
            (ms(3000), ms(3200)),    // short: 500 ms pause before, 400 ms after: joined to the next
            (ms(3600), ms(4800)),
            (ms(5800), ms(6200)),    // short, last: joined to the one before
        ]).write(in: folder)
        let split = try SilenceSplitter().split(source)
        // Shortest first: the 200 ms one joins the next (400 ms away, not 500), the first joins the
        // second, and the last joins the one the 200 ms one is now part of.
        #expect(split.sentences.map { [$0.speechStart, $0.speechEnd] } == [[ms(500), ms(2500)], [ms(3000), ms(6200)]].map { $0.map(Int64.init) })

        // One short sentence alone is kept.
        let alone = try Bursts(frames: ms(2000), bursts: [(ms(900), ms(1000))]).write(in: folder, "alone.wav")
        #expect(try SilenceSplitter().split(alone).sentences == [sentence(ms(750), ms(1150), speech: ms(900), ms(1000))])
    }

    @Test("where the pads would meet, the pause is shared in proportion to them")
    func sharedPause() throws {
        let folder = try TemporaryFolder()
        let source = try Bursts(frames: ms(3000), bursts: [(ms(100), ms(1000)), (ms(1400), ms(2500))]).write(in: folder)
        var settings = SplitSettings()
        settings.padBefore = 300_000
        settings.padAfter = 100_000
        let split = try SilenceSplitter(settings: settings).split(source)
        // 400 ms pause, pads 100 + 300: cut at 1000 + 400 · 100 / 400 = 1100 ms.
        #expect(split.sentences == [
            sentence(0, ms(1100), speech: ms(100), ms(1000)),
            sentence(ms(1100), ms(2600), speech: ms(1400), ms(2500)),
        ])
    }

    @Test("quiet material: -40dB finds nothing, peak-30dB finds the sentences")
    func relativeThreshold() throws {
        let folder = try TemporaryFolder()
        // Speech at −50 dBFS, noise below −90 dBFS.
        let source = try Bursts(frames: ms(3000), bursts: [(ms(200), ms(1000)), (ms(1600), ms(2500))], level: 0.00316, noise: 0.00003)
            .write(in: folder)
        #expect(try SilenceSplitter().split(source).sentences == [])
        var settings = SplitSettings()
        settings.threshold = try SilenceThreshold(parsing: "peak-30dB")
        let split = try SilenceSplitter(settings: settings).split(source)
        #expect(split.sentences.map(\.speechStart) == [Int64(ms(200)), Int64(ms(1600))])
        #expect(split.sentences.map(\.speechEnd) == [Int64(ms(1000)), Int64(ms(2500))])
        #expect(abs(split.thresholdDecibels - (20 * log10(0.00316) - 30)) < 0.01)
    }

    @Test("stereo in opposite phase is not silence (power, not a sum, is mixed)")
    func antiPhase() throws {
        let folder = try TemporaryFolder()
        let source = try Bursts(frames: ms(2000), bursts: [(ms(500), ms(1500))], antiPhase: true).write(in: folder)
        #expect(try SilenceSplitter().split(source).sentences.map(\.speechStart) == [Int64(ms(500))])
    }

    @Test("digital silence: no sentences, loudest −∞; progress goes up to 1")
    func silenceAndProgress() throws {
        let folder = try TemporaryFolder()
        let source = try Bursts(frames: ms(70_000), bursts: []).write(in: folder)
        var seen: [Double] = []
        let split = try SilenceSplitter().split(source) { seen.append($0) }
        #expect(split.sentences == [] && split.loudestDecibels == -.infinity)
        // 70 s read in blocks of 256 windows (2.56 s): 28 calls, rising, the last 1.
        #expect(seen.count == 28 && seen == seen.sorted() && seen.last == 1)
    }

    @Test("thresholds: dBFS or below the loudest part; anything else is refused with the option named")
    func thresholds() throws {
        #expect(try SilenceThreshold(parsing: "-40dB") == .absolute(decibels: -40))
        #expect(try SilenceThreshold(parsing: "-40") == .absolute(decibels: -40))
        #expect(try SilenceThreshold(parsing: "-42.5DB") == .absolute(decibels: -42.5))
        #expect(try SilenceThreshold(parsing: "peak-30dB") == .belowLoudest(decibels: 30))
        #expect(try SilenceThreshold(parsing: "Peak-12.25db") == .belowLoudest(decibels: 12.25))
        #expect(try SilenceThreshold(parsing: "-42.5dB").description == "-42.5dB")
        #expect(try SilenceThreshold(parsing: "peak-12.25dB").description == "peak-12.25dB")
        #expect(SilenceThreshold.absolute(decibels: -40).description == "-40dB")
        let general = "--threshold takes a level in dBFS such as -40dB, or one below the loudest part such as peak-30dB, not "
        for (text, error) in [
            ("loud", general + "'loud'"), ("-40 dB", general + "'-40 dB'"), ("-4e1dB", general + "'-4e1dB'"),
            ("-40.125dB", general + "'-40.125dB'"), ("", general + "''"), ("dB", general + "'dB'"),
            ("40dB", "--threshold: a level must be below 0 dBFS and at least -120 dBFS, not '40dB'"),
            ("0dB", "--threshold: a level must be below 0 dBFS and at least -120 dBFS, not '0dB'"),
            ("-121dB", "--threshold: a level must be below 0 dBFS and at least -120 dBFS, not '-121dB'"),
            ("peak30dB", "--threshold: peak-NdB must be 0.01 to 120 dB below the loudest part, not 'peak30dB'"),
        ] {
            #expect(throws: SplitSettingError(error)) { try SilenceThreshold(parsing: text) }
        }
    }

    @Test("durations: pads round down to whole frames, minimums up; out of range is refused")
    func durations() throws {
        #expect(SplitSettings.frames(atMost: 150_000, rate: 22_050) == 3_307)
        #expect(SplitSettings.frames(atLeast: 150_000, rate: 22_050) == 3_308)
        #expect(SplitSettings.frames(atMost: 150_000, rate: 48_000) == 7_200)
        #expect(SplitSettings.frames(atLeast: 150_000, rate: 48_000) == 7_200)
        #expect(SplitSettings.window(rate: 22_050) == 221 && SplitSettings.window(rate: 44_100) == 441)
        var s = SplitSettings()
        s.minSilence = 0
        #expect(throws: SplitSettingError("--min-silence must be more than 0")) { try SilenceSplitter(settings: s) }
        s = SplitSettings()
        s.padAfter = -1
        #expect(throws: SplitSettingError("--pad-after must be 0 or more")) { try SilenceSplitter(settings: s) }
    }
}

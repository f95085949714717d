import CSndFile
import Foundation

/// Test thread. A lesson of synthetic speech for the silence-splitting tests: sentences spoken
/// by espeak-ng, each cut to its speech, joined by silences of known length, with low noise
/// over all of it. Where each sentence's speech is comes from the pieces, not from a detector.
public struct SpokenLesson {
    /// One sentence and where its speech is in the lesson.
    public struct Sentence {
        public let text: String
        /// The first frame of its speech.
        public let speechStart: Int
        /// One past the last frame of its speech.
        public let speechEnd: Int
        /// The longest run of whole 10 ms windows below −40 dBFS inside the speech, in
        /// milliseconds (a comma's pause).
        public let longestInnerPause: Int
    }

    /// Speech is every sample of a piece whose magnitude is above this: −60 dBFS, the level of
    /// the noise mixed in. Each piece runs from its first to its last such sample.
    public static let speechLevel: Float = 0.001

    public let rate: Int
    /// Mono.
    public let samples: [Float]
    public let sentences: [Sentence]

    /// Speaks `texts` with espeak-ng (files in `folder`) and joins them: `pauses[0]` seconds of
    /// silence before the first, `pauses[k]` between sentence k and k + 1, and the last of the
    /// `texts.count + 1` pauses after the last. Then adds Gaussian noise of `noise` dBFS RMS
    /// (reproducible from `seed`) to every sample.
    public init(_ texts: [String], pauses: [Double], noise: Double = -60, seed: UInt64 = 6, folder: URL) throws {
        precondition(pauses.count == texts.count + 1, "SpokenLesson: one pause more than sentences")
        var rate = 0
        var samples: [Float] = []
        var sentences: [Sentence] = []
        for (k, text) in texts.enumerated() {
            let spoken = try Self.speak(text, into: folder.appendingPathComponent("sentence\(k + 1).wav"))
            guard rate == 0 || spoken.rate == rate else { throw SpokenLessonError("espeak-ng changed its rate") }
            rate = spoken.rate
            guard let first = spoken.samples.firstIndex(where: { abs($0) > Self.speechLevel }),
                  let last = spoken.samples.lastIndex(where: { abs($0) > Self.speechLevel }) else {
                throw SpokenLessonError("espeak-ng said nothing for '\(text)'")
            }
            samples += [Float](repeating: 0, count: Int((pauses[k] * Double(rate)).rounded()))
            let piece = Array(spoken.samples[first...last])
            sentences.append(Sentence(text: text, speechStart: samples.count, speechEnd: samples.count + piece.count,
                                      longestInnerPause: Self.longestPause(piece, rate: rate)))
            samples += piece
        }
        samples += [Float](repeating: 0, count: Int((pauses[texts.count] * Double(rate)).rounded()))
        var random = SeededRandom(seed: seed)
        let sigma = Float(pow(10, noise / 20))
        for i in samples.indices { samples[i] += sigma * random.gaussian() }
        self.rate = rate
        self.samples = samples
        self.sentences = sentences
    }

    /// Writes the lesson as a mono 16-bit WAV file (each sample rounded to x·32768).
    public func writeWAV(to path: String) throws {
        try TestAudio.write(path, samples.map(TestAudio.int16), rate: rate)
    }

    /// Runs `espeak-ng -w FILE TEXT` and reads its mono 16-bit WAV.
    public static func speak(_ text: String, into file: URL) throws -> (rate: Int, samples: [Float]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["espeak-ng", "-w", file.path, text]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let said = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw SpokenLessonError("espeak-ng failed (status \(p.terminationStatus)): \(String(decoding: said, as: UTF8.self))"
                + " — is it installed? scripts/setup.sh's test packages need espeak-ng")
        }
        return try readWAV(file.path)
    }

    /// The samples of espeak-ng's mono 16-bit PCM WAV file.
    static func readWAV(_ path: String) throws -> (rate: Int, samples: [Float]) {
        let sound: TestAudio.Sound
        do { sound = try TestAudio.read(path) } catch { throw SpokenLessonError("espeak-ng wrote no WAV file (\(error))") }
        guard sound.channels == 1, sound.format == Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16) else { throw SpokenLessonError("not mono 16-bit PCM") }
        return (sound.rate, sound.interleaved)
    }

    /// The longest run of whole 10 ms windows whose RMS is below −40 dBFS, in milliseconds.
    static func longestPause(_ x: [Float], rate: Int) -> Int {
        let w = rate / 100
        var run = 0, longest = 0
        for k in 0..<(x.count / w) {
            let power = x[(k * w)..<((k + 1) * w)].reduce(0) { $0 + Double($1) * Double($1) } / Double(w)
            run = power < 1e-4 ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest * 10
    }
}

import CSndFile
import Foundation
import Sounds
import Synchronization
import Testing

@Suite("Loading click samples")
struct SampleLoaderTests {
    @Test("a 10 ms click recorded at 44.1 kHz loads at 48 kHz, longer by 48000/44100, attack first")
    func resampledToOutputRate() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("click.wav")
        try writeSound(decayingSine(seconds: 0.010, rate: 44_100), to: path, rate: 44_100)
        let wave = try SampleLoader.load(path: path, rate: 48_000)
        #expect(abs(wave.count - 480) <= 2)
        #expect(abs(wave[0]) >= 0.1)
    }

    @Test("a sample at the output rate is kept as it is")
    func sameRateUntouched() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("click.wav")
        let click = decayingSine(seconds: 0.010, rate: 48_000)
        try writeSound(click, to: path, rate: 48_000, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
        #expect(try SampleLoader.load(path: path, rate: 48_000) == click)
    }

    @Test("leading silence is cut so the onset sits on the click's frame")
    func leadingSilenceTrimmed() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("late.flac")
        let click = decayingSine(seconds: 0.010, rate: 44_100)
        try writeSound([Float](repeating: 0, count: 441) + click, to: path, rate: 44_100,
                       format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16))
        let wave = try SampleLoader.load(path: path, rate: 44_100)
        #expect(wave.count == click.count)
        #expect(abs(wave[0] - click[0]) < 0.001)
    }

    @Test("a stereo sample is mixed to mono")
    func stereoToMono() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("stereo.wav")
        let click = decayingSine(seconds: 0.010, rate: 48_000)
        let interleaved = click.flatMap { [$0, $0 / 2] }
        try writeSound(interleaved, to: path, rate: 48_000, channels: 2,
                       format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
        let wave = try SampleLoader.load(path: path, rate: 48_000)
        #expect(wave.count == click.count)
        for (a, b) in zip(wave, click) { #expect(abs(a - b * 0.75) < 1e-6) }
    }

    @Test("one file plays accent and normal clicks, its half-level copy the subdivisions")
    func oneFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("click.wav")
        try writeSound(decayingSine(seconds: 0.010, rate: 48_000), to: path, rate: 48_000)
        let w = try SampleLoader.waves(paths: [path], rate: 48_000)
        #expect(w.accent == w.normal)
        #expect(w.subdivision == w.normal.map { $0 * 0.5 })
        #expect(w.rate == 48_000)
    }

    @Test("two files are accent, then normal")
    func twoFiles() throws {
        let dir = try TemporaryDirectory()
        let accent = dir.path("accent.wav"), normal = dir.path("normal.wav")
        try writeSound(decayingSine(seconds: 0.012, rate: 44_100, frequency: 1500), to: accent, rate: 44_100)
        try writeSound(decayingSine(seconds: 0.008, rate: 44_100, level: 0.5), to: normal, rate: 44_100)
        let sounds = try SampleLoader.clickSounds(paths: [accent, normal], rate: 96_000)
        #expect(sounds.name == "accent.wav,normal.wav")
        #expect(abs(sounds.waves.accent.count - 529 * 96_000 / 44_100) <= 2)  // 12 ms
        #expect(abs(sounds.waves.normal.count - 353 * 96_000 / 44_100) <= 2)  // 8 ms
        #expect(abs(sounds.waves.accent[0]) >= 0.1)
        #expect(abs(sounds.waves.normal[0]) >= 0.1)
        #expect(Array(sounds.waves.subdivision) == sounds.waves.normal.map { $0 * 0.5 })
    }

    @Test("a missing file names the path and the system's reason")
    func missingFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("x.wav")
        let error = #expect(throws: SoundError.self) { try SampleLoader.load(path: path, rate: 48_000) }
        #expect(error?.description == "cannot open sound file '\(path)': No such file or directory")
    }

    @Test("a text file named .wav is refused in one line")
    func textFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("notes.wav")
        try "these are not samples\nreally not\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: SoundError.self) { try SampleLoader.load(path: path, rate: 48_000) }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("cannot read sound file '\(path)': "))
        #expect(!text.contains("\n"))
    }

    @Test("a refused file's descriptor is closed once: files other threads open meanwhile stay readable")
    func refusalClosesOnce() throws {
        // libsndfile closes the descriptor of a failed sf_open_fd itself; closing it again
        // closed another thread's file that had just been given the same number (seen in CI
        // as "Format not recognised" on a good file).
        let dir = try TemporaryDirectory()
        let bad = dir.path("notes.wav"), good = dir.path("click.wav")
        try "these are not samples\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let click = decayingSine(seconds: 0.010, rate: 48_000)
        try writeSound(click, to: good, rate: 48_000, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            for _ in 0..<400 {
                if k % 2 == 0 {
                    _ = try? SampleLoader.load(path: bad, rate: 48_000)
                } else {
                    do {
                        let wave = try SampleLoader.load(path: good, rate: 48_000)
                        if wave != click { failures.withLock { $0.append("a different wave") } }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        let seen = failures.withLock { $0 }
        #expect(seen.count == 0, "loads of a good file failed: \(seen.prefix(3))")
    }

    @Test("an empty file and a file of silence are refused")
    func emptyAndSilent() throws {
        let dir = try TemporaryDirectory()
        let empty = dir.path("empty.wav"), silent = dir.path("silent.wav")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        try writeSound([Float](repeating: 0.0005, count: 4410), to: silent, rate: 44_100,
                       format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT))
        #expect(throws: SoundError.empty(path: empty)) { try SampleLoader.load(path: empty, rate: 48_000) }
        #expect(throws: SoundError.silent(path: silent)) { try SampleLoader.load(path: silent, rate: 48_000) }
    }

    @Test("a 3-second file is too long for a click")
    func tooLong() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("long.wav")
        try writeSound([Float](repeating: 0.1, count: 3 * 8_000), to: path, rate: 8_000)
        let error = #expect(throws: SoundError.self) { try SampleLoader.load(path: path, rate: 48_000) }
        #expect(error == .tooLong(path: path, seconds: 3))
        #expect(error?.description == "sound file '\(path)' is 3 s long: too long for a click (at most 2 s)")
    }

    @Test("a directory is not a sound file")
    func directory() throws {
        let dir = try TemporaryDirectory()
        let error = #expect(throws: SoundError.self) { try SampleLoader.load(path: dir.url.path, rate: 48_000) }
        #expect(error?.description == "cannot open sound file '\(dir.url.path)': Is a directory")
    }
}

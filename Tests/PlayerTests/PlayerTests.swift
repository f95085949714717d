import CSndFile
import Foundation
import OfflineBackend
import Player
import RealtimeKit
import RenderGraph
import Testing
import WoodshedTestSupport
import WoodshedCore

/// A real sound file read through libsndfile, for the player's tests (WAV: seeks are exact).
final class SndFileSource: ProgramSource {
    let file: OpaquePointer
    let channels: Int
    let frames: Int64
    init(path: String) throws {
        var info = SF_INFO()
        guard let f = sf_open(path, Int32(SFM_READ), &info) else { throw CocoaError(.fileReadUnknown) }
        file = f
        channels = Int(info.channels)
        frames = info.frames
    }
    deinit { sf_close(file) }
    func read(from start: Int64, count: Int, into buffer: UnsafeMutablePointer<Float>) {
        buffer.update(repeating: 0, count: 2 * count)
        let a = max(start, 0), b = min(start + Int64(count), frames)
        guard a < b else { return }
        sf_seek(file, a, SEEK_SET)
        var tmp = [Float](repeating: 0, count: Int(b - a) * channels)
        _ = tmp.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, b - a) }
        for i in 0..<Int(b - a) {
            let o = Int(a - start) + i
            buffer[2 * o] = tmp[i * channels]
            buffer[2 * o + 1] = tmp[i * channels + (channels > 1 ? 1 : 0)]
        }
    }
}

enum Fixture {
    static let dir: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-player-\(getpid())")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()

    /// A 16-bit stereo WAV whose left sample i is (i mod 32768)/32768 and right is its negative:
    /// every sample says where it came from.
    static func indexed(frames: Int, rate: Int) throws -> String {
        let path = dir.appendingPathComponent("indexed-\(frames)-\(rate).wav").path
        // Written once, under a name of its own, then renamed into place: tests running in
        // parallel may be reading it.
        if FileManager.default.fileExists(atPath: path) { return path }
        let part = path + ".\(UUID().uuidString)"
        defer { _ = rename(part, path) }
        try TestAudio.numberedWAV(part, frames: frames, rate: rate)
        return path
    }

    static func index(of sample: Float) -> Int { TestAudio.index(of: sample) }
}

/// Renders a program offline through the worker, ring and deck, in the output graph driven by
/// the offline loop (as `render --play`); returns (click, left, right).
func play(_ program: PracticeProgram, source: ProgramSource, maxSeconds: Int = 600,
          waves: (accent: [Float], normal: [Float]) = ([1, 0.5], [0.25])) -> (click: [Float], left: [Float], right: [Float]) {
    let writer = ProgramWriter(program: program, source: source, clickWaves: waves)
    let deck = MusicDeck.allocate(ring: .allocate(blockFrames: 256, capacity: 64))
    defer { deck.deallocate() }
    let worker = PlayerWorker(writer: writer, deck: deck)
    var c: [Float] = [], l: [Float] = [], r: [Float] = []
    let loop = OfflineLoop(blockFrames: 256, pump: worker.fillAvailable)
    _ = try? loop.run(OutputGraph(renderer: nil, deck: deck), frames: Int64(maxSeconds * program.settings.outputRate)) { b in
        c.append(contentsOf: UnsafeBufferPointer(start: b.click, count: b.frames))
        l.append(contentsOf: UnsafeBufferPointer(start: b.left, count: b.frames))
        r.append(contentsOf: UnsafeBufferPointer(start: b.right, count: b.frames))
    }
    return (c, l, r)
}

@Suite("Practice programs rendered offline through the live player's worker and deck")
struct PlayerProgramTests {
    @Test("a section played 3 times with --crossfade 0 at 1.0× and equal rates: B is followed by A, bit-exact, no gap, no duplicate")
    func seamIsSampleExact() throws {
        let path = try Fixture.indexed(frames: 48_000, rate: 48_000)
        let section = try Section(name: "riff", start: 1_000, end: 5_000, plan: RepeatPlan(repeats: .times(3)))
        let program = PracticeProgram(sections: [section], settings: ProgramSettings(sourceRate: 48_000, outputRate: 48_000))
        let out = play(program, source: try SndFileSource(path: path))
        #expect(out.left.count == 12_000)
        let expected = (0..<3).flatMap { _ in (1_000..<5_000).map { Float($0) / 32768 } }
        #expect(out.left == expected, "left differs")
        #expect(out.right == expected.map { -$0 }, "right differs")
        #expect(out.click.allSatisfy { $0 == 0 })
    }

    @Test("gaps, count-ins and a speed ladder: every step starts on its exact frame")
    func stepsOnExactFrames() throws {
        let path = try Fixture.indexed(frames: 96_000, rate: 48_000)
        // 1 s section; gap 0.5x; count-in 1 bar at 120 BPM 4/4 (2 s at 1.0×); ladder 0.5, 1.0.
        let plan = RepeatPlan(repeats: .times(2), gap: .passMultiple(thousandths: 500), countInBars: 1, speedLadder: [500, 1000])
        let section = try Section(name: "verse", start: 10_000, end: 58_000, plan: plan)
        var settings = ProgramSettings(sourceRate: 48_000, outputRate: 48_000)
        settings.click = MusicClick(milliBPM: 120_000, duringPasses: false)
        let program = PracticeProgram(sections: [section], settings: settings)
        let out = play(program, source: try SndFileSource(path: path))
        // Pass 1 at 0.5×: count-in 4 beats of 1 s (= 192000 frames), pass 96000, gap 48000.
        // Pass 2 at 1.0×: count-in 96000, pass 48000, gap 24000.
        #expect(out.left.count == 192_000 + 96_000 + 48_000 + 96_000 + 48_000 + 24_000)
        let clicks = out.click.indices.filter { out.click[$0] != 0 && ($0 == 0 || out.click[$0 - 1] == 0) }  // test waves: [1, 0.5] and [0.25]
        #expect(clicks == [0, 48_000, 96_000, 144_000] + [336_000, 360_000, 384_000, 408_000])
        #expect(out.click[0] == 1 && out.click[96_000] == 0.25 && out.click[336_000] == 1)
        // Pass 2 at 1.0× is bit-exact: 10000..<58000 from frame 432000.
        let pass2 = Array(out.left[432_000..<480_000]), want = (10_000..<58_000).map { Float($0 % 32768) / 32768 }
        let firstMismatch = zip(pass2, want).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstMismatch == nil, "first mismatch at \(String(describing: firstMismatch))")
        #expect(out.left[(480_000)...].allSatisfy { $0 == 0 })
        // Pass 1 at 0.5× is silence-free where the pass is and silent in the count-in and gap.
        #expect(out.left[0..<192_000].allSatisfy { $0 == 0 })
        #expect(out.left[288_000..<336_000].allSatisfy { $0 == 0 })
    }

    @Test("the music's click at 0.75×, 44.1 kHz into 48 kHz, bar 1 at 0.8 s: beat k on outputFrames(offset + round(k·60·rate/BPM) − A), accents on bar starts, beats before bar 1 too")
    func musicClickOnTheFilesBeats() throws {
        let path = try Fixture.indexed(frames: 4 * 44_100, rate: 44_100)
        let section = try Section(name: "pickup", start: 3_000, end: 120_000, plan: RepeatPlan(repeats: .times(1), speedLadder: [750]))
        var settings = ProgramSettings(sourceRate: 44_100, outputRate: 48_000)
        settings.click = MusicClick(milliBPM: 97_300, offset: SourceTime(microseconds: 800_000), beatsPerBar: 3)
        let program = PracticeProgram(sections: [section], settings: settings)
        let out = play(program, source: try SndFileSource(path: path))
        // The beats of the file: 35280 + round(k · 60 · 44100 / 97.3), from the first at or after A.
        var want: [(Int, Bool)] = []
        for k in Int64(-2)...40 {
            let f = 35_280 + Int64(ExactMath.roundDiv(Int128(k) * 60_000 * 44_100, 97_300))
            guard f >= 3_000 && f < 120_000 else { continue }
            let offset = Int(ExactMath.roundDiv(Int128(f - 3_000) * 48_000 * 1000, 44_100 * 750))
            want.append((offset, ((k % 3) + 3) % 3 == 0))
        }
        let onsets = out.click.indices.filter { out.click[$0] != 0 && ($0 == 0 || out.click[$0 - 1] == 0) }
        #expect(want.map(\.0) == [7_381, 46_846, 86_311, 125_777, 165_243] && want.map(\.1) == [false, true, false, false, true])
        #expect(onsets == want.map(\.0))
        #expect(onsets.map { out.click[$0] == 1 } == want.map(\.1))
    }
}

@Suite("The player's worker thread")
struct PlayerWorkerThreadTests {
    @Test("with the ring full and nobody reading, the worker waits an eighth of the ring at a time: it does not poll every 2 ms")
    func idleWorkerWaits() throws {
        let path = try Fixture.indexed(frames: 48_000, rate: 48_000)
        let section = try Section(name: "riff", start: 1_000, end: 5_000, plan: RepeatPlan(repeats: .endless))
        let program = PracticeProgram(sections: [section], settings: ProgramSettings(sourceRate: 48_000, outputRate: 48_000))
        let writer = ProgramWriter(program: program, source: try SndFileSource(path: path), clickWaves: ([1, 0.5], [0.25]))
        let deck = MusicDeck.allocate(ring: .allocate(blockFrames: 256, capacity: 64))
        defer { deck.deallocate() }
        let worker = PlayerWorker(writer: writer, deck: deck)
        // 64 blocks of 256 frames at 48 kHz: 341 ms; an eighth: 42 ms.
        #expect(worker.idleMilliseconds == 42)
        worker.start()
        #expect(deck.ring.nextWritable() == nil, "start fills the ring")
        let begin = ContinuousClock.now
        let turns0 = worker.threadTurns
        // The interval measured (not a wait for something): 420 ms of a full ring.
        usleep(420_000)
        let turns = worker.threadTurns - turns0
        let elapsed = ContinuousClock.now - begin
        worker.stop()
        let bound = Int(elapsed / .milliseconds(42)) + 2
        #expect(turns <= bound, "\(turns) turns in \(elapsed); a 2 ms poll made about 210")
        #expect(turns >= 1)
    }
}

import CSndFile
import Foundation
import OfflineBackend
import RealtimeKit
import RenderGraph
import Takes
import Testing

/// The recorder behind the input capture, driven on the test's thread: what the ring holds,
/// marked with turns as the deck marks them, becomes one 24-bit FLAC take per turn.
@Suite("Recorder: your turns as 24-bit FLAC takes, and a full disk")
struct RecorderTests {
    static func folder() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("ws-takes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    static func read(_ path: String) throws -> (rate: Int32, channels: Int32, format: Int32, samples: [Float]) {
        var info = SF_INFO()
        let f = try #require(sf_open(path, Int32(SFM_READ), &info))
        defer { sf_close(f) }
        var x = [Float](repeating: 0, count: Int(info.frames))
        _ = x.withUnsafeMutableBufferPointer { sf_readf_float(f, $0.baseAddress, info.frames) }
        return (info.samplerate, info.channels, info.format, x)
    }

    /// x quantised as a 24-bit file holds it: round to the nearest of k/2^23, clamped.
    static func quantised(_ x: Float) -> Float {
        Float(min(max(rint(Double(x) * 8_388_608), -8_388_608), 8_388_607)) / 8_388_608
    }

    /// Pushes `input` with `marks` into the capture's ring in cycles of 64 frames, as the render thread does.
    static func feed(_ capture: InputCapture, _ input: [Float], _ marks: [UInt32]) {
        var i = 0
        while i < input.count {
            let n = min(64, input.count - i)
            input.withUnsafeBufferPointer { x in
                marks.withUnsafeBufferPointer { m in
                    _ = capture.ring.tryWrite(x.baseAddress! + i, marks: m.baseAddress! + i, count: n)
                }
            }
            i += n
        }
    }

    @Test("each turn's frames, and only those, are a take equal to the input quantised to 24 bits, sample for sample")
    func takesEqualInput() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let capture = InputCapture.allocate(frames: 48_000)
        defer { capture.deallocate() }
        let steps: [UInt32: (section: Int, pass: Int)] = [7: (2, 0), 8: (2, 1)]
        let recorder = Recorder(capture: capture, settings: .init(folder: TakeFolder(url: dir), rate: 48_000, keep: 5),
                                turnStep: { steps[$0] })
        // 1000 frames of sentence, turn 7 for 1500 frames (from frame 1000), 300 frames of
        // sentence, turn 8 for 700 frames, then the next sentence. Values not all on the 24-bit grid.
        let count = 4000
        let input: [Float] = (0..<count).map { (k: Int) -> Float in
            let wave = Float(sin(Double(k) * 0.01)) * 0.9
            return wave + Float(k % 3) * 1e-8
        }
        var marks = [UInt32](repeating: 0, count: count)
        for k in 1000..<2500 { marks[k] = 7 }
        for k in 2800..<3500 { marks[k] = 8 }
        Self.feed(capture, input, marks)
        #expect(recorder.drain() == count)
        let takes = TakeFolder(url: dir).takes()
        #expect(takes.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["section-003-take-0001.flac", "section-003-take-0002.flac"])
        let first = try Self.read(takes[0].path), second = try Self.read(takes[1].path)
        #expect(first.rate == 48_000 && first.channels == 1)
        #expect(first.format == Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24))
        #expect(first.samples == input[1000..<2500].map(Self.quantised))
        #expect(second.samples == input[2800..<3500].map(Self.quantised))
        #expect(recorder.events() == [
            .recording(section: 2, pass: 0),
            .saved(Take(section: 2, number: 1, path: takes[0].path), pass: 0, frames: 1500, removed: []),
            .recording(section: 2, pass: 1),
            .saved(Take(section: 2, number: 2, path: takes[1].path), pass: 1, frames: 700, removed: []),
        ])
    }

    @Test("--keep 2: the third take of a section removes its oldest; other sections keep theirs")
    func keepsTheLastN() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let capture = InputCapture.allocate(frames: 48_000)
        defer { capture.deallocate() }
        let steps: [UInt32: (section: Int, pass: Int)] = [1: (0, 0), 2: (0, 1), 3: (1, 0), 4: (0, 2)]
        let recorder = Recorder(capture: capture, settings: .init(folder: TakeFolder(url: dir), rate: 48_000, keep: 2),
                                turnStep: { steps[$0] })
        let marks: [UInt32] = [0, 1, 1, 0, 2, 2, 0, 3, 3, 0, 4, 4, 0]
        Self.feed(capture, marks.map { Float($0) / 8 }, marks)
        recorder.drain()
        #expect(TakeFolder(url: dir).takes().map { URL(fileURLWithPath: $0.path).lastPathComponent }
                    == ["section-001-take-0002.flac", "section-001-take-0003.flac", "section-002-take-0001.flac"])
        let last = recorder.events().last
        #expect(last == .saved(Take(section: 0, number: 3, path: dir.appendingPathComponent("section-001-take-0003.flac").path),
                               pass: 2, frames: 2, removed: [dir.appendingPathComponent("section-001-take-0001.flac").path]))
    }

    /// A disk that fills up after `room` frames: each write past it fails as libsndfile reports ENOSPC.
    final class FullDisk: TakeSink {
        var room: Int
        var abandoned = false
        let path: String
        init(path: String, room: Int) { self.path = path; self.room = room }
        func write(_ samples: UnsafeMutablePointer<Float>, frames: Int) throws(RenderError) {
            guard frames <= room else { throw .cannotWrite(path: path, reason: String(cString: strerror(ENOSPC))) }
            room -= frames
        }
        func commit() throws(RenderError) {}
        func abandon() { abandoned = true }
    }

    @Test("a full disk (ENOSPC) stops recording with one line; the input is still read, and no later turn is recorded")
    func fullDiskStopsRecording() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let capture = InputCapture.allocate(frames: 48_000)
        defer { capture.deallocate() }
        nonisolated(unsafe) var sinks: [FullDisk] = []
        let recorder = Recorder(capture: capture, settings: .init(folder: TakeFolder(url: dir), rate: 48_000, keep: 5),
                                turnStep: { _ in (0, 0) },
                                makeSink: { path, _ throws(RenderError) in let s = FullDisk(path: path, room: 100); sinks.append(s); return s })
        var marks = [UInt32](repeating: 0, count: 1000)
        for k in 10..<400 { marks[k] = 1 }
        for k in 500..<900 { marks[k] = 2 }
        Self.feed(capture, [Float](repeating: 0.25, count: 1000), marks)
        #expect(recorder.drain() == 1000)
        let path = dir.appendingPathComponent("section-001-take-0001.flac").path
        #expect(recorder.events() == [
            .recording(section: 0, pass: 0),
            .stopped("Error: cannot write the take '\(path)': No space left on device; recording stopped, the practice goes on"),
        ])
        #expect(sinks.count == 1 && sinks[0].abandoned)
        Self.feed(capture, [Float](repeating: 0.25, count: 100), [UInt32](repeating: 3, count: 100))
        #expect(recorder.drain() == 100)
        #expect(recorder.events() == [])
        #expect(sinks.count == 1)
    }
}

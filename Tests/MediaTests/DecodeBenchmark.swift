import CSndFile
import Foundation
import Media
import Testing
import WoodshedTestSupport

/// The process's peak resident memory since the last reset, in kB (Linux). Test thread.
private func peakResidentKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
}

/// Resets the peak resident memory figure (Linux 4.0 and later). Test thread.
private func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// Test thread. Measurements for the record, not checks of speed: run with WOODSHED_MEDIA_BENCH=1.
@Suite("Decode cache measurements", .enabled(if: ProcessInfo.processInfo.environment["WOODSHED_MEDIA_BENCH"] != nil))
struct DecodeBenchmark {
    @Test("a 10-minute stereo MP3 is decoded once, in bounded memory, and reopened at once")
    func tenMinuteMP3() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("ten-minutes.mp3"), rate = 44_100, frames = 600 * rate
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = 2
        info.format = FixtureFormat.mp3.sndfileFormat
        let file = try #require(sf_open(path, Int32(SFM_WRITE), &info))
        var random = SeededRandom(seed: 10)
        var chunk = [Float](repeating: 0, count: 2 * rate)
        for second in 0..<600 {
            for i in 0..<rate {
                let t = Double(second) + Double(i) / Double(rate)
                let level = Float(0.2 + 0.2 * sin(t))
                chunk[2 * i] = level * Float(sin(2 * Double.pi * 220 * t)) + Float(random.next() % 1_000) / 20_000
                chunk[2 * i + 1] = level * Float(sin(2 * Double.pi * 330 * t))
            }
            #expect(chunk.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(rate)) } == rate)
        }
        sf_close(file)

        resetPeakResident()
        let before = peakResidentKilobytes() ?? 0
        let clock = ContinuousClock()
        var calls = 0
        var source: AudioSource?
        let decode = try clock.measure { source = try AudioSource.open(path: path, cacheDirectory: folder.cache) { _ in calls += 1 } }
        let peak = peakResidentKilobytes() ?? 0
        let copy = try #require(source?.cacheFile)
        let copySize = try #require(FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int)
        let sourceSize = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let reopen = try clock.measure { source = try AudioSource.open(path: path, cacheDirectory: folder.cache) }
        var buffer = [Float](repeating: 0, count: 2 * 4_096)
        var random2 = SeededRandom(seed: 11)
        let seeks = clock.measure {
            for _ in 0..<1_000 {
                let start = Int64.random(in: 0..<Int64(frames), using: &random2)
                buffer.withUnsafeMutableBufferPointer { source!.read(from: start, count: 4_096, into: $0.baseAddress!) }
            }
        }
        let nearEnd = clock.measure {
            for i in 0..<100 {
                buffer.withUnsafeMutableBufferPointer { source!.read(from: Int64(frames - 100 - i), count: 64, into: $0.baseAddress!) }
            }
        }
        #expect(source?.info.frames == Int64(frames))
        print("""
            10-minute stereo 44.1 kHz MP3 (\(sourceSize / 1_000) kB): first open (decode) \(decode), \(calls) progress calls; \
            copy \(copySize / 1_000) kB; peak memory grew \(peak - before) kB during the decode; \
            second open \(reopen); 1000 random reads of 4096 frames \(seeks); 100 jumps into the last 200 frames \(nearEnd)
            """)
    }
}

import CSndFile
import Foundation
import Media
import Testing
import WoodshedTestSupport

/// Test thread. Measurements for the record, not checks of speed: run with WOODSHED_MEDIA_BENCH=1.
@Suite("MP3 reading measurements", .enabled(if: ProcessInfo.processInfo.environment["WOODSHED_MEDIA_BENCH"] != nil))
struct MP3Benchmark {
    @Test("a 10-minute stereo MP3 opens and plays at once, and jumps anywhere fast")
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

        let clock = ContinuousClock()
        var source: AudioSource?
        var firstSound = [Float](repeating: 0, count: 2 * 4_096)
        let open = try clock.measure {
            source = try AudioSource.open(path: path)
            firstSound.withUnsafeMutableBufferPointer { source!.read(from: 0, count: 4_096, into: $0.baseAddress!) }
        }
        let deep = try clock.measure {
            let other = try AudioSource.open(path: path)
            firstSound.withUnsafeMutableBufferPointer { other.read(from: Int64(frames - 44_100), count: 4_096, into: $0.baseAddress!) }
        }
        Thread.sleep(forTimeInterval: 1)  // the frame index is built by now
        var buffer = [Float](repeating: 0, count: 2 * 4_096)
        var random2 = SeededRandom(seed: 11)
        let seeks = clock.measure {
            for _ in 0..<1_000 {
                let start = Int64.random(in: 0..<Int64(frames), using: &random2)
                buffer.withUnsafeMutableBufferPointer { source!.read(from: start, count: 4_096, into: $0.baseAddress!) }
            }
        }
        #expect(source?.info.frames == Int64(frames))
        print("""
            10-minute stereo 44.1 kHz MP3: open and first 4096 frames \(open); open and 4096 frames from 1 s before the \
            end (index not built) \(deep); 1000 random reads of 4096 frames \(seeks)
            """)
    }
}

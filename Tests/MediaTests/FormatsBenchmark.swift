import Foundation
import Media
import Testing

/// Test thread. Measurements for the record, not checks of speed: run with WOODSHED_MEDIA_BENCH=1.
@Suite("First sound in every format, measured", .enabled(if: ProcessInfo.processInfo.environment["WOODSHED_MEDIA_BENCH"] != nil))
struct FormatsBenchmark {
    @Test("a 60-minute file in each format opens and gives its first frames, and frames half an hour in, at once")
    func sixtyMinutes() throws {
        let folder = try TemporaryFolder()
        // One hour of mono 48 kHz sound (a sweep with noise under it), piped into each encoder.
        let synth = "sox -n -r 48000 -c 1 -b 16 -t wav - synth 3600 sine 200-2000 whitenoise vol 0.3"
        let files = [("hour.flac", "\(synth) | sox -t wav - \(folder.path("hour.flac"))"),
                     ("hour.mp3", "\(synth) | ffmpeg -v error -y -i - -c:a libmp3lame -q:a 6 -f mp3 \(folder.path("hour.mp3"))"),
                     ("hour.ogg", "\(synth) | oggenc -Q -q 2 -o \(folder.path("hour.ogg")) -"),
                     ("hour.opus", "\(synth) | opusenc --quiet --bitrate 32 - \(folder.path("hour.opus"))"),
                     ("hour.m4a", "\(synth) | ffmpeg -v error -y -i - -c:a aac -b:a 64k -f mp4 \(folder.path("hour.m4a"))")]
        var lines: [String] = []
        let clock = ContinuousClock()
        var buffer = [Float](repeating: 0, count: 2 * 4_096)
        for (name, command) in files {
            try runReference("/bin/sh", ["-c", command])
            let path = folder.path(name)
            var source: AudioSource?
            let first = try clock.measure {
                source = try AudioSource.open(path: path)
                buffer.withUnsafeMutableBufferPointer { source!.read(from: 0, count: 4_096, into: $0.baseAddress!) }
            }
            let deep = try clock.measure {
                let other = try AudioSource.open(path: path)
                buffer.withUnsafeMutableBufferPointer { other.read(from: Int64(1_800 * other.info.rate), count: 4_096, into: $0.baseAddress!) }
            }
            #expect(abs(Double(source!.info.frames) / Double(source!.info.rate) - 3_600) < 1)
            lines.append("\(name): open and first 4096 frames \(first); open and 4096 frames from 30:00 \(deep)")
        }
        print(lines.joined(separator: "\n"))
    }
}

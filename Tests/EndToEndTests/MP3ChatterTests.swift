import CSndFile
import Foundation
import Testing

/// A 2-second stereo MP3 written by libsndfile (LAME), whose Xing/Info header then gets a byte
/// count of half the real one patched in; returns the path, the count written and the bytes
/// from the first frame on.
private func mp3WithLyingHeader(in dir: URL) throws -> (path: String, claimed: Int, actual: Int) {
    let path = dir.appendingPathComponent("lying-header.mp3").path
    var info = SF_INFO(frames: 0, samplerate: 44_100, channels: 2, format: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III),
                       sections: 0, seekable: 0)
    let file = try #require(sf_open(path, Int32(SFM_WRITE), &info))
    let tone = (0..<88_200).flatMap { i -> [Float] in
        let x = Float(0.3 * sin(2 * Double.pi * 440 * Double(i) / 44_100))
        return [x, x]
    }
    _ = tone.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, 88_200) }
    sf_close(file)

    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let start = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] & 0xE0 == 0xE0 })
    let tag = try #require((start..<(start + 200)).first {
        ["Xing", "Info"].contains(String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self))
    })
    #expect(bytes[tag + 7] & 3 == 3, "the header has a frame count and a byte count")
    let actual = bytes.count - start, claimed = actual / 2
    for k in 0..<4 { bytes[tag + 12 + k] = UInt8(truncatingIfNeeded: claimed >> (24 - 8 * k)) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return (path, claimed, actual)
}

@Suite("MP3 through libmpg123, end to end")
struct MP3ChatterTests {
    @Test("an MP3 whose Xing header lies about its size: nothing from libmpg123 on stderr, Woodshed's own warning once")
    func lyingXingHeader() throws {
        let dir = try E2E.tempDir()
        let mp3 = try mp3WithLyingHeader(in: dir)
        let out = dir.appendingPathComponent("out.wav").path
        let r = try E2E.woodshed("render", out, "--play", mp3.path, "--from", "0", "--to", "1")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("Xing stream size"))
        #expect(r.stderr == "Warning: \(mp3.path): its Xing header gives the audio as \(mp3.claimed) bytes, but the file "
                + "holds \(mp3.actual) from the first frame on (cut short, or something appended?); its length was "
                + "counted from the frames instead\n")
        #expect(r.stdout.hasPrefix("wrote \(out): lying-header.mp3 · MP3 stereo 44100 Hz · 0:00.000–0:01.000"), "\(r.stdout)")
    }
}

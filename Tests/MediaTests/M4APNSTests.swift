import Foundation
import Media
import Testing
import WoodshedTestSupport

/// AAC with perceptual noise substitution: bands the decoder fills with noise of its own, so that
/// after a seek only the position and the energies can match a linear decode (docs/player.md,
/// "AAC with perceptual noise substitution"). Test thread.
@Suite("AAC with PNS in M4A through FFmpeg")
struct M4APNSTests {
    /// Frames compared after each jump: 0.5 s.
    static let window = 24_000
    /// Frames either side of a jump's target searched for the best match with the reference.
    static let shifts = 2_048

    @Test("a PNS file reads ffmpeg's samples from the start; after 10 jumps the position is exact and each band's energy within 1 dB")
    func seeksKeepPositionAndBandEnergies() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: .wav, rate: 48_000, channels: 1, seconds: 4)
        let path = try m4aFixture(fixture, pns: true, bitRate: "24k", in: folder, name: "pns.m4a")
        let frames = fixture.frames
        let reference = Array(try ffmpegDecode(path, channels: 1, in: folder).prefix(2 * frames))
        #expect(reference.count == 2 * frames)

        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == Int64(frames))
        #expect(firstDifference(source.sequentialFrames(count: frames + 100), reference + Array(repeating: 0, count: 200)) == "same")

        var differing = 0
        for jump in randomReads(frames: frames - Self.window - Self.shifts, count: 10, avoiding: 1_024, seed: 17) {
            let target = Int(jump.start) + Self.shifts
            let rest = source.frames(from: Int64(target), count: frames - target + 1_024)
            let read = Array(rest.prefix(2 * Self.window))
            let expected = expectedFrames(reference, frames: frames, start: Int64(target), count: Self.window)
            if firstDifference(read, expected) != "same" { differing += 1 }
            let snr = signalToNoise(read, expected)
            #expect((rest.lastIndex { $0 != 0 }.map { $0 / 2 + 1 } ?? 0) == frames - target,
                    "jump to \(target): frames read up to the end (SNR \(snr) dB)")
            let around = expectedFrames(reference, frames: frames, start: Int64(target - Self.shifts),
                                        count: Self.window + 2 * Self.shifts)
            #expect(bestShift(of: read, in: around) == 0, "jump to \(target): best match with ffmpeg's decode (SNR \(snr) dB)")
            let got = bandEnergies(read), wanted = bandEnergies(expected)
            let total = wanted.reduce(0, +)
            for band in wanted.indices where wanted[band] > 1e-4 * total {
                let decibels = 10 * log10(got[band] / wanted[band])
                #expect(abs(decibels) <= 1, "jump to \(target): band \(band) (of 16 up to 24 kHz) is \(decibels) dB off (SNR \(snr) dB)")
            }
        }
        #expect(differing > 0, "no jump read samples different from the linear decode: the encoder chose no PNS band, so this fixture proves nothing")
        #expect(source.warnings == [] && source.readFailure == nil)
    }
}

/// The signal-to-noise ratio of `got` against `expected`, in dB. Test thread.
private func signalToNoise(_ got: [Float], _ expected: [Float]) -> Double {
    let signal = expected.reduce(0.0) { $0 + Double($1) * Double($1) }
    let noise = zip(got, expected).reduce(0.0) { $0 + Double($1.0 - $1.1) * Double($1.0 - $1.1) }
    return 10 * log10(signal / noise)
}

/// The energy of the left channel of stereo frames `frames` (Hann window, FFT of 32,768) in 16
/// equal bands from 0 to 24 kHz at 48 kHz. Test thread.
private func bandEnergies(_ frames: [Float]) -> [Double] {
    let fft = FourierTransform(size: 32_768)
    let count = frames.count / 2
    var re = [Double](repeating: 0, count: fft.size), im = [Double](repeating: 0, count: fft.size)
    for i in 0..<count { re[i] = Double(frames[2 * i]) * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(count))) }
    fft.transform(&re, &im)
    var bands = [Double](repeating: 0, count: 16)
    for bin in 0..<(fft.size / 2) { bands[bin * 16 / (fft.size / 2)] += re[bin] * re[bin] + im[bin] * im[bin] }
    return bands
}

/// The shift in −`M4APNSTests.shifts` ... `shifts` frames at which the left channel of `read`
/// best matches (largest cross-correlation) the left channel of `around`, which starts `shifts`
/// frames before `read`'s first frame. Test thread.
private func bestShift(of read: [Float], in around: [Float]) -> Int {
    let fft = FourierTransform(size: 65_536)
    var aRe = [Double](repeating: 0, count: fft.size), aIm = aRe, bRe = aRe, bIm = aRe
    for i in 0..<(read.count / 2) { aRe[i] = Double(read[2 * i]) }
    for i in 0..<(around.count / 2) { bRe[i] = Double(around[2 * i]) }
    fft.transform(&aRe, &aIm)
    fft.transform(&bRe, &bIm)
    // conj(A)·B, conjugated again so that a forward transform gives the (unscaled) inverse.
    var re = (0..<fft.size).map { aRe[$0] * bRe[$0] + aIm[$0] * bIm[$0] }
    var im = (0..<fft.size).map { -(aRe[$0] * bIm[$0] - aIm[$0] * bRe[$0]) }
    fft.transform(&re, &im)
    let best = (0...(2 * M4APNSTests.shifts)).max { re[$0] < re[$1] }!
    return best - M4APNSTests.shifts
}

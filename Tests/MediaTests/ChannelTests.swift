import CSndFile
import Foundation
import Media
import Testing

@Suite("Channels")
struct ChannelTests {
    @Test("a mono file plays the same on both sides", arguments: FixtureFormat.allCases)
    func monoOnBothSides(format: FixtureFormat) throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: format, rate: 48_000, channels: 1, seconds: 2)
        let path = try fixture.write(in: folder)
        let source = try AudioSource.open(path: path)
        let read = source.sequentialFrames(count: fixture.frames)
        let left = stride(from: 0, to: read.count, by: 2).map { read[$0] }
        let right = stride(from: 1, to: read.count, by: 2).map { read[$0] }
        #expect(left == right)
        if format.isLossless { #expect(left == fixture.samples()) }
    }

    @Test("sound only on the left stays on the left", arguments: FixtureFormat.allCases)
    func leftStaysLeft(format: FixtureFormat) throws {
        let folder = try TemporaryFolder()
        let rate = 48_000
        // A plain 440 Hz tone: noise up to 8 kHz makes LAME's joint stereo leak 15 % of the
        // energy into the silent side, in plain libsndfile decodes too.
        let tone = (0..<(2 * rate)).map { Float((0.4 * sin(2 * Double.pi * 440 * Double($0) / Double(rate)) * 32_767).rounded()) / 32_768 }
        let path = folder.path("left.\(format.fileExtension)")
        try writeSound(tone.flatMap { [$0, 0] }, to: path, rate: rate, channels: 2, format: format.sndfileFormat)
        let source = try AudioSource.open(path: path)
        let read = source.sequentialFrames(count: tone.count)
        let left = stride(from: 0, to: read.count, by: 2).map { read[$0] }
        let right = stride(from: 1, to: read.count, by: 2).map { read[$0] }
        if format.isLossless {
            #expect(left == tone)
            #expect(right.allSatisfy { $0 == 0 })
        } else {
            let energy = { (x: [Float]) in x.reduce(0) { $0 + Double($1) * Double($1) } }
            let toneEnergy = energy(tone)
            #expect(energy(left) > 0.9 * toneEnergy)
            #expect(energy(right) < 0.001 * toneEnergy)
        }
    }

    @Test("a file with three channels plays its first two", arguments: [FixtureFormat.wav, .vorbis])
    func firstTwoOfThree(format: FixtureFormat) throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: format, rate: 44_100, channels: 3, seconds: 2)
        let path = try fixture.write(in: folder)
        let source = try AudioSource.open(path: path)
        #expect(source.info.channels == 3)
        let read = source.sequentialFrames(count: fixture.frames)
        if format.isLossless {
            #expect(read == stereo(fixture.samples(), channels: 3))
        } else {
            // libvorbisfile's decode, as libsndfile's (the same libvorbis underneath).
            #expect(read == stereo(try decodeAll(path).samples, channels: 3))
        }
    }
}

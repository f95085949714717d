/// Worker threads (one at a time; never the JACK thread). A file in a format libsndfile reads
/// but cannot seek in exactly (IMA and MS ADPCM, GSM 6.10, G.72x: state carried across
/// blocks), made exact the plain way: a seek back starts again from frame 0, and every seek
/// decodes forward to its target. These codecs decode at hundreds of times real time, and the
/// files are rare and short (voice recorders, telephony); an hour of IMA ADPCM takes about as
/// long to decode as one jump back in it.
final class LinearSeekingFile: FrameDecoder {
    private let file: SoundFile
    private let scratch: UnsafeMutablePointer<Float>
    private static let scratchFrames = 4_096
    /// The frame the next read starts at.
    private var position: Int64 = 0

    init(_ file: SoundFile) {
        self.file = file
        scratch = .allocate(capacity: Self.scratchFrames * max(file.channels, 1))
    }

    deinit { scratch.deallocate() }

    var channels: Int { file.channels }
    var failure: String? { file.failure }

    func seek(to frame: Int64) -> Bool {
        if frame < position {
            guard file.seek(to: 0) else { return false }
            position = 0
        }
        while position < frame {
            let wanted = Int(min(Int64(Self.scratchFrames), frame - position))
            guard read(into: scratch, frames: wanted) == wanted else { return false }
        }
        return true
    }

    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let got = max(file.read(into: buffer, frames: frames), 0)
        position += Int64(got)
        return got
    }
}

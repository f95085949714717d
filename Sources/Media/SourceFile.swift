import CSndFile
import Foundation

/// Worker threads. A user's audio file, opened and checked: what it holds and the decoder (at
/// frame 0) to read it through: libmpg123 for MP3 (and MPEG Layers I and II), libvorbisfile for Ogg Vorbis, libopusfile for Opus (each found by its
/// content, whatever its name), libsndfile for WAV, FLAC, AIFF and the rest it reads (through
/// `LinearSeekingFile` where its seeks are not exact: ADPCM, GSM), and FFmpeg for AAC in
/// M4A/MP4.
struct SourceFile {
    let decoder: any FrameDecoder
    let info: AudioFileInfo
    /// Things the user should know about the file (one line each, naming it).
    var warnings: [String] = []

    /// Opens and checks `path`; every problem is a one-line `AudioFileError` naming the file.
    ///
    /// A file is refused when it is missing, unreadable, a directory, not a regular file,
    /// empty, text, in a format libsndfile does not read, damaged, without audio (0 frames), or
    /// cut short. "Cut short" means the audio cannot be read to the end its header gives: a
    /// FLAC cut in half (its last frames cannot be read). A WAV whose data chunk is cut is not
    /// refused: libsndfile shortens it to the frames that are there. Nor is a cut MP3: its
    /// frames are counted (see `MP3Decoder.open`), with a warning; nor an Ogg file without its
    /// last page (cut short, or still being written): it plays to its last whole page, with a
    /// warning; nor an M4A whose index comes first and whose packets are cut: it plays its whole
    /// packets, with a warning. An M4A cut before its index (written last) is refused as cut short.
    static func open(path: String) throws(AudioFileError) -> SourceFile {
        let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: SystemMessage.errno(errno)) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotOpen(path: path, reason: SystemMessage.errno(errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .cannotOpen(path: path, reason: SystemMessage.errno(EISDIR))
        default: throw .cannotOpen(path: path, reason: "not a regular file")
        }
        if status.st_size == 0 { throw .empty(path: path) }
        // Opened without blocking so that a FIFO could not hang us; reads may block from here.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)

        if let head = MP3StreamHead.read(descriptor: descriptor) {
            let mp3 = try MP3Decoder.open(path: path, descriptor: descriptor, head: head, fileSize: Int64(status.st_size))
            let format = AudioFormat(mpegLayer: head.header.layer)
            let info = AudioFileInfo(path: path, frames: mp3.frames, rate: mp3.rate, channels: mp3.channels,
                                     format: format, formatName: format.name, seeksExactly: true)
            return SourceFile(decoder: mp3, info: info, warnings: mp3.warnings)
        }

        if let codec = OggStreamHead.codec(descriptor: descriptor) {
            let decoder: any FrameDecoder, format: AudioFormat, frames: Int64, rate: Int
            switch codec {
            case .vorbis:
                let vorbis = try VorbisDecoder.open(path: path, descriptor: descriptor)
                (decoder, format, frames, rate) = (vorbis, .oggVorbis, vorbis.frames, vorbis.rate)
            case .opus:
                let opus = try OpusDecoder.open(path: path, descriptor: descriptor)
                (decoder, format, frames, rate) = (opus, .opus, opus.frames, OpusDecoder.rate)
            }
            let info = AudioFileInfo(path: path, frames: frames, rate: rate, channels: decoder.channels,
                                     format: format, formatName: format.name, seeksExactly: true)
            let whole = OggStreamHead.endsWholly(descriptor: descriptor, fileSize: Int64(status.st_size))
            return SourceFile(decoder: decoder, info: info,
                              warnings: whole ? [] : [OggStreamHead.cutShortWarning(path: path, frames: frames, rate: rate)])
        }

        if let file = SoundFile(descriptor: descriptor, mode: Int32(SFM_READ)) {
            let info = try describe(file, path: path)
            let exact = AudioFormat.seeksExactly(sndfileFormat: file.info.format)
            return SourceFile(decoder: exact ? file : LinearSeekingFile(file), info: info)
        }
        // libsndfile refused it: FFmpeg reads only the containers it is trusted with, so that
        // anything else keeps libsndfile's answer.
        let refused = refusal(path: path, descriptor: descriptor)
        guard let ffmpeg = try FFmpegDecoder.open(path: path, descriptor: descriptor,
                                                  containers: FFmpegDecoder.trustedContainers) else {
            throw refused
        }
        let format = AudioFormat.other(ffmpeg.codecName)
        let info = AudioFileInfo(path: path, frames: ffmpeg.frames, rate: ffmpeg.rate, channels: ffmpeg.channels,
                                 format: format, formatName: format.name, seeksExactly: true)
        return SourceFile(decoder: ffmpeg, info: info, warnings: ffmpeg.warnings)
    }

    /// The info of a file libsndfile opened, or why it cannot be played.
    private static func describe(_ file: SoundFile, path: String) throws(AudioFileError) -> AudioFileInfo {
        guard file.channels > 0, file.rate > 0 else {
            throw .damaged(path: path, reason: "no channels or no sample rate")
        }
        let format = AudioFormat(sndfileFormat: file.info.format)
        let seeksExactly = AudioFormat.seeksExactly(sndfileFormat: file.info.format)
        if file.frames == 0 { throw .noFrames(path: path) }
        if file.frames < 0 || file.frames == Int64.max { throw .truncated(path: path, expectedFrames: nil) }
        // The frames up to the end must be there (checked where a seek there is cheap).
        if seeksExactly && !file.endIsReadable() {
            throw .truncated(path: path, expectedFrames: file.frames)
        }
        return AudioFileInfo(path: path, frames: file.frames, rate: file.rate, channels: file.channels,
                             format: format, formatName: format.name, seeksExactly: true)
    }

    /// Why libsndfile refused to open the file: its message, unless the first bytes tell more.
    private static func refusal(path: String, descriptor: Int32) -> AudioFileError {
        let code = Int(sf_error(nil)), message = SystemMessage.sndfile(nil)
        var head = [UInt8](repeating: 0, count: FileSniffer.headLength)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        switch FileSniffer.kind(ofHead: Array(head.prefix(max(count, 0)))) {
        case .midi: return .unsupported(path: path, reason: "a MIDI file holds notes, not sound")
        case .text: return .notAudio(path: path)
        case .unknown where code == SF_ERR_UNRECOGNISED_FORMAT:
            return .unsupported(path: path, reason: "libsndfile does not recognise it")
        case .unknown: return .damaged(path: path, reason: message)
        }
    }
}

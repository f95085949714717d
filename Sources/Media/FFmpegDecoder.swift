import CFFmpeg
import Foundation

/// Worker threads (one at a time; never the JACK thread). A file read with FFmpeg's libavformat
/// and libavcodec: AAC (or another codec) in M4A/MP4. 32-bit floats, in place, at the file's
/// rate and channels. Opening reads the container's headers (for M4A the sample table) and
/// decodes a packet or two to learn the format; FFmpeg prints nothing (its log is off), and its
/// errors are reported in its words (`av_strerror`).
///
/// The common M4A (one AAC track with a simple edit list, see `MP4SampleTable`) is read
/// without libavformat: its packets are found by its own sample tables and given to
/// libavcodec, so libavformat's libraries are not loaded and its index of every packet not
/// built (together about 19 MB for 2 hours of AAC). Any other file is read with libavformat.
///
/// The length is the stream's duration: the encoder's priming (the edit list of an M4A) is
/// removed by libavformat, and the padding after the end, which decoders return (a
/// 2,880,000-frame source decodes to 2,880,512 frames), is cut here.
///
/// How a seek is exact. AAC decodes each packet with the one before it (overlapping
/// transforms), so a seek goes to a packet at least `leadPackets` packets before the target
/// (libavformat's seek to the packet at or before a time), decodes forward, and drops the frames
/// before the target, placed by their timestamps. From there the samples are a decode's from
/// the start (tested against the `ffmpeg` program's decode).
final class FFmpegDecoder: FrameDecoder {
    /// Packets decoded before the one holding a seek's target, at least.
    static let leadPackets: Int64 = 2

    let channels: Int
    let rate: Int
    /// The length in frames: the stream's duration.
    let frames: Int64
    /// Things the user should know about the file (one line each, naming it): a file cut short.
    private(set) var warnings: [String] = []
    /// "AAC", "ALAC", ...: the codec, in the words users know.
    let codecName: String
    /// libavformat's name of the container ("mov,mp4,m4a,3gp,3g2,mj2").
    let containerName: String
    /// Why decoding stopped before the end, in the library's words (see `StreamDamage`).
    var failure: String? { damage.reason }

    /// libavformat's demuxer, or nil when the packets are read by `table`.
    private var format: UnsafeMutablePointer<AVFormatContext>?
    /// The packets of an M4A read without libavformat, from `descriptor` (a copy of the file's).
    private let table: MP4SampleTable?
    private let descriptor: Int32
    /// The next packet of `table` to read.
    private var nextPacket = 0
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private let streamIndex: Int32
    private let timeBase: AVRational
    /// The stream's first timestamp (frame 0), in its time base.
    private let origin: Int64
    /// Where the stream's first packet starts: 0, or before it for a packet of priming.
    private let earliest: Int64
    /// Frames in one packet (AAC: 1024), for how far back a seek goes.
    private let packetFrames: Int64
    /// How far before its target a seek starts, at least: `leadPackets` packets and one more;
    /// for Opus (in MP4) 0.5 s, as `OpusDecoder` does.
    private let lead: Int64
    /// The decoded frame being read out: its first frame's position, and how many are used.
    private var frameStart: Int64 = 0
    private var frameUsed = 0
    private var frameCount = 0
    /// The frame the next read starts at.
    private var position: Int64 = 0
    /// The demuxer has ended and the decoder was told so.
    private var draining = false
    private var damage = StreamDamage()

    /// The containers FFmpeg reads files in that libsndfile refused: MP4 (M4A, MP4, 3GP), whose
    /// timestamps count samples. (Not yet Matroska/WebM: its timestamps are in milliseconds, so
    /// frames cannot be placed to the sample by them.) Anything else keeps libsndfile's answer.
    static let trustedContainers: Set<String> = [mp4Container]

    /// libavformat's name of the MP4 family's container, also given for a file read without it.
    static let mp4Container = "mov,mp4,m4a,3gp,3g2,mj2"

    /// libavutil's AV_NOPTS_VALUE: no timestamp.
    private static let noTime = Int64(bitPattern: 0x8000_0000_0000_0000)

    /// FFmpeg's one-time set-up: libavcodec and libavutil loaded (dlopen, on the first file that
    /// needs them) and its log off (it would print to the terminal); false when they cannot be loaded.
    private static let loaded: Bool = {
        guard woodshed_ffmpeg_load() == nil else { return false }
        woodshed_av_log_set_level(AV_LOG_QUIET)
        return true
    }()

    /// libavformat loaded too (on the first file read with it); false when it cannot be.
    private static let formatLoaded: Bool = loaded && woodshed_ffmpeg_load_format() == nil

    /// The file open at `descriptor` (opened again by FFmpeg through /proc/self/fd), its audio
    /// stream ready at frame 0. `containers`: the containers accepted (nil: any); a file in
    /// another is refused with nil, as is one FFmpeg does not read at all. Throws when FFmpeg
    /// reads the container but not its audio.
    ///
    /// An MP4 whose tracks have simple edit lists (or none; see `MP4EditList`) is read with
    /// libavformat's `advanced_editlist` off, so its index of packets is built once; should the
    /// audio stream then not be where its edit list says, the file is read again the usual way.
    static func open(path: String, descriptor: Int32, containers: Set<String>?) throws(AudioFileError) -> FFmpegDecoder? {
        // Without FFmpeg's libraries the file is one FFmpeg does not read (libsndfile's answer stands).
        guard loaded else { return nil }
        // An MP4 whose index (its moov box) is not there yet: cut short, or still being written
        // by a program that writes the index last.
        if MP4BoxReader(descriptor: descriptor).isMovieWithoutIndex() { throw .truncated(path: path, expectedFrames: nil) }
        if let table = MP4SampleTable.read(descriptor: descriptor) {
            guard containers?.contains(mp4Container) ?? true else { return nil }
            return try open(path: path, descriptor: descriptor, table: table)
        }
        guard formatLoaded else { return nil }
        if let tracks = MP4EditList.tracks(descriptor: descriptor), !tracks.contains(.other),
           case .opened(let decoder) = try open(path: path, descriptor: descriptor, containers: containers, edits: tracks) {
            return decoder
        }
        guard case .opened(let decoder) = try open(path: path, descriptor: descriptor, containers: containers, edits: nil) else {
            return nil
        }
        return decoder
    }

    /// What one way of opening a file gave.
    private enum Opening {
        /// The decoder, or nil: a file FFmpeg does not read, or in a container not accepted.
        case opened(FFmpegDecoder?)
        /// The audio stream is not where the file's edit lists said: read it the usual way.
        case editsDiffer
    }

    /// `open` with `edits`: the edit lists of the file's tracks, read with `advanced_editlist`
    /// off (nil: libavformat's own way).
    private static func open(path: String, descriptor: Int32, containers: Set<String>?,
                             edits: [MP4EditList.Edits]?) throws(AudioFileError) -> Opening {
        var format: UnsafeMutablePointer<AVFormatContext>?
        var options: OpaquePointer?
        if edits != nil { woodshed_av_dict_set(&options, "advanced_editlist", "0", 0) }
        let opened = woodshed_avformat_open_input(&format, "file:/proc/self/fd/\(descriptor)", nil, &options)
        woodshed_av_dict_free(&options)
        guard opened == 0, let context = format else { return .opened(nil) }
        let container = context.pointee.iformat.map { String(cString: $0.pointee.name) } ?? ""
        if let containers, !containers.contains(container) {
            woodshed_avformat_close_input(&format)
            return .opened(nil)
        }
        func fail(_ reason: String) -> AudioFileError {
            woodshed_avformat_close_input(&format)
            return .damaged(path: path, reason: reason)
        }
        func differ() -> Opening {
            woodshed_avformat_close_input(&format)
            return .editsDiffer
        }
        var code = woodshed_avformat_find_stream_info(context, nil)
        guard code >= 0 else { throw fail(message(code)) }
        let index = woodshed_av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar else {
            throw fail("no audio stream")
        }
        let timeBase = stream.pointee.time_base
        // The stream's length in its time base: with `advanced_editlist` off, libavformat gives
        // the track's whole length, so it is taken from the edit as its own way does (mov.c).
        var duration = stream.pointee.duration
        var edit: MP4EditList?
        if let edits {
            guard edits.count == Int(context.pointee.nb_streams) else { return differ() }
            if case .simple(let simple) = edits[Int(index)] {
                guard timeBase.num == 1, Int64(timeBase.den) == simple.trackTimeScale else { return differ() }
                duration = woodshed_av_rescale(simple.duration, simple.trackTimeScale, simple.movieTimeScale)
                edit = simple
            }
        }
        guard let codecType = woodshed_avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw fail("FFmpeg has no decoder for its audio (\(String(cString: woodshed_avcodec_get_name(parameters.pointee.codec_id))))")
        }
        var codec = woodshed_avcodec_alloc_context3(codecType)
        guard let codecContext = codec else { throw fail("out of memory") }
        code = woodshed_avcodec_parameters_to_context(codecContext, parameters)
        codecContext.pointee.pkt_timebase = timeBase
        // Frames are placed by their timestamps, the priming ones (before frame 0) dropped here:
        // libavcodec's own skipping is told only on the first packet read, not after a seek.
        codecContext.pointee.flags2 |= Int32(AV_CODEC_FLAG2_SKIP_MANUAL)
        if code >= 0 { code = woodshed_avcodec_open2(codecContext, codecType, nil) }
        guard code >= 0 else {
            woodshed_avcodec_free_context(&codec)
            throw fail(message(code))
        }
        let channels = Int(codecContext.pointee.ch_layout.nb_channels), rate = Int(codecContext.pointee.sample_rate)
        let origin = stream.pointee.start_time == Self.noTime ? 0 : stream.pointee.start_time
        var frames: Int64 = -1
        if duration > 0 {
            frames = woodshed_av_rescale_q(duration, timeBase, AVRational(num: 1, den: Int32(rate)))
        } else if context.pointee.duration > 0 {
            frames = woodshed_av_rescale(context.pointee.duration, Int64(rate), Int64(AV_TIME_BASE))
        }
        guard channels > 0, rate > 0, frames > 0 else {
            woodshed_avcodec_free_context(&codec)
            if frames == 0 { throw fail("holds no audio") }
            throw fail(channels > 0 && rate > 0 ? "its length is unknown" : "no channels or no sample rate")
        }
        // The first packet's time (before 0 when it holds the encoder's priming): seeks go no earlier.
        var earliest: Int64 = 0, first: Int64?
        if let packet = woodshed_av_packet_alloc() {
            while woodshed_av_read_frame(context, packet) >= 0 {
                defer { woodshed_av_packet_unref(packet) }
                guard packet.pointee.stream_index == index else { continue }
                if packet.pointee.pts != Self.noTime {
                    first = packet.pointee.pts - origin
                    earliest = min(0, woodshed_av_rescale_q(packet.pointee.pts - origin, timeBase, AVRational(num: 1, den: Int32(rate))))
                }
                break
            }
            var used: UnsafeMutablePointer<AVPacket>? = packet
            woodshed_av_packet_free(&used)
        }
        // With the edit applied by libavformat, the first packet starts the edit's start before frame 0.
        if let edit, first != -edit.mediaTime {
            woodshed_avcodec_free_context(&codec)
            return differ()
        }
        let frameSize = Int64(parameters.pointee.frame_size)
        let decoder = FFmpegDecoder(
            format: context, table: nil, descriptor: -1, codec: codecContext, streamIndex: index, timeBase: timeBase, origin: origin, earliest: earliest,
            channels: channels, rate: rate, frames: frames, packetFrames: frameSize > 0 ? frameSize : 4_096,
            codecName: Self.codecName(parameters.pointee.codec_id), containerName: container)
        guard decoder.seek(to: 0) else { throw .damaged(path: path, reason: decoder.failure ?? "its first frames do not decode") }
        return .opened(decoder)
    }

    /// `open` of an M4A whose packets `table` finds: libavcodec's AAC decoder, configured by
    /// the file's esds box, reads them from a copy of `descriptor`.
    private static func open(path: String, descriptor: Int32, table: MP4SampleTable) throws(AudioFileError) -> FFmpegDecoder {
        guard table.edit.trackTimeScale <= Int64(Int32.max), let codecType = woodshed_avcodec_find_decoder(AV_CODEC_ID_AAC) else {
            throw .damaged(path: path, reason: "FFmpeg has no decoder for its audio (aac)")
        }
        var codec = woodshed_avcodec_alloc_context3(codecType)
        let config = table.decoderConfig
        guard let codecContext = codec, let extradata = woodshed_av_mallocz(config.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else {
            woodshed_avcodec_free_context(&codec)
            throw .damaged(path: path, reason: "out of memory")
        }
        extradata.copyMemory(from: config, byteCount: config.count)
        codecContext.pointee.extradata = extradata.assumingMemoryBound(to: UInt8.self)
        codecContext.pointee.extradata_size = Int32(config.count)
        codecContext.pointee.sample_rate = Int32(table.rate)
        let timeBase = AVRational(num: 1, den: Int32(table.edit.trackTimeScale))
        codecContext.pointee.pkt_timebase = timeBase
        // As for libavformat's packets: frames placed by their timestamps (see `open` above).
        codecContext.pointee.flags2 |= Int32(AV_CODEC_FLAG2_SKIP_MANUAL)
        let code = woodshed_avcodec_open2(codecContext, codecType, nil)
        let channels = Int(codecContext.pointee.ch_layout.nb_channels), rate = Int(codecContext.pointee.sample_rate)
        guard code >= 0, channels > 0, rate > 0 else {
            woodshed_avcodec_free_context(&codec)
            throw .damaged(path: path, reason: code < 0 ? message(code) : "no channels or no sample rate")
        }
        let frameRate = AVRational(num: 1, den: Int32(rate))
        // The stream's length: the edit's, as libavformat takes it (mov.c, `av_rescale`).
        let duration = woodshed_av_rescale(table.edit.duration, table.edit.trackTimeScale, table.edit.movieTimeScale)
        var frames = woodshed_av_rescale_q(duration, timeBase, frameRate)
        // A file cut short, or still being written: it plays the packets that are there.
        var status = stat(), warnings: [String] = []
        let whole = fstat(descriptor, &status) == 0 ? table.wholePackets(fileSize: Int64(status.st_size)) : table.count
        if whole < table.count, frames > 0 {
            guard whole > 0 else {
                woodshed_avcodec_free_context(&codec)
                throw .truncated(path: path, expectedFrames: frames)
            }
            let last = table.packet(whole - 1)
            frames = max(1, min(frames, woodshed_av_rescale_q(last.time + last.duration, timeBase, frameRate)))
            warnings.append("\(path): the file ends before its last packet (cut short, or still being written?); "
                            + "it plays the \(String(format: "%.3f", Double(frames) / Double(rate))) s that are there")
        }
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard frames > 0, copy >= 0 else {
            woodshed_avcodec_free_context(&codec)
            throw .damaged(path: path, reason: frames > 0 ? SystemMessage.errno(errno) : "holds no audio")
        }
        let first = table.packet(0)
        let decoder = FFmpegDecoder(
            format: nil, table: table, descriptor: copy, codec: codecContext, streamIndex: 0, timeBase: timeBase, origin: 0,
            earliest: min(0, woodshed_av_rescale_q(first.time, timeBase, frameRate)), channels: channels, rate: rate,
            frames: frames, packetFrames: max(1, woodshed_av_rescale_q(first.duration, timeBase, frameRate)),
            codecName: "AAC", containerName: mp4Container)
        decoder.warnings = warnings
        guard decoder.seek(to: 0) else { throw .damaged(path: path, reason: decoder.failure ?? "its first frames do not decode") }
        return decoder
    }

    private init(format: UnsafeMutablePointer<AVFormatContext>?, table: MP4SampleTable?, descriptor: Int32,
                 codec: UnsafeMutablePointer<AVCodecContext>,
                 streamIndex: Int32, timeBase: AVRational, origin: Int64, earliest: Int64, channels: Int, rate: Int, frames: Int64,
                 packetFrames: Int64, codecName: String, containerName: String) {
        self.format = format
        self.table = table
        self.descriptor = descriptor
        self.codec = codec
        self.streamIndex = streamIndex
        self.timeBase = timeBase
        self.origin = origin
        self.earliest = earliest
        self.channels = channels
        self.rate = rate
        self.frames = frames
        self.packetFrames = packetFrames
        lead = max((Self.leadPackets + 1) * packetFrames, codecName == "Opus" ? Int64(rate) / 2 : 0)
        self.codecName = codecName
        self.containerName = containerName
        packet = woodshed_av_packet_alloc()
        frame = woodshed_av_frame_alloc()
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = packet, frame: UnsafeMutablePointer<AVFrame>? = frame
        woodshed_av_packet_free(&packet)
        woodshed_av_frame_free(&frame)
        woodshed_avcodec_free_context(&codec)
        if format != nil { woodshed_avformat_close_input(&format) }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Moves to `target` exactly (see the type's comment): a seek at least `leadPackets` packets
    /// before it (further back until the packet found is that early), then a decode up to it.
    func seek(to target: Int64) -> Bool {
        if damage.blocks(target) { return false }
        var lead = self.lead
        while true {
            let start = max(earliest, target - lead)
            let time = origin + woodshed_av_rescale_q(start, AVRational(num: 1, den: Int32(rate)), timeBase)
            guard seekPackets(to: time) else { return false }
            woodshed_avcodec_flush_buffers(codec)
            draining = false
            frameCount = 0
            frameUsed = 0
            guard nextFrame() else { return false }
            if frameStart > target - Self.leadPackets * packetFrames && start > earliest {
                lead *= 2
                continue
            }
            while frameStart + Int64(frameCount) <= target {
                guard nextFrame() else { return false }
            }
            guard frameStart <= target else { return false }
            frameUsed = Int(target - frameStart)
            position = target
            return true
        }
    }

    /// Reads up to `frames` interleaved frames; fewer at the end of the stream or where it cannot
    /// be decoded (`failure` then says why, and the stream ends there).
    func read(into buffer: UnsafeMutablePointer<Float>, frames wanted: Int) -> Int {
        let allowed = damage.allowed(Int(max(0, min(Int64(wanted), self.frames - position))), from: position)
        var filled = 0
        while filled < allowed {
            if frameUsed >= frameCount {
                guard nextFrame() else { break }
                if frameStart != position {
                    damage.stop(at: position, because: "a gap in the stream's timestamps")
                    break
                }
            }
            let n = min(frameCount - frameUsed, allowed - filled)
            copy(n, into: buffer + filled * channels)
            frameUsed += n
            filled += n
            position += Int64(n)
        }
        return filled
    }

    /// Decodes the next frame of the stream into `frame` (placed at `frameStart`); false at the
    /// end or on an error (then `failure` says why).
    private func nextFrame() -> Bool {
        let next = frameStart + Int64(frameCount)
        while true {
            let received = woodshed_avcodec_receive_frame(codec, frame)
            if received == 0 {
                let pts = frame.pointee.pts
                frameStart = pts == Self.noTime
                    ? next : woodshed_av_rescale_q(pts - origin, timeBase, AVRational(num: 1, den: Int32(rate)))
                frameCount = Int(frame.pointee.nb_samples)
                frameUsed = 0
                if frame.pointee.ch_layout.nb_channels != Int32(channels) || frame.pointee.sample_rate != Int32(rate) {
                    damage.stop(at: frameStart, because: "a part of the stream with other channels or another rate")
                    return false
                }
                return true
            }
            if received == woodshed_averror_eof() { return false }
            guard received == woodshed_averror_again(), !draining else {
                damage.stop(at: next, because: Self.message(received))
                return false
            }
            let read = readPacket()
            if read < 0 {
                guard read == woodshed_averror_eof() else {
                    damage.stop(at: next, because: Self.message(read))
                    return false
                }
                draining = true
                woodshed_avcodec_send_packet(codec, nil)
                continue
            }
            defer { woodshed_av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = woodshed_avcodec_send_packet(codec, packet)
            if sent < 0 && sent != woodshed_averror_again() {
                damage.stop(at: next, because: Self.message(sent))
                return false
            }
        }
    }

    /// Moves the demuxer to the last packet at or before `time` (in the stream's time base).
    private func seekPackets(to time: Int64) -> Bool {
        guard let table else { return woodshed_av_seek_frame(format, streamIndex, time, AVSEEK_FLAG_BACKWARD) >= 0 }
        nextPacket = table.packet(at: time)
        return true
    }

    /// Reads the next packet of the stream into `packet`: 0, AVERROR_EOF at the end (or where
    /// the file ends early: what exists plays), another negative AVERROR on an error.
    private func readPacket() -> Int32 {
        guard let table else { return woodshed_av_read_frame(format, packet) }
        guard nextPacket < table.count else { return woodshed_averror_eof() }
        let next = table.packet(nextPacket)
        guard next.size <= MP4SampleTable.largestPacket else { return woodshed_averror_invalid_data() }
        let made = woodshed_av_new_packet(packet, Int32(next.size))
        guard made >= 0 else { return made }
        let read = pread(descriptor, packet.pointee.data, next.size, off_t(next.offset))
        guard read == next.size else {
            let error = errno
            woodshed_av_packet_unref(packet)
            return read < 0 ? -error : woodshed_averror_eof()
        }
        packet.pointee.pts = next.time
        packet.pointee.dts = next.time
        packet.pointee.duration = next.duration
        packet.pointee.stream_index = streamIndex
        nextPacket += 1
        return 0
    }

    /// Copies `count` frames of the decoded frame, from `frameUsed` on, as interleaved floats.
    private func copy(_ count: Int, into output: UnsafeMutablePointer<Float>) {
        let format = AVSampleFormat(rawValue: frame.pointee.format)
        let planar = woodshed_av_sample_fmt_is_planar(format) != 0
        let packed = woodshed_av_get_packed_sample_fmt(format)
        let planes = frame.pointee.extended_data!
        for channel in 0..<channels {
            let base = UnsafeRawPointer(planes[planar ? channel : 0]!)
            for i in 0..<count {
                let at = planar ? frameUsed + i : (frameUsed + i) * channels + channel
                let value: Float = switch packed {
                case AV_SAMPLE_FMT_FLT: base.load(fromByteOffset: 4 * at, as: Float.self)
                case AV_SAMPLE_FMT_DBL: Float(base.load(fromByteOffset: 8 * at, as: Double.self))
                case AV_SAMPLE_FMT_S16: Float(base.load(fromByteOffset: 2 * at, as: Int16.self)) / 32_768
                case AV_SAMPLE_FMT_S32: Float(Double(base.load(fromByteOffset: 4 * at, as: Int32.self)) / 2_147_483_648)
                case AV_SAMPLE_FMT_U8: (Float(base.load(fromByteOffset: at, as: UInt8.self)) - 128) / 128
                default: 0
                }
                output[i * channels + channel] = value
            }
        }
    }

    /// FFmpeg's message for an error code, on one line.
    static func message(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 256)
        woodshed_av_strerror(code, &text, text.count)
        return SystemMessage.oneLine(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The codec's name as users know it: "AAC", "ALAC", else FFmpeg's short name in capitals.
    static func codecName(_ id: AVCodecID) -> String {
        switch id {
        case AV_CODEC_ID_AAC: "AAC"
        case AV_CODEC_ID_ALAC: "ALAC"
        case AV_CODEC_ID_OPUS: "Opus"
        case AV_CODEC_ID_VORBIS: "Vorbis"
        case AV_CODEC_ID_MP3: "MP3"
        default: String(cString: woodshed_avcodec_get_name(id)).uppercased()
        }
    }
}

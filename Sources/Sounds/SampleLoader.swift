import Media
import CSndFile
import RenderGraph
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads the user's click samples: `--sound a.wav` or `--sound accent.wav,normal.wav`. Control thread.
///
/// Reads WAV, FLAC, Ogg: anything libsndfile reads. Each file is mixed to mono (the mean of its
/// channels) and resampled to the output rate with libsamplerate when the rates differ.
///
/// Leading silence at or below −60 dBFS is cut off, before and after resampling, so the sample's
/// first audible frame (its onset) sits on the click's frame: a sample that starts with 5 ms of
/// silence would otherwise sound 5 ms late. A sample that fades in slowly is heard where it
/// crosses −60 dBFS, which an onset detector set at −40 dBFS finds a little later. The level is
/// kept as recorded; the tail is not trimmed or faded.
public enum SampleLoader {
    /// Longer files are refused: a click is a short sound, and the renderer keeps it in memory.
    public static let maximumSeconds = 2.0

    /// Samples at or below this (−60 dBFS) count as leading silence.
    public static let silenceLevel: Float = 0.001

    /// The subdivision wave is the normal wave at this gain.
    public static let subdivisionGain: Float = 0.5

    /// One path: the sample for accent and normal clicks; two: accent, then normal. The
    /// subdivision is the normal sample at half level. Throws `SoundError`.
    public static func waves(paths: [String], rate: Int) throws(SoundError) -> ClickWaves {
        try ClickWaves.checkRate(rate)
        guard let first = paths.first, paths.count <= 2 else {
            throw .badSoundList(paths.joined(separator: ","),
                                reason: "give one or two sound files (accent,normal)")
        }
        let accent = try load(path: first, rate: rate)
        let normal = paths.count == 2 ? try load(path: paths[1], rate: rate) : accent
        return ClickWaves(accent: accent, normal: normal,
                          subdivision: normal.map { $0 * subdivisionGain }, rate: rate)
    }

    /// `waves(paths:rate:)`, ready for the renderer, named after the files.
    public static func clickSounds(paths: [String], rate: Int) throws(SoundError) -> ClickSounds {
        let name = paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ",")
        return try waves(paths: paths, rate: rate).clickSounds(name: name)
    }

    /// One file as a mono wave at `rate` Hz, leading silence cut off. Throws `SoundError`.
    public static func load(path: String, rate: Int) throws(SoundError) -> [Float] {
        try ClickWaves.checkRate(rate)
        let (samples, fileRate) = try readMono(path: path)
        var wave = try trimmingLeadingSilence(samples, path: path)
        if fileRate != rate {
            wave = try Resampler.resample(wave, from: fileRate, to: rate, path: path)
            wave = try trimmingLeadingSilence(wave, path: path)
        }
        return wave
    }

    /// The file's frames mixed to mono, and its rate.
    static func readMono(path: String) throws(SoundError) -> (samples: [Float], rate: Int) {
        // Open the file ourselves: the system's reason ("No such file or directory") is clearer
        // than libsndfile's wrapping of it.
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: systemError(errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .cannotOpen(path: path, reason: systemError(errno)) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .cannotOpen(path: path, reason: systemError(EISDIR)) }
        if status.st_size == 0 { throw .empty(path: path) }

        // libsndfile gets a duplicate it owns: it closes the descriptor of a failed sf_open_fd
        // even when told not to (1.2.0), and a second close(fd) here would then close whatever
        // another thread had opened under that number meanwhile.
        let duplicate = dup(fd)
        guard duplicate >= 0 else { throw .cannotOpen(path: path, reason: systemError(errno)) }
        var info = SF_INFO()
        guard let file = sf_open_fd(duplicate, Int32(SFM_READ), &info, Int32(SF_TRUE)) else {
            throw .notAudio(path: path, reason: SystemMessage.sndfile(nil))
        }
        defer { sf_close(file) }
        let channels = Int(info.channels), fileRate = Int(info.samplerate), frames = Int(info.frames)
        guard channels > 0, fileRate > 0 else {
            throw .notAudio(path: path, reason: "no channels or no sample rate")
        }
        if frames <= 0 { throw .empty(path: path) }
        if Double(frames) > maximumSeconds * Double(fileRate) {
            throw .tooLong(path: path, seconds: Double(frames) / Double(fileRate))
        }

        var interleaved = [Float](repeating: 0, count: frames * channels)
        let read = interleaved.withUnsafeMutableBufferPointer { buffer in
            Int(sf_readf_float(file, buffer.baseAddress, sf_count_t(frames)))
        }
        if read <= 0 {
            let reason = SystemMessage.sndfile(file)
            throw read == 0 ? .empty(path: path) : .notAudio(path: path, reason: reason)
        }
        if channels == 1 { return (Array(interleaved.prefix(read)), fileRate) }
        var mono = [Float](repeating: 0, count: read)
        let gain = 1 / Float(channels)
        for frame in 0..<read {
            var sum: Float = 0
            for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
            mono[frame] = sum * gain
        }
        return (mono, fileRate)
    }

    /// `wave` from its first sample above −60 dBFS; throws `.silent` if there is none.
    static func trimmingLeadingSilence(_ wave: [Float], path: String) throws(SoundError) -> [Float] {
        guard let onset = wave.firstIndex(where: { abs($0) > silenceLevel }) else {
            throw .silent(path: path)
        }
        return Array(wave[onset...])
    }

    private static func systemError(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

import CSndFile
import Foundation

/// The opening thread (a worker). Decodes a source once, sequentially, into a decode cache
/// file: written under a temporary name, flushed to disk, then renamed into place, so a copy
/// under the final name is always complete. Memory stays bounded: one chunk at a time.
enum CacheDecoder {
    /// Frames decoded and written per step.
    static let chunkFrames = 8192

    /// Decodes `source` (at frame 0) into `path` in `directory`, labelled with `key`. Calls
    /// `progress` with fractions from 0 to 1, on this thread, ending with exactly 1.
    static func decode(_ source: SourceFile, to path: String, in directory: String, key: String,
                       progress: ((Double) -> Void)?) throws(AudioFileError) {
        let sourcePath = source.info.path
        func notWritable(_ reason: String) -> AudioFileError {
            .cacheNotWritable(path: sourcePath, directory: directory, reason: reason)
        }
        let entry = String(path.split(separator: "/").last ?? "")
        let temporary = directory + "/" + CacheFolder.temporaryName(for: entry)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw notWritable(SystemMessage.errno(errno)) }

        var request = SF_INFO()
        request.samplerate = Int32(source.info.rate)
        request.channels = Int32(CacheFormat.channels(forSource: source.info.channels))
        request.format = CacheFormat.sndfileFormat
        var finished = false
        defer {
            close(descriptor)
            if !finished { unlink(temporary) }
        }
        guard let copy = SoundFile(descriptor: descriptor, mode: Int32(SFM_WRITE), info: request) else {
            throw notWritable(SystemMessage.sndfile(nil))
        }
        defer { copy.close() }
        copy.setNormalisedFloats(false)
        guard copy.setComment(key) else { throw notWritable("cannot label the copy: \(copy.errorMessage)") }

        progress?(0)
        let frames = try writeFrames(of: source, into: copy, progress: progress, notWritable: notWritable)
        if frames == 0 { throw .noFrames(path: sourcePath) }

        guard copy.close() else { throw notWritable("closing failed") }
        guard fsync(descriptor) == 0 else { throw notWritable(SystemMessage.errno(errno)) }
        guard rename(temporary, path) == 0 else { throw notWritable(SystemMessage.errno(errno)) }
        finished = true
        progress?(1)
    }

    /// Copies every frame of `source` into `copy`; the number of frames.
    private static func writeFrames(of source: SourceFile, into copy: SoundFile, progress: ((Double) -> Void)?,
                                    notWritable: (String) -> AudioFileError) throws(AudioFileError) -> Int64 {
        let inChannels = source.info.channels, outChannels = copy.channels
        let input = UnsafeMutablePointer<Float>.allocate(capacity: chunkFrames * inChannels)
        let output = UnsafeMutablePointer<Float>.allocate(capacity: chunkFrames * outChannels)
        defer {
            input.deallocate()
            output.deallocate()
        }
        let expected = Double(source.info.frames)
        var written: Int64 = 0, reported = 0.0
        while true {
            let got = source.decoder.read(into: input, frames: chunkFrames)
            if got <= 0 { break }
            for frame in 0..<got {
                for channel in 0..<outChannels {
                    output[frame * outChannels + channel] = CacheFormat.stored(input[frame * inChannels + channel])
                }
            }
            guard copy.write(output, frames: got) else { throw notWritable(copy.errorMessage) }
            written += Int64(got)
            // At most about 500 calls; never 1 before the copy is in place.
            let fraction = min(Double(written) / expected, 0.999)
            if fraction - reported >= 0.002 {
                reported = fraction
                progress?(fraction)
            }
        }
        if let failure = source.decoder.failure {
            throw .decodeFailed(path: source.info.path, reason: failure)
        }
        return written
    }
}

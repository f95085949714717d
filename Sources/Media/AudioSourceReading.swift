/// Worker threads only: reading stereo frames from an `AudioSource`.
extension AudioSource {
    /// Reads `count` stereo frames, interleaved L R, starting at source frame `start` (which may
    /// be negative or past the end: zeros there). Mono is duplicated to both sides; more than
    /// two channels: the first two. Always fills all `count` frames (zeros from where the file
    /// cannot be read: past damage found while reading, see `readFailure`). Exact at every position in
    /// every format. Memory is bounded: one chunk of the file at a time.
    public func read(from start: Int64, count: Int, into buffer: UnsafeMutablePointer<Float>) {
        precondition(count >= 0, "AudioSource.read: negative count \(count)")
        var done = 0, frame = start
        if frame < 0 {
            let silent = frame < -Int64(count) ? count : Int(-frame)
            buffer.update(repeating: 0, count: 2 * silent)
            done = silent
            frame += Int64(silent)
        }
        while done < count && frame < info.frames {
            let wanted = Int(min(Int64(min(count - done, Self.chunkFrames)), info.frames - frame))
            let got = readChunk(at: frame, frames: wanted, into: buffer + 2 * done)
            done += got
            frame += Int64(got)
            if got < wanted {
                noteStop(at: frame)
                break
            }
        }
        (buffer + 2 * done).update(repeating: 0, count: 2 * (count - done))
    }

    /// Keeps the first place where the file gave fewer frames than its length promised.
    private func noteStop(at frame: Int64) {
        let reason = decoder.failure ?? ReadStop.endedEarly
        failure.withLock { if $0 == nil { $0 = ReadStop(frame: frame, reason: reason) } }
    }

    /// Reads up to `frames` (at most one chunk) from `frame` as stereo into `output`; the number read.
    private func readChunk(at frame: Int64, frames: Int, into output: UnsafeMutablePointer<Float>) -> Int {
        if indexingPending && indexingAllowed.load(ordering: .acquiring) {
            indexingPending = false
            (decoder as? MP3Decoder)?.startIndexing()
        }
        if position != frame {
            guard decoder.seek(to: frame) else {
                position = nil
                return 0
            }
        }
        let target = channels == 2 ? output : scratch
        let got = max(decoder.read(into: target, frames: frames), 0)
        position = got == frames ? frame + Int64(got) : nil
        switch channels {
        case 1:
            for i in 0..<got {
                output[2 * i] = scratch[i]
                output[2 * i + 1] = scratch[i]
            }
        case 2:
            break
        default:
            for i in 0..<got {
                output[2 * i] = scratch[i * channels]
                output[2 * i + 1] = scratch[i * channels + 1]
            }
        }
        return got
    }
}

/// Worker threads only (it reads an `AudioSource`). The power of an audio file in consecutive
/// 10 ms windows, measured in one pass that reads one block at a time: memory is the block and
/// one `Float` per window (2.9 MB for two hours), never the audio itself.
///
/// A frame's power is the mean of its two channels' squares, (L² + R²) / 2: the energy of a
/// mono mix that channels in opposite phase cannot cancel. A window's power is the mean over
/// its frames; the last window may be shorter.
struct WindowLevels {
    /// Frames per window (`SplitSettings.window`).
    let window: Int
    /// Mean power per window, from frame 0 on.
    let power: [Float]
    /// Frames in the audio.
    let frames: Int64

    /// Windows per block read.
    static let windowsPerRead = 256

    /// Reads all of `source`. `progress` gets fractions from 0 to 1 (1 at the end) on this thread.
    init(source: AudioSource, window: Int, progress: ((Double) -> Void)?) {
        let frames = source.info.frames
        let blockFrames = window * Self.windowsPerRead
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * blockFrames)
        defer { buffer.deallocate() }
        let count = Int((frames + Int64(window) - 1) / Int64(window))
        var power = [Float](repeating: 0, count: count)
        var start: Int64 = 0, k = 0
        while start < frames {
            let n = Int(min(Int64(blockFrames), frames - start))
            source.read(from: start, count: n, into: buffer)
            var i = 0
            while i < n {
                let m = min(window, n - i)
                var sum = 0.0
                for j in i..<(i + m) {
                    let l = Double(buffer[2 * j]), r = Double(buffer[2 * j + 1])
                    sum += l * l + r * r
                }
                power[k] = Float(sum / Double(2 * m))
                k += 1
                i += m
            }
            start += Int64(n)
            progress?(Double(start) / Double(frames))
        }
        if frames == 0 { progress?(1) }
        self.window = window
        self.power = power
        self.frames = frames
    }
}

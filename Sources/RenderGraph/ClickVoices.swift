import WoodshedCore

/// A fixed pool of sounding clicks, mixed additively so overlapping clicks do not cut each
/// other off: the metronome's clicks and the rehearsal player's. Its owner's thread only (the
/// render thread, or the player's worker); its storage is allocated once, before.
public struct ClickVoices {
    struct Voice {
        var wave: UnsafeMutablePointer<Float>
        var length: Int
        var position: Int
        var gain: Float
    }

    let voices: UnsafeMutablePointer<Voice>
    let capacity: Int
    public internal(set) var count = 0

    /// Before the first use (the control thread, for the renderer).
    public init(capacity: Int = 32) {
        self.capacity = capacity
        voices = .allocate(capacity: capacity)
    }

    /// Once its owner is done with it (the control thread, once the renderer is retired).
    public func deallocate() { voices.deallocate() }

    /// Starts a click whose first sample lands at `offset` in the current buffer and mixes its
    /// first part into `out`. If the pool is full, the voice in slot 0 is dropped.

    public mutating func start(wave: UnsafeMutableBufferPointer<Float>, gain: Float, offset: Int,
                               into out: UnsafeMutablePointer<Float>, frames: Int) {
        guard let base = wave.baseAddress, wave.count > 0 else { return }
        var v = Voice(wave: base, length: wave.count, position: 0, gain: gain)
        let n = min(frames - offset, v.length)
        Self.mix(v.wave, count: n, gain: gain, into: out + offset)
        v.position = n
        guard v.position < v.length else { return }
        if count == capacity {
            for i in 1..<capacity { voices[i - 1] = voices[i] }
            count -= 1
        }
        voices[count] = v
        count += 1
    }

    /// Mixes the continuation of every sounding voice into `out[0..<frames]`.

    public mutating func continueAll(into out: UnsafeMutablePointer<Float>, frames: Int) {
        var i = 0
        while i < count {
            var v = voices[i]
            let n = min(frames, v.length - v.position)
            Self.mix(v.wave + v.position, count: n, gain: v.gain, into: out)
            v.position += n
            if v.position >= v.length {
                count -= 1
                voices[i] = voices[count]
            } else {
                voices[i] = v
                i += 1
            }
        }
    }

    /// Drops all voices (on locate).
    public mutating func silence() { count = 0 }

    @inline(__always)
    static func mix(_ src: UnsafeMutablePointer<Float>, count: Int, gain: Float, into dst: UnsafeMutablePointer<Float>) {
        for k in 0..<count { dst[k] += src[k] * gain }
    }
}

import RealtimeKit

/// The output graph's input node: copies each cycle's input (`woodshed:in`) with the turn
/// marks the player's deck wrote for the cycle into an `InputRing`, for the recorder's worker
/// to write and analyse. `process`: the render thread only; the marks are written there by the
/// deck through `turnMarks`. Allocated and freed on the control thread (one capture serves
/// every connection's graph, one at a time).
public struct InputCapture: @unchecked Sendable {
    /// The frames of one cycle, at most (JACK's largest period).
    public static let maxCycleFrames = 8192

    public let ring: InputRing
    /// This cycle's marks, one per frame: the deck writes its turns, 0 elsewhere.
    public let turnMarks: UnsafeMutablePointer<UInt32>
    /// Zeros, for a cycle without an input buffer.
    let silence: UnsafeMutablePointer<Float>

    /// Control thread. `frames` of input fit in the ring (rounded up to a power of two; by
    /// default 2^18, 5.4 s at 48 kHz).
    public static func allocate(frames: Int = 1 << 18) -> InputCapture {
        let marks = UnsafeMutablePointer<UInt32>.allocate(capacity: maxCycleFrames)
        marks.initialize(repeating: 0, count: maxCycleFrames)
        let zeros = UnsafeMutablePointer<Float>.allocate(capacity: maxCycleFrames)
        zeros.initialize(repeating: 0, count: maxCycleFrames)
        return InputCapture(ring: .allocate(capacity: frames), turnMarks: marks, silence: zeros)
    }

    /// Control thread, once no cycle runs and the reader has stopped. Frees the ring too.
    public func deallocate() {
        turnMarks.deallocate()
        silence.deallocate()
        ring.deallocate()
    }

    /// Before the deck renders: no turn in this cycle yet. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @inline(__always)
    public func clearMarks(frames: Int) {
        turnMarks.update(repeating: 0, count: min(frames, Self.maxCycleFrames))
    }

    /// Copies the cycle's input (nil: silence, as when the port is not connected) and its marks
    /// into the ring; a cycle that does not fit is dropped and counted. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, input: UnsafePointer<Float>?) {
        var done = 0
        while done < frames {
            let n = min(frames - done, Self.maxCycleFrames)
            let marks = done == 0 ? UnsafePointer(turnMarks) : nil
            if let input {
                _ = ring.tryWrite(input + done, marks: marks, count: n)
            } else {
                _ = ring.tryWrite(silence, marks: marks, count: n)
            }
            done += n
        }
    }
}

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
    /// `click --coach`: where the input lies on the click's timeline (nil: not kept).
    public let stamps: CommandRing<InputStamp>?
    /// The last stamp pushed: [0] timeline − input frame, [1] running (0/1), [2] pushed yet (0/1).
    let stampState: UnsafeMutablePointer<Int64>
    /// False for `unread()`: nothing reads the ring, so `process` copies nothing.
    public var keepsInput = true

    /// Control thread. `frames` of input fit in the ring (rounded up to a power of two; by
    /// default 2^18, 5.4 s at 48 kHz).
    /// `stamps`: also say where the input lies on the click's timeline (`InputStamp`).
    public static func allocate(frames: Int = 1 << 18, stamps: Bool = false) -> InputCapture {
        let marks = UnsafeMutablePointer<UInt32>.allocate(capacity: maxCycleFrames)
        marks.initialize(repeating: 0, count: maxCycleFrames)
        let zeros = UnsafeMutablePointer<Float>.allocate(capacity: maxCycleFrames)
        zeros.initialize(repeating: 0, count: maxCycleFrames)
        let state = UnsafeMutablePointer<Int64>.allocate(capacity: 3)
        state.initialize(repeating: 0, count: 3)
        return InputCapture(ring: .allocate(capacity: frames), turnMarks: marks, silence: zeros,
                            stamps: stamps ? .allocate(capacity: 1024) : nil, stampState: state)
    }

    /// Control thread. `woodshed:in` with nothing reading it (no `--record`, no `--coach`): the
    /// port is there, its input is dropped, and no buffer is filled — the marks are written
    /// only as far as the deck's cycles reach, so the capture costs a page or two of memory.
    public static func unread() -> InputCapture {
        // Trivial values, always written (clearMarks) before they are read: left uninitialised
        // so that their untouched pages stay out of memory.
        let marks = UnsafeMutablePointer<UInt32>.allocate(capacity: maxCycleFrames)
        let zeros = UnsafeMutablePointer<Float>.allocate(capacity: 1)
        zeros.initialize(to: 0)
        let state = UnsafeMutablePointer<Int64>.allocate(capacity: 3)
        state.initialize(repeating: 0, count: 3)
        var capture = InputCapture(ring: .allocate(capacity: 2), turnMarks: marks, silence: zeros, stamps: nil, stampState: state)
        capture.keepsInput = false
        return capture
    }

    /// Control thread, once no cycle runs and the reader has stopped. Frees the ring too.
    public func deallocate() {
        turnMarks.deallocate()
        silence.deallocate()
        ring.deallocate()
        stamps?.deallocate()
        stampState.deallocate()
    }

    /// Before the cycle's input is written: a stamp when the input's place on the timeline
    /// changed (`timeline`: the timeline frame of the cycle's first frame; nil: the click is
    /// stopped). A full stamp ring is tried again next cycle. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @inline(__always)
    public func stamp(timeline: Int64?) {
        guard let stamps else { return }
        let at = Int64(ring.written)
        let running: Int64 = timeline == nil ? 0 : 1
        let offset = (timeline ?? 0) &- at
        if stampState[2] == 1 && stampState[1] == running && (running == 0 || stampState[0] == offset) { return }
        if stamps.tryPush(InputStamp(inputFrame: at, timelineFrame: timeline ?? 0, running: running == 1)) {
            stampState[0] = offset
            stampState[1] = running
            stampState[2] = 1
        }
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
        guard keepsInput else { return }
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

import CJack
#if WOODSHED_RTSAN
import Glibc
#endif
import RenderGraph
import Synchronization
import WoodshedCore

/// Everything the JACK process and timebase callbacks touch. Built by the control thread for
/// one connection (one client, one renderer), then read and written by the JACK process thread
/// only, except the atomics, which are how the two threads talk. Freed by the control thread
/// after the client is closed.
public final class RenderContext: @unchecked Sendable {
    /// Transport modes as plain integers for the render thread.
    public enum Mode: Int { case free = 0, follow = 1, master = 2 }

    /// Owns the renderer; the render thread reads it through `renderer` (no reference counting).
    let rendererOwner: Renderer
    let renderer: Unmanaged<Renderer>
    let mode: Mode
    /// Bars of count-in, to number JACK bars from 1 at frame 0.
    let barOffset: Int64
    var client: OpaquePointer?
    var port: OpaquePointer?
    var clock = ServerClock()
    var position = jack_position_t()

    // Written by JACK threads, read by the control thread.
    let xruns = Atomic<Int>(0)
    let skippedCycles = Atomic<Int>(0)
    let serverGone = Atomic<Bool>(false)
    let bufferSize = Atomic<Int>(0)
    let rolling = Atomic<Bool>(false)
    /// Follow mode: the master's BBT tempo (thousandths of a quarter-note BPM), meter; 0: none.
    let masterMilliBPM = Atomic<Int64>(0)
    let masterBeats = Atomic<Int>(0)
    let masterBeatType = Atomic<Int>(0)

    init(renderer: Renderer, mode: Mode, barOffset: Int64) {
        self.rendererOwner = renderer
        self.renderer = Unmanaged.passUnretained(renderer)
        self.mode = mode
        self.barOffset = barOffset
    }

    /// One JACK cycle: the JACK calls (port buffer, server frame, transport), then `render`.
    /// Render thread. JACK's own functions are opaque to the compile-time check; RTSan covers them.
    func process(_ nframes: UInt32) {
        guard let client, let port else { return }
        guard let raw = jack_port_get_buffer(port, nframes) else { return }
        let out = raw.assumingMemoryBound(to: Float.self)
        let serverFrame = jack_last_frame_time(client)
        var rollingNow = false
        if mode != .free {
            rollingNow = jack_transport_query(client, &position) == JackTransportRolling
        }
        render(nframes: nframes, out: out, serverFrame: serverFrame, rolling: rollingNow)
        #if WOODSHED_RTSAN
        if allocateInCallback { RenderContext.negativeControl() }
        #endif
    }

    #if WOODSHED_RTSAN
    /// `make rtcheck`'s negative control (WOODSHED_RTCHECK_ALLOCATE=1): allocate in the
    /// callback so RealtimeSanitizer must report it. Only in the RTSan build.
    var allocateInCallback = getenv("WOODSHED_RTCHECK_ALLOCATE") != nil

    @inline(never)
    static func negativeControl() {
        let p = UnsafeMutablePointer<Float>.allocate(capacity: 64)
        p.deallocate()
    }
    #endif

    /// The render entry point of a live cycle. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    func render(nframes: UInt32, out: UnsafeMutablePointer<Float>, serverFrame: UInt32, rolling isRolling: Bool) {
        let skipped = clock.cycle(raw: serverFrame, nframes: nframes)
        if skipped > 0 { skippedCycles.add(1, ordering: .relaxed) }
        switch mode {
        case .free:
            renderer._withUnsafeGuaranteedRef { $0.process(frames: Int(nframes), click: out, skipped: skipped) }
        case .follow, .master:
            rolling.store(isRolling, ordering: .relaxed)
            let pos = position
            if mode == .follow {
                let hasBBT = pos.valid.rawValue & JackPositionBBT.rawValue != 0
                if hasBBT && pos.beat_type > 0 {
                    // JACK counts beat_type notes per minute: quarters = bpm · 4 / beat_type.
                    let quarters = pos.beats_per_minute * 4 / Double(pos.beat_type)
                    masterMilliBPM.store(ExactMath.floor(quarters * 1000 + 0.5), ordering: .relaxed)
                    masterBeats.store(Int(pos.beats_per_bar), ordering: .relaxed)
                    masterBeatType.store(Int(pos.beat_type), ordering: .relaxed)
                } else {
                    masterMilliBPM.store(0, ordering: .relaxed)
                }
            }
            let frame = Int64(pos.frame)
            renderer._withUnsafeGuaranteedRef { $0.process(frames: Int(nframes), click: out, transportFrame: frame, rolling: isRolling) }
        }
    }

    /// The timebase master's part: bar, beat and tick at `pos.frame` (the next cycle's first
    /// frame) from the renderer's own clicks. Render thread, right after `process`.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    func fillBBT(_ pos: UnsafeMutablePointer<jack_position_t>) {
        let frame = Int64(pos.pointee.frame)
        let p = renderer._withUnsafeGuaranteedRef { $0.musicalPosition(at: frame) }
        let ticksPerBeat = 1920.0
        var tick = ExactMath.floor(p.beatFraction * ticksPerBeat)
        if tick > 1919 { tick = 1919 }
        if tick < 0 { tick = 0 }
        let bar = p.bar + barOffset + 1
        pos.pointee.valid = JackPositionBBT
        pos.pointee.bar = Int32(truncatingIfNeeded: bar)
        pos.pointee.beat = Int32(truncatingIfNeeded: p.beat + 1)
        pos.pointee.tick = Int32(truncatingIfNeeded: tick)
        pos.pointee.beats_per_bar = Float(p.beatsPerBar)
        pos.pointee.beat_type = Float(p.denominator)
        pos.pointee.ticks_per_beat = ticksPerBeat
        pos.pointee.bar_start_tick = Double((bar - 1) * p.beatsPerBar) * ticksPerBeat
        // JACK's tempo counts beat_type notes: BPM_jack = BPM_quarter · beat_type / 4.
        pos.pointee.beats_per_minute = Double(p.milliBPM) / 1000 * Double(p.denominator) / 4
    }
}

import CJack
import Glibc
import RenderGraph
import Synchronization
import WoodshedCore

/// The JACK side of one connection (the process handler's glue): the ports, the server's
/// clock and transport, and the `OutputGraph` it calls each cycle with the port buffers. Built
/// by the control thread for one connection (one client, one graph), then read and written by
/// the JACK process thread only, except the atomics, which are how the two threads talk. Freed
/// by the control thread after the client is closed.
public final class RenderContext: @unchecked Sendable {
    /// Transport modes as plain integers for the render thread.
    public enum Mode: Int { case free = 0, follow = 1, master = 2 }

    /// Owns the graph; the render thread reads it through `graph` (no reference counting).
    let graphOwner: OutputGraph
    let graph: Unmanaged<OutputGraph>
    let mode: Mode
    /// Bars of count-in, to number JACK bars from 1 at frame 0.
    let barOffset: Int64
    var client: OpaquePointer?
    var port: OpaquePointer?
    var midiInPort: OpaquePointer?
    var clockPort: OpaquePointer?
    /// music_L and music_R, when the graph has music (the player's deck, the noise).
    var musicLeftPort: OpaquePointer?
    var musicRightPort: OpaquePointer?
    /// `in`, when the graph captures input.
    var inputPort: OpaquePointer?
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
    /// Set by the control thread when the client is handed over to be closed (see `retire`):
    /// from then on the callbacks write silence and touch nothing the app may free.
    let retired = Atomic<Bool>(false)
    /// True while a callback that found `retired` false runs (render thread).
    let inCallback = Atomic<Bool>(false)

    init(graph: OutputGraph, mode: Mode, barOffset: Int64) {
        graphOwner = graph
        self.graph = Unmanaged.passUnretained(graph)
        self.mode = mode
        self.barOffset = barOffset
    }

    /// One JACK cycle: the port buffers, the server frame, the transport and MIDI in, then
    /// the graph (`render`), then MIDI clock out. Render thread. JACK's own functions are opaque
    /// to the compile-time check; RTSan covers them.
    func process(_ nframes: UInt32) {
        guard let client, let port else { return }
        guard let raw = jack_port_get_buffer(port, nframes) else { return }
        let out = raw.assumingMemoryBound(to: Float.self)
        let serverFrame = jack_last_frame_time(client)
        var rollingNow = false
        if mode != .free {
            rollingNow = jack_transport_query(client, &position) == JackTransportRolling
        }
        if let midiInPort { readMIDI(midiInPort, nframes) }
        var left: UnsafeMutablePointer<Float>?, right: UnsafeMutablePointer<Float>?
        if let lp = musicLeftPort, let rp = musicRightPort,
           let l = jack_port_get_buffer(lp, nframes), let r = jack_port_get_buffer(rp, nframes) {
            left = l.assumingMemoryBound(to: Float.self)
            right = r.assumingMemoryBound(to: Float.self)
        }
        var input: UnsafePointer<Float>?
        if let ip = inputPort, let i = jack_port_get_buffer(ip, nframes) { input = UnsafePointer(i.assumingMemoryBound(to: Float.self)) }
        render(nframes: nframes, out: out, left: left, right: right, serverFrame: serverFrame, rolling: rollingNow, input: input)
        if let clockPort { writeMIDI(clockPort, nframes) }
        #if WOODSHED_RTSAN
        if allocateInCallback { RenderContext.negativeControl() }
        #endif
    }

    /// The start of a callback: true when it may do its work, false when the context is
    /// retired (then it writes silence at most). Pair each with `leaveCallback()`. Render
    /// thread. With `retire`, a Dekker handshake: each side stores its flag, then loads the
    /// other's (sequentially consistent), so a callback either sees `retired` or is waited for.
    @inline(__always)
    func enterCallback() -> Bool {
        inCallback.store(true, ordering: .sequentiallyConsistent)
        return !retired.load(ordering: .sequentiallyConsistent)
    }

    /// The end of a callback. Render thread.
    @inline(__always)
    func leaveCallback() { inCallback.store(false, ordering: .releasing) }

    /// Stops the callbacks from touching the graph (the renderer, the player's deck or the app's
    /// snapshots (the app frees them after `JackBackend.stop()`, while a close that a stopping
    /// server holds up may still let a cycle run), and waits up to `timeout` seconds for a
    /// callback that is running to return. Control thread; false when one still ran then.
    @discardableResult
    func retire(timeout: Double) -> Bool {
        retired.store(true, ordering: .sequentiallyConsistent)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while inCallback.load(ordering: .sequentiallyConsistent) {
            if ContinuousClock.now >= deadline { return false }
            usleep(100)
        }
        return true
    }

    /// A retired cycle: silence on the audio ports, no MIDI clock. Render thread.
    func silence(_ nframes: UInt32) {
        Self.zero(port, nframes)
        Self.zero(musicLeftPort, nframes)
        Self.zero(musicRightPort, nframes)
        if let clockPort, let buffer = jack_port_get_buffer(clockPort, nframes) { jack_midi_clear_buffer(buffer) }
    }

    @inline(__always)
    private static func zero(_ port: OpaquePointer?, _ nframes: UInt32) {
        guard let port, let raw = jack_port_get_buffer(port, nframes) else { return }
        raw.assumingMemoryBound(to: Float.self).update(repeating: 0, count: Int(nframes))
    }

    /// Copies the cycle's JACK MIDI input events (1…3 bytes; SysEx and longer skipped, counted
    /// as ignored) into the graph's MIDI input. Render thread.
    @inline(__always)
    private func readMIDI(_ port: OpaquePointer, _ nframes: UInt32) {
        guard let input = graph._withUnsafeGuaranteedRef({ $0.midiIn }),
              let counters = graph._withUnsafeGuaranteedRef({ $0.counters }) else { return }
        input.removeAll()
        guard let buffer = jack_port_get_buffer(port, nframes) else { return }
        let n = jack_midi_get_event_count(buffer)
        var event = jack_midi_event_t()
        var i: UInt32 = 0
        while i < n {
            if jack_midi_event_get(&event, buffer, i) == 0, let bytes = event.buffer {
                let size = event.size
                if size >= 1 && size <= 3 {
                    let e = MIDIEvent(offset: Int32(truncatingIfNeeded: event.time), count: UInt8(size), b0: bytes[0],
                                      b1: size > 1 ? bytes[1] : 0, b2: size > 2 ? bytes[2] : 0)
                    if !input.tryAppend(e) { counters.increment(.droppedMIDIEvents) }
                } else {
                    counters.increment(.midiIgnored)
                }
            }
            i += 1
        }
    }

    /// Writes the graph's MIDI clock events for the cycle to `midi_clock` (cleared every
    /// cycle, events in time order). Render thread.
    @inline(__always)
    private func writeMIDI(_ port: OpaquePointer, _ nframes: UInt32) {
        guard let buffer = jack_port_get_buffer(port, nframes) else { return }
        jack_midi_clear_buffer(buffer)
        guard let out = graph._withUnsafeGuaranteedRef({ $0.midiOut }) else { return }
        var i = 0
        let n = out.count
        while i < n {
            let e = out[i]
            let time = UInt32(max(0, min(Int(e.offset), Int(nframes) - 1)))
            var bytes: (UInt8, UInt8, UInt8) = (e.b0, e.b1, e.b2)
            _ = withUnsafeBytes(of: &bytes) { raw in
                jack_midi_event_write(buffer, time, raw.baseAddress!.assumingMemoryBound(to: jack_midi_data_t.self), Int(e.count))
            }
            i += 1
        }
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

    /// The render entry point of a live cycle: the server's clock and the transport (the
    /// master's tempo in follow mode) turned into the cycle's `OutputTiming`, then the graph.
    /// Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    func render(nframes: UInt32, out: UnsafeMutablePointer<Float>, left: UnsafeMutablePointer<Float>?,
                right: UnsafeMutablePointer<Float>?, serverFrame: UInt32, rolling isRolling: Bool,
                input: UnsafePointer<Float>? = nil) {
        let skipped = clock.cycle(raw: serverFrame, nframes: nframes)
        if skipped > 0 { skippedCycles.add(1, ordering: .relaxed) }
        let timing: OutputTiming
        switch mode {
        case .free:
            timing = .free(skipped: skipped)
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
            timing = .transport(frame: Int64(pos.frame), rolling: isRolling)
        }
        graph._withUnsafeGuaranteedRef { $0.process(frames: Int(nframes), click: out, left: left, right: right, timing: timing, input: input) }
    }

    /// The timebase master's part: bar, beat and tick at `pos.frame` (the next cycle's first
    /// frame) from the metronome's own clicks. Render thread, right after `process`.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    func fillBBT(_ pos: UnsafeMutablePointer<jack_position_t>) {
        let frame = Int64(pos.pointee.frame)
        guard let p = graph._withUnsafeGuaranteedRef({ $0.musicalPosition(at: frame) }) else { return }
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

import CJack
import CRealtimeSanitizer
import Synchronization

/// What `LoopbackProbe`'s process callback plays and records: a test signal on `calibrate`
/// from the first armed cycle's server frame t0, and `in` from the same frame, each frame at
/// its offset from t0 (a skipped cycle leaves zeros, it does not shift what follows). Built by
/// the control thread before activation; the buffers and ports are then the render thread's
/// until `done`, the atomics are how the two threads talk. Freed by the control thread after
/// the client is deactivated.
final class LoopbackCycle: @unchecked Sendable {
    let client: OpaquePointer
    let output: OpaquePointer
    let input: OpaquePointer
    /// The test signal, and the recording of `in` (zeros until written).
    let signal: UnsafeMutableBufferPointer<Float>
    let recording: UnsafeMutableBufferPointer<Float>

    /// Control thread → render thread: start at the next cycle.
    let armed = Atomic<Bool>(false)
    /// Render thread → control thread.
    let started = Atomic<Bool>(false)
    let firstFrame = Atomic<UInt32>(0)
    let done = Atomic<Bool>(false)
    let serverGone = Atomic<Bool>(false)

    init(client: OpaquePointer, output: OpaquePointer, input: OpaquePointer, signal: [Float], recordFrames: Int) {
        self.client = client
        self.output = output
        self.input = input
        self.signal = .allocate(capacity: signal.count)
        _ = self.signal.initialize(from: signal)
        recording = .allocate(capacity: recordFrames)
        recording.initialize(repeating: 0)  // every page touched before activation
    }

    deinit {
        signal.deallocate()
        recording.deallocate()
    }

    /// One cycle. Render thread: copies only.
    func process(_ nframes: UInt32) {
        guard let rawOut = jack_port_get_buffer(output, nframes), let rawIn = jack_port_get_buffer(input, nframes) else { return }
        let out = rawOut.assumingMemoryBound(to: Float.self), inp = rawIn.assumingMemoryBound(to: Float.self)
        let n = Int(nframes)
        out.update(repeating: 0, count: n)
        guard armed.load(ordering: .acquiring), !done.load(ordering: .relaxed) else { return }
        let t = jack_last_frame_time(client)
        if !started.load(ordering: .relaxed) {
            firstFrame.store(t, ordering: .relaxed)
            started.store(true, ordering: .releasing)
        }
        let offset = Int(t &- firstFrame.load(ordering: .relaxed))  // wrapping subtraction
        var i = 0
        while i < n {
            let f = offset + i
            if f < signal.count { out[i] = signal[f] }
            if f < recording.count { recording[f] = inp[i] }
            i += 1
        }
        if offset + n >= recording.count { done.store(true, ordering: .releasing) }
    }
}

/// `LoopbackProbe`'s process callback. Render thread.
func loopbackProcess(_ nframes: jack_nframes_t, _ arg: UnsafeMutableRawPointer?) -> Int32 {
    guard let arg else { return 0 }
    woodshed_realtime_enter()
    Unmanaged<LoopbackCycle>.fromOpaque(arg)._withUnsafeGuaranteedRef { $0.process(nframes) }
    woodshed_realtime_exit()
    return 0
}

/// `LoopbackProbe`'s latency callback: `calibrate` and `in` are not a path through Woodshed
/// (nothing played on `calibrate` comes from `in`), so each declares a zero range towards the
/// other and JACK counts a loop through them once. JACK's thread.
func loopbackLatency(_ mode: jack_latency_callback_mode_t, _ arg: UnsafeMutableRawPointer?) {
    guard let arg else { return }
    Unmanaged<LoopbackCycle>.fromOpaque(arg)._withUnsafeGuaranteedRef { cycle in
        var zero = jack_latency_range_t(min: 0, max: 0)
        jack_port_set_latency_range(mode == JackCaptureLatency ? cycle.output : cycle.input, mode, &zero)
    }
}

/// The server went away during a calibration. JACK's thread; only sets a flag.
func loopbackShutdown(_ code: jack_status_t, _ reason: UnsafePointer<CChar>?, _ arg: UnsafeMutableRawPointer?) {
    guard let arg else { return }
    Unmanaged<LoopbackCycle>.fromOpaque(arg)._withUnsafeGuaranteedRef { $0.serverGone.store(true, ordering: .releasing) }
}

import CJack
import CRealtimeSanitizer

// The C callbacks JACK calls. Named, non-isolated functions in a library module: a closure
// literal in main.swift would be @MainActor and crash on the JACK thread. Each one reaches its
// `RenderContext` through `arg` without retaining it (the control thread, then the thread
// that closes the client, keeps it alive until the client is closed). Once the context is
// retired (the client is being closed), they touch nothing of the app's.

/// Process callback. Render thread.
func jackProcess(_ nframes: jack_nframes_t, _ arg: UnsafeMutableRawPointer?) -> Int32 {
    guard let arg else { return 0 }
    woodshed_realtime_enter()
    Unmanaged<RenderContext>.fromOpaque(arg)._withUnsafeGuaranteedRef { context in
        if context.enterCallback() { context.process(nframes) } else { context.silence(nframes) }
        context.leaveCallback()
    }
    woodshed_realtime_exit()
    return 0
}

/// Timebase callback (master mode). Render thread, after the process callback.
func jackTimebase(_ state: jack_transport_state_t, _ nframes: jack_nframes_t,
                  _ pos: UnsafeMutablePointer<jack_position_t>?, _ newPos: Int32, _ arg: UnsafeMutableRawPointer?) {
    guard let arg, let pos else { return }
    woodshed_realtime_enter()
    Unmanaged<RenderContext>.fromOpaque(arg)._withUnsafeGuaranteedRef { context in
        if context.enterCallback() { context.fillBBT(pos) }
        context.leaveCallback()
    }
    woodshed_realtime_exit()
}

/// xrun notification. JACK's notification thread.
func jackXrun(_ arg: UnsafeMutableRawPointer?) -> Int32 {
    guard let arg else { return 0 }
    Unmanaged<RenderContext>.fromOpaque(arg)._withUnsafeGuaranteedRef { _ = $0.xruns.add(1, ordering: .relaxed) }
    return 0
}

/// Buffer size change. JACK's notification thread (the process thread is not running then).
func jackBufferSize(_ nframes: jack_nframes_t, _ arg: UnsafeMutableRawPointer?) -> Int32 {
    guard let arg else { return 0 }
    Unmanaged<RenderContext>.fromOpaque(arg)._withUnsafeGuaranteedRef { $0.bufferSize.store(Int(nframes), ordering: .relaxed) }
    return 0
}

/// The server went away. JACK's thread; only sets a flag for the control thread.
func jackShutdown(_ code: jack_status_t, _ reason: UnsafePointer<CChar>?, _ arg: UnsafeMutableRawPointer?) {
    guard let arg else { return }
    Unmanaged<RenderContext>.fromOpaque(arg)._withUnsafeGuaranteedRef { $0.serverGone.store(true, ordering: .releasing) }
}

/// The plain shutdown notice (`jack_on_shutdown`): PipeWire's JACK (`pw-jack`) calls only this
/// one when its server goes away, jackd2 only the info one when both are set. Same effect as
/// `jackShutdown`. libjack's thread.
func jackPlainShutdown(_ arg: UnsafeMutableRawPointer?) {
    guard let arg else { return }
    Unmanaged<RenderContext>.fromOpaque(arg)._withUnsafeGuaranteedRef { $0.serverGone.store(true, ordering: .releasing) }
}

/// libjack's own error and info messages: kept for the display instead of going to stderr,
/// which would tear the full-screen display. Any thread (not the render thread in practice).
func jackMessage(_ text: UnsafePointer<CChar>?) {
    guard let text else { return }
    JackMessages.shared.record(String(cString: text))
}

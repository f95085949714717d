import Foundation
import Glibc
import RenderGraph

/// The live output straight on an ALSA PCM, for when no JACK server runs: opens the device
/// (`default` reaches PipeWire or PulseAudio through their ALSA plugins), asks the app for an
/// output graph at the rate the device took, and runs `AlsaWriteLoop` on a thread of its own.
/// There is no JACK transport, JACK MIDI or port routing here. Control thread only.
public final class AlsaBackend {
    /// What to open.
    public struct Options: Sendable {
        /// The PCM name: `default`, `hw:1`, `plughw:1,0`, `pipewire`, or one from an asoundrc.
        public var device = "default"
        /// The rate asked for; the device may take another (shown).
        public var rate = 48_000
        /// Frames per period asked for (256 at 48 kHz: 5.3 ms), and periods in the buffer.
        public var periodFrames = 256
        public var periods = 4
        public init() {}
    }

    /// What the display shows about the device.
    public struct Status: Sendable {
        public var running = false
        public var device = ""
        public var rate = 0
        public var periodFrames = 0
        public var bufferFrames = 0
        public var channels = 0
        public var xruns = 0
        /// Where the listener is, from the device's delay after the last period written (see
        /// `playingFrame(atNanos:)`); nil before the first measurement and while closed.
        public var position: StreamPosition?
        /// "ALSA 'default' · 48000 Hz · 256 frames × 4 · 32-bit float" once open.
        public var summary = ""
    }

    public let options: Options
    public private(set) var status = Status()
    /// One-line events for the display and the log (no real-time priority, the device failed).
    public private(set) var events: [String] = []

    private let makeGraph: (Int) throws -> OutputGraph
    private var loop: AlsaWriteLoop?
    private var toldRealtime = false
    /// The device failed and is reopened every `reopenInterval` seconds (until `stop`).
    private var reopening = false
    private var stopping = false
    private var lastAttempt = 0.0
    /// Xruns of the loops before the current one (a reopened device starts its own count).
    private var xrunsBefore = 0

    /// `makeGraph` builds the output graph for the device's rate. Does not open yet.
    public init(options: Options, makeGraph: @escaping (Int) throws -> OutputGraph) {
        self.options = options
        self.makeGraph = makeGraph
        status.device = options.device
    }

    /// Opens the device and starts the write thread. Throws `AlsaError` (one line each).
    public func start() throws {
        let device = try AlsaDevice(name: options.device, rate: options.rate, periodFrames: options.periodFrames,
                                    periods: options.periods)
        let graph: OutputGraph
        do {
            graph = try makeGraph(device.rate)
        } catch {
            device.close()
            throw error
        }
        let l = AlsaWriteLoop(device: device, graph: graph)
        do {
            try l.start()
        } catch {
            device.close()
            throw error
        }
        loop = l
        status.running = true
        status.rate = device.rate
        status.periodFrames = device.periodFrames
        status.bufferFrames = device.bufferFrames
        status.channels = device.channels
        status.summary = device.summary
    }

    /// Seconds between attempts to reopen a device that failed.
    public var reopenInterval = 1.5

    /// Control thread, several times a second: xruns, real-time priority (said once), a
    /// device that failed (said, then reopened every `reopenInterval` seconds with a new graph
    /// from `makeGraph`, as the JACK backend reconnects; the session's state is kept).
    public func tick(now: Double) {
        guard let loop else {
            if reopening && now - lastAttempt >= reopenInterval {
                lastAttempt = now
                if (try? start()) != nil {
                    events.append("reopened ALSA '\(options.device)' at \(status.rate) Hz")
                }
            }
            return
        }
        status.xruns = xrunsBefore + loop.xruns.load(ordering: .relaxed)
        status.position = loop.position.load()
        if !toldRealtime {
            let refusal = loop.realtimeRefusal.load(ordering: .relaxed)
            if refusal >= 0 {
                toldRealtime = true
                if refusal > 0 {
                    events.append("no real-time priority for the ALSA thread (SCHED_FIFO: \(String(cString: strerror(refusal)))); xruns are more likely")
                }
            }
        }
        if !stopping && loop.finished.load(ordering: .acquiring) && !loop.stopRequested.load(ordering: .relaxed) {
            events.append("ALSA '\(options.device)' failed: \(AlsaError.reason(loop.failure.load(ordering: .relaxed))); reopening (state kept)")
            // The thread has ended: join it and close the device.
            _ = loop.stop(timeout: 0.5)
            loop.device.close()
            xrunsBefore = status.xruns
            self.loop = nil
            status.running = false
            status.position = nil
            reopening = true
            lastAttempt = now
        }
    }

    /// Stops the write thread (waiting at most `timeout` seconds) and closes the device.
    /// Returns whether the thread has ended; if not, the device and graph are left to the
    /// process's end (a thread may still be writing to them).
    @discardableResult
    public func stop(timeout: Double) -> Bool {
        stopping = true
        reopening = false
        guard let l = loop else { return true }
        let ended = l.stop(timeout: timeout)
        if ended {
            tick(now: 0)
            if let p = status.position {
                events.append("ALSA '\(options.device)' stopped: \(p.written) frames written, \(p.heard) heard (the device's delay: \(p.delay) frames)")
            }
            l.device.close()
            loop = nil
        } else {
            _ = Unmanaged.passRetained(l)  // kept for the thread still inside snd_pcm_writei
            loop = nil
        }
        status.running = false
        status.position = nil
        return ended
    }

    /// The frame of the written stream (the clicks' timeline) playing now, at CLOCK_MONOTONIC
    /// `nowNanos`: from the device's delay, not from the frames written (those are up to a
    /// buffer ahead). Nil while closed or before the first period. Control thread.
    public func playingFrame(atNanos nowNanos: Int64) -> Int64? {
        loop?.position.load()?.playing(atNanos: nowNanos)
    }

    /// The graph's counters (MIDI messages, actions, dropped notices), while open.
    public var counters: RenderCounters? { loop?.graphOwner.counters }

    /// The latest oscilloscope and meter picture, if tapped and open.
    public func scopeSnapshot() -> ScopeSnapshot? { loop?.graphOwner.scope?.snapshot() }

    /// Noise frames played (`woodshed noise`), nil while closed.
    public var noiseFrames: Int64? { loop?.graphOwner.noiseFrames.load(ordering: .relaxed) }

    /// Periods written so far (tests, the log).
    public var periodsWritten: Int64 { loop?.periodsWritten.load(ordering: .relaxed) ?? 0 }
}

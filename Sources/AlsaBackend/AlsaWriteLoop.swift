import CAlsa
import CRealtimeSanitizer
import Glibc
import RenderGraph
import Synchronization

/// The ALSA write loop: on a thread of its own (SCHED_FIFO when allowed), it renders a period
/// with the `OutputGraph`, interleaves it into the device's format and writes it with
/// `snd_pcm_writei`, which blocks until the device has room; an xrun is recovered with
/// `snd_pcm_recover` and counted. Built by the control thread; after `start` its buffers and
/// the graph are the write thread's alone, the atomics are how the two threads talk. Freed by
/// the control thread once the thread has finished.
final class AlsaWriteLoop: @unchecked Sendable {
    /// The SCHED_FIFO priority asked for (below JACK's usual 70–80 for the server itself).
    static let realtimePriority: Int32 = 70
    /// Errors that mean the device itself is gone: not an xrun to recover from.
    static func isGone(_ code: Int32) -> Bool {
        code == -ENODEV || code == -EBADFD || code == -ESHUTDOWN || code == -ENOTCONN || code == -EHOSTDOWN
    }

    let device: AlsaDevice
    /// Owns the graph; the write thread reaches it through `graph` (no reference counting).
    let graphOwner: OutputGraph
    let graph: Unmanaged<OutputGraph>
    private let frames: Int
    private let channels: Int
    private let format: AlsaDevice.Format
    private let music: Bool
    private let click: UnsafeMutablePointer<Float>
    private let left: UnsafeMutablePointer<Float>
    private let right: UnsafeMutablePointer<Float>
    /// One period, interleaved, in the device's format.
    private let interleaved: UnsafeMutableRawPointer

    // Written by the write thread, read by the control thread.
    let xruns = Atomic<Int>(0)
    let periodsWritten = Atomic<Int64>(0)
    /// 0 while running or after a clean stop; else the negative ALSA error that ended the loop.
    let failure = Atomic<Int32>(0)
    /// 0 when SCHED_FIFO was granted; else the errno of the refusal; -1 before the thread knows.
    let realtimeRefusal = Atomic<Int32>(-1)
    let finished = Atomic<Bool>(false)
    /// Where the listener is: after each period, the frames written and the device's delay.
    let position: StreamPositionCell
    /// Write thread only: frames written since the device was opened.
    private var writtenFrames: Int64 = 0
    /// Set by the control thread: the loop ends after the period it is writing.
    let stopRequested = Atomic<Bool>(false)
    private var thread = pthread_t()
    private var started = false
    /// Write thread only: failed writes, to tell a device that is gone from one that ran dry.
    private var xrunStorm: XrunStorm
    /// Test only (`WOODSHED_TEST_ALSA_STALL_MS`, read once when the loop is built): after one
    /// second of frames the loop sleeps this long, once, so that a paced device runs dry (an
    /// xrun). 0: never. Write thread after `start`.
    private var stallMicroseconds: UInt32

    init(device: AlsaDevice, graph: OutputGraph) {
        self.device = device
        graphOwner = graph
        self.graph = Unmanaged.passUnretained(graph)
        frames = device.periodFrames
        channels = device.channels
        format = device.format
        music = graph.hasMusic
        position = StreamPositionCell(rate: device.rate)
        stallMicroseconds = UInt32(min(max(Int(getenv("WOODSHED_TEST_ALSA_STALL_MS").map { String(cString: $0) } ?? "") ?? 0, 0), 10_000)) * 1000
        xrunStorm = XrunStorm(bufferSeconds: Double(device.bufferFrames) / Double(max(device.rate, 1)))
        click = .allocate(capacity: frames)
        left = .allocate(capacity: frames)
        right = .allocate(capacity: frames)
        click.initialize(repeating: 0, count: frames)
        left.initialize(repeating: 0, count: frames)
        right.initialize(repeating: 0, count: frames)
        interleaved = .allocate(byteCount: frames * channels * format.bytes, alignment: 16)
        interleaved.initializeMemory(as: UInt8.self, repeating: 0, count: frames * channels * format.bytes)
    }

    deinit {
        click.deallocate()
        left.deallocate()
        right.deallocate()
        interleaved.deallocate()
    }

    /// Starts the write thread. Control thread.
    func start() throws {
        woodshed_realtime_init()
        var thread = pthread_t()
        let arg = Unmanaged.passUnretained(self).toOpaque()
        let code = pthread_create(&thread, nil, alsaWriteThread, arg)
        guard code == 0 else { throw AlsaError.threadFailed(reason: String(cString: strerror(code))) }
        self.thread = thread
        started = true
    }

    /// Asks the loop to end and waits up to `timeout` seconds for it (a device that stopped
    /// answering may hold `snd_pcm_writei`). Control thread; true once the thread has ended
    /// (it is then joined).
    func stop(timeout: Double) -> Bool {
        guard started else { return true }
        stopRequested.store(true, ordering: .releasing)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while !finished.load(ordering: .acquiring) {
            if ContinuousClock.now >= deadline { return false }
            usleep(500)
        }
        pthread_join(thread, nil)
        started = false
        return true
    }

    #if WOODSHED_RTSAN
    /// `make rtcheck`'s negative control (WOODSHED_RTCHECK_ALLOCATE=1): allocate inside the
    /// realtime section so RealtimeSanitizer must report it. Only in the RTSan build.
    private let allocateInLoop = getenv("WOODSHED_RTCHECK_ALLOCATE") != nil

    @inline(never)
    static func negativeControl() {
        let p = UnsafeMutablePointer<Float>.allocate(capacity: 64)
        p.deallocate()
    }
    #endif

    /// The thread's body: real-time priority if allowed, then periods until told to stop or
    /// the device fails. Write thread.
    func run() {
        realtimeRefusal.store(woodshed_alsa_realtime(Self.realtimePriority), ordering: .relaxed)
        let pcm = device.pcm
        while !stopRequested.load(ordering: .acquiring) {
            woodshed_realtime_enter()
            renderPeriod()
            #if WOODSHED_RTSAN
            if allocateInLoop { Self.negativeControl() }
            #endif
            woodshed_realtime_exit()
            var done = 0
            while done < frames {
                let p = interleaved.advanced(by: done * channels * format.bytes)
                let n = snd_pcm_writei(pcm, p, snd_pcm_uframes_t(frames - done))
                if n >= 0 {
                    done += Int(n)
                    continue
                }
                let code = Int32(truncatingIfNeeded: n)
                if code == -EAGAIN { continue }
                if code == -EPIPE || code == -ESTRPIPE { xruns.add(1, ordering: .relaxed) }
                // A device that is gone (unplugged, its sound server stopped) cannot be recovered.
                // PipeWire's plugin instead reports an xrun every few writes once its server is
                // gone: xruns faster than a device that plays could run dry end the loop too.
                if Self.isGone(code) || xrunStorm.isStorm(now: monotonicSeconds()) || snd_pcm_recover(pcm, code, 1) < 0 {
                    failure.store(code, ordering: .relaxed)
                    finished.store(true, ordering: .releasing)
                    return
                }
            }
            periodsWritten.add(1, ordering: .relaxed)
            writtenFrames += Int64(frames)
            measurePosition(pcm)
            if stallMicroseconds > 0 && writtenFrames >= Int64(device.rate) {
                usleep(stallMicroseconds)  // the test-only stall (see `stallMicroseconds`)
                stallMicroseconds = 0
            }
        }
        finished.store(true, ordering: .releasing)
    }

    /// After a period: how far behind the frames written the listener is. `snd_pcm_htimestamp`
    /// where the device gives a monotonic timestamp (its free room then, at that moment), else
    /// `snd_pcm_delay` now. Write thread; outside the realtime section, as `snd_pcm_writei`
    /// (both may ask the driver); no lock of ours, no allocation.
    private func measurePosition(_ pcm: OpaquePointer) {
        var available: snd_pcm_uframes_t = 0
        var stamp = timespec()
        if snd_pcm_htimestamp(pcm, &available, &stamp) == 0, stamp.tv_sec != 0 || stamp.tv_nsec != 0 {
            let nanos = Int64(stamp.tv_sec) * 1_000_000_000 + Int64(stamp.tv_nsec)
            // A stamp from another clock, or from before the stream ran, is not used.
            let now = monotonicNanos()
            if nanos <= now && now - nanos < 1_000_000_000 {
                position.publish(StreamPosition(written: writtenFrames, available: Int64(available),
                                                bufferFrames: device.bufferFrames, stampNanos: nanos, rate: device.rate))
                return
            }
        }
        var delay: snd_pcm_sframes_t = 0
        if snd_pcm_delay(pcm, &delay) == 0 {
            position.publish(StreamPosition(written: writtenFrames, delay: Int64(delay), stampNanos: monotonicNanos(), rate: device.rate))
        }
    }

    /// One period from the graph (free running: the graph counts its own frames, so the click
    /// is sample-exact in the stream written), interleaved into the device's format: the
    /// click on every channel, the music's left and right added on the first two. Write thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    func renderPeriod() {
        let n = frames
        let click = self.click
        let l: UnsafeMutablePointer<Float>? = music ? left : nil
        let r: UnsafeMutablePointer<Float>? = music ? right : nil
        graph._withUnsafeGuaranteedRef { $0.process(frames: n, click: click, left: l, right: r, timing: .free(skipped: 0)) }
        let ch = channels
        var i = 0
        while i < n {
            var c = 0
            while c < ch {
                var x = click[i]
                if music {
                    if c == 0 { x += left[i] } else if c == 1 { x += right[i] }
                }
                let k = i * ch + c
                // Integers: rounded half away from zero (the conversion truncates).
                switch format {
                case .float32:
                    interleaved.assumingMemoryBound(to: Float.self)[k] = x
                case .int32:
                    let y = Double(max(-1, min(1, x))) * 2_147_483_647
                    interleaved.assumingMemoryBound(to: Int32.self)[k] = Int32(y + (y < 0 ? -0.5 : 0.5))
                case .int16:
                    let y = max(-1, min(1, x)) * 32_767
                    interleaved.assumingMemoryBound(to: Int16.self)[k] = Int16(y + (y < 0 ? -0.5 : 0.5))
                }
                c += 1
            }
            i += 1
        }
    }
}

/// CLOCK_MONOTONIC in seconds (the vDSO: no lock, no allocation). Any thread.
@inline(__always)
func monotonicSeconds() -> Double {
    Double(monotonicNanos()) / 1e9
}

/// CLOCK_MONOTONIC in nanoseconds (the vDSO). Any thread.
@inline(__always)
func monotonicNanos() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}

/// The write thread's entry (a named, non-isolated function: see style.md). `arg` is the
/// `AlsaWriteLoop`, kept alive by the control thread until the thread has been joined.
func alsaWriteThread(_ arg: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let arg else { return nil }
    Unmanaged<AlsaWriteLoop>.fromOpaque(arg)._withUnsafeGuaranteedRef { $0.run() }
    return nil
}

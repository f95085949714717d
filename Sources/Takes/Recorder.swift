import Foundation
import OfflineBackend
import RealtimeKit
import RenderGraph
import Workers

/// Records your turns: reads the input capture's ring behind the render thread and writes each
/// run of frames the deck marked with one turn as a take (`TakeSink`, 24-bit FLAC in a
/// `TakeFolder`), keeping the last `keep` of each section. A write error or a full disk stops
/// recording (one `TakeEvent.stopped` line), never the practice. Its own thread (live), or the
/// caller's (`drain`, in tests); `events()` from the control thread.
public final class Recorder: @unchecked Sendable {
    /// The recording's settings. Any thread (a value).
    public struct Settings: Sendable {
        public var folder: TakeFolder
        public var rate: Int
        /// Takes kept per section (`--keep`).
        public var keep: Int
        public init(folder: TakeFolder, rate: Int, keep: Int) {
            self.folder = folder
            self.rate = rate
            self.keep = keep
        }
    }

    /// Opens a take's file: a 24-bit FLAC by default; tests put a failing disk here.
    public typealias MakeSink = (_ path: String, _ rate: Int) throws(RenderError) -> any TakeSink

    private let capture: InputCapture
    private let settings: Settings
    private let makeSink: MakeSink
    /// The section and pass of a turn, by its number (the player's worker knows).
    private let turnStep: (UInt32) -> (section: Int, pass: Int)?

    /// `--compare`: each turn's frames as they are read (before the file gets them), and its
    /// end (`frames` nil); the player plays the turn back from them. Set before `start`.
    public var listener: ((_ turn: UInt32, _ frames: UnsafePointer<Float>?, _ count: Int) -> Void)?
    /// The turn the listener is hearing (worker thread).
    private var listening: UInt32 = 0

    /// The take being written (worker thread).
    private var current: (turn: UInt32, section: Int, pass: Int, path: String, sink: any TakeSink, frames: Int64)?
    /// True once a write failed: no more takes (worker thread).
    private var stopped = false
    private var droppedSeen = 0
    private let samples: UnsafeMutablePointer<Float>
    private let marks: UnsafeMutablePointer<UInt32>
    private static let chunk = 4096

    private let lock = NSLock()
    private var pending: [TakeEvent] = []
    /// The worker's thread: with the ring empty it waits 5 ms (the render thread, which fills
    /// the ring, cannot wake it), or until `stop` wakes it.
    private let thread = WorkerThread(name: Recorder.threadName)

    /// The worker thread's name in `top -H` and /proc.
    public static let threadName = "woodshed takes"

    public init(capture: InputCapture, settings: Settings, turnStep: @escaping (UInt32) -> (section: Int, pass: Int)?,
                makeSink: @escaping MakeSink = { path, rate throws(RenderError) in try FLACTakeSink(path: path, rate: rate) }) {
        self.capture = capture
        self.settings = settings
        self.turnStep = turnStep
        self.makeSink = makeSink
        samples = .allocate(capacity: Self.chunk)
        marks = .allocate(capacity: Self.chunk)
    }

    deinit {
        samples.deallocate()
        marks.deallocate()
    }

    /// Starts the worker thread.
    public func start() {
        thread.start({ [self] in drain() == 0 ? .wait(milliseconds: 5) : .again }, last: { [self] in drain() })
    }

    /// Stops the worker thread and waits for it (control thread, after the render thread has let
    /// go of the capture). A take still being written is dropped: its turn was cut short.
    public func stop() {
        thread.stop()
        current?.sink.abandon()
        current = nil
    }

    /// The events since the last call (control thread).
    public func events() -> [TakeEvent] {
        lock.lock()
        defer { lock.unlock() }
        let e = pending
        pending.removeAll()
        return e
    }

    /// Reads what the ring holds and writes it; returns the frames read. Worker thread.
    @discardableResult
    public func drain() -> Int {
        var total = 0
        while true {
            let dropped = capture.ring.droppedFrames
            if dropped != droppedSeen {
                droppedSeen = dropped
                if let c = current {
                    c.sink.abandon()
                    current = nil
                    post(.dropped("Warning: the input fell behind; the take of section \(c.section + 1) was dropped"))
                }
            }
            let n = capture.ring.read(into: samples, marks: marks, max: Self.chunk)
            if n == 0 { return total }
            total += n
            var i = 0
            while i < n {
                let mark = marks[i]
                var j = i + 1
                while j < n && marks[j] == mark { j += 1 }
                take(samples + i, count: j - i, mark: mark)
                i = j
            }
        }
    }

    /// A run of `count` frames with one mark.
    private func take(_ run: UnsafeMutablePointer<Float>, count: Int, mark: UInt32) {
        if let listener {
            if listening != mark && listening != 0 { listener(listening, nil, 0) }
            if mark != 0 { listener(mark, run, count) }
            listening = mark
        }
        if let c = current, c.turn != mark { finish() }
        if current == nil && mark != 0 && !stopped { begin(turn: mark) }
        guard let c = current else { return }
        do {
            try c.sink.write(run, frames: count)
            current!.frames += Int64(count)
        } catch {
            fail(path: c.path, error)
        }
    }

    private func begin(turn: UInt32) {
        guard let step = turnStep(turn) else { return }
        let path: String
        do {
            path = try settings.folder.nextTakePath(section: step.section)
        } catch {
            stop(with: "Error: cannot make the takes folder '\(settings.folder.url.path)': \(error.localizedDescription); recording stopped, the practice goes on")
            return
        }
        do {
            let sink = try makeSink(path, settings.rate)
            current = (turn, step.section, step.pass, path, sink, 0)
            post(.recording(section: step.section, pass: step.pass))
        } catch {
            fail(path: path, error)
        }
    }

    private func finish() {
        guard let c = current else { return }
        current = nil
        do {
            try c.sink.commit()
        } catch {
            fail(path: c.path, error)
            return
        }
        let removed = settings.folder.prune(section: c.section, keep: settings.keep)
        let number = Take(name: URL(fileURLWithPath: c.path).lastPathComponent, folder: settings.folder.url)?.number ?? 0
        post(.saved(Take(section: c.section, number: number, path: c.path), pass: c.pass, frames: c.frames, removed: removed))
    }

    private func fail(path: String, _ error: RenderError) {
        current?.sink.abandon()
        current = nil
        let reason: String
        if case .cannotWrite(_, let r) = error { reason = r } else { reason = error.description }
        stop(with: "Error: cannot write the take '\(path)': \(reason); recording stopped, the practice goes on")
    }

    private func stop(with line: String) {
        stopped = true
        post(.stopped(line))
    }

    private func post(_ e: TakeEvent) {
        lock.lock()
        pending.append(e)
        lock.unlock()
    }
}

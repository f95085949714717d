import Coach
import Engine
import Foundation
import RealtimeKit
import RenderGraph
import Workers

/// `click --coach`'s analysis worker: reads `woodshed:in` behind the render thread (the input
/// capture's ring, with its timeline stamps), finds the onsets (`OnsetDetector`), puts each on
/// the click's timeline and wakes the control loop, which matches it to the grid. Its own
/// thread; `take` from the control thread.
///
/// The render thread only copies the input into the ring; it cannot wake anyone (a syscall),
/// so with the ring empty the worker waits a millisecond on its `WorkerThread` (or until
/// `stop` wakes it).
public final class CoachListener: @unchecked Sendable {
    /// An onset on the click's timeline (latency not yet removed), with when it was heard.
    public struct Heard: Sendable, Equatable {
        /// The timeline frame of the onset's input frame.
        public let frame: Double
        /// The monotonic time (seconds) its first sample reached the ring, estimated from the
        /// ring's newest frame when it was read: the start of the hit-to-screen latency.
        public let arrived: Double
    }

    public static let threadName = "woodshed coach"
    private let capture: InputCapture
    private let detector: OnsetDetector
    private let rate: Int
    /// The loop's wake pipe (write end).
    private let wakeDescriptor: Int32
    private let samples: UnsafeMutablePointer<Float>
    private let marks: UnsafeMutablePointer<UInt32>
    private static let chunk = 1024
    /// Stamps read so far, newest last (worker thread); only the last few are kept.
    private var stamps: [InputStamp] = []
    /// Input frames read so far (worker thread).
    private var consumed: Int64 = 0

    private let lock = NSLock()
    private var heard: [Heard] = []
    /// The timeline frame up to which every onset has been reported (the detector's delay
    /// behind the newest input frame); nil while the click is stopped.
    private var heardUpTo: Double?
    private let thread = WorkerThread(name: CoachListener.threadName)

    /// `capture` must have been allocated with stamps.
    public init(capture: InputCapture, rate: Int, wakeDescriptor: Int32) throws(CoachError) {
        self.capture = capture
        self.rate = rate
        self.wakeDescriptor = wakeDescriptor
        detector = try OnsetDetector(sampleRate: rate)
        samples = .allocate(capacity: Self.chunk)
        marks = .allocate(capacity: Self.chunk)
    }

    deinit {
        samples.deallocate()
        marks.deallocate()
    }

    /// How far behind the newest input an onset may still be reported: the detector's 20 ms
    /// and a hop, plus the attack search back, with a margin.
    public var detectorDelayFrames: Double { Double(rate) * 0.05 + 64 }

    /// Starts the worker thread.
    public func start() {
        thread.start { [self] in drain() == 0 ? .wait(milliseconds: 1) : .again }
    }

    /// Stops the worker and waits for it (control thread).
    public func stop() {
        thread.stop()
    }

    /// The onsets heard since the last call, in order, and the timeline frame up to which all
    /// are in (control thread).
    public func take() -> (onsets: [Heard], upTo: Double?) {
        lock.lock()
        defer { lock.unlock() }
        let h = heard
        heard.removeAll(keepingCapacity: true)
        return (h, heardUpTo)
    }

    /// Reads what the ring holds and analyses it; returns the frames read. Worker thread (or a
    /// test, on its own thread).
    @discardableResult
    public func drain(now: Double = MonotonicClock().seconds) -> Int {
        var total = 0
        var found: [Heard] = []
        while true {
            if let stampRing = capture.stamps {
                while let s = stampRing.tryPop() { stamps.append(s) }
            }
            let newest = Int64(capture.ring.written)
            let n = capture.ring.read(into: samples, marks: marks, max: Self.chunk)
            if n == 0 { break }
            let onsets = detector.feed(UnsafeBufferPointer(start: samples, count: n))
            consumed += Int64(n)
            total += n
            for o in onsets {
                guard let frame = timelineFrame(ofInput: o.frame) else { continue }
                found.append(Heard(frame: frame, arrived: now - Double(newest - Int64(o.frame.rounded(.down))) / Double(rate)))
            }
        }
        if stamps.count > 64 { stamps.removeFirst(stamps.count - 64) }
        guard total > 0 else { return 0 }
        let upTo = timelineFrame(ofInput: Double(consumed) - detectorDelayFrames)
        lock.lock()
        heard += found
        heardUpTo = upTo
        lock.unlock()
        if !found.isEmpty { WakePipe.wake(wakeDescriptor) }
        return total
    }

    /// The timeline frame of input frame `x` by the last stamp at or before it; nil while the
    /// click was stopped there (or before the first stamp).
    func timelineFrame(ofInput x: Double) -> Double? {
        guard let s = stamps.last(where: { Double($0.inputFrame) <= x.rounded(.down) }), s.running else { return nil }
        return Double(s.timelineFrame) + (x - Double(s.inputFrame))
    }
}

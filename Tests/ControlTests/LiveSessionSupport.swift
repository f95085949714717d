import Control
import RenderGraph
import WoodshedCore
import WoodshedTestSupport

/// Drives a live session offline: the same actions, commands and renderer as `woodshed click`,
/// with the render thread replaced by a loop over 64-frame cycles.
struct OfflineLiveRig {
    let session: LiveSession
    let renderer: Renderer
    let rate: Int
    let block: Int
    private(set) var audio: [Float] = []
    private(set) var beatFrames: [Int64] = []
    private(set) var beatInfo: [(bar: Int64, beat: Int32, level: UInt8)] = []

    init(_ settings: ClickSettings, rate: Int = 48_000, block: Int = 64) throws {
        session = LiveSession(settings: settings)
        renderer = try session.makeRenderer(rate: rate)
        self.rate = rate
        self.block = block
    }

    /// Frames rendered so far: the frame the next action applies at.
    var frame: Int64 { Int64(audio.count) }

    /// Renders whole cycles until at least `frames` more frames are done.
    mutating func run(frames: Int) {
        var buffer = [Float](repeating: 0, count: block)
        var done = 0
        while done < frames {
            buffer.withUnsafeMutableBufferPointer { renderer.process(frames: block, click: $0.baseAddress!) }
            audio += buffer
            done += block
            while let n = renderer.notices.tryPop() {
                if case .beat(let bar, let beat, _, _, _, let level, let f) = n {
                    beatFrames.append(f); beatInfo.append((bar, beat, level))
                }
            }
            session.drainNotices(now: 0)
        }
    }

    /// Runs until the cycle that contains frame `target` has started, i.e. the next action applies
    /// at the first cycle boundary at or after `target`.
    mutating func run(until target: Int64) {
        if frame < target { run(frames: Int(target - frame)) }
    }
}

/// Exact rationals over Int128 for the test oracle (independent of WoodshedCore's FramePosition).
struct Q: Comparable {
    var n: Int128, d: Int128
    init(_ n: Int128, _ d: Int128 = 1) {
        var n = n, d = d
        if d < 0 { n = -n; d = -d }
        var a = n.magnitude, b = d.magnitude
        while b != 0 { (a, b) = (b, a % b) }
        let g = Int128(max(a, 1))
        self.n = n / g; self.d = d / g
    }
    static func + (a: Q, b: Q) -> Q { Q(a.n * b.d + b.n * a.d, a.d * b.d) }
    static func - (a: Q, b: Q) -> Q { Q(a.n * b.d - b.n * a.d, a.d * b.d) }
    static func * (a: Q, b: Q) -> Q { Q(a.n * b.n, a.d * b.d) }
    static func / (a: Q, b: Q) -> Q { Q(a.n * b.d, a.d * b.n) }
    static func < (a: Q, b: Q) -> Bool { a.n * b.d < b.n * a.d }
    /// floor(x + 1/2)
    var rounded: Int64 {
        let t = 2 * n + d, dd = 2 * d
        let q = t / dd
        return Int64((t % dd != 0 && t < 0) ? q - 1 : q)
    }
    /// Nearest multiple of 1/grid (ties up).
    func snapped(to grid: Int128) -> Q { Q(Int128(((self * Q(grid)).rounded)), grid) }
}

/// The timing contract for live tempo changes, written out plainly: beats at anchor + k·L; a
/// change at frame f moves the first beat not yet played (x ≥ f after rounding) to
/// f + max(x − f, 0)·T/T′, kept to the grid 1/(T′·den / gcd(240000·rate, T′·den)).
struct LiveTempoOracle {
    let rate: Int64, denominator: Int64
    var milliBPM: Int64
    /// Tempo pieces: from beat `firstBeat` on, beat k is at anchor + (k − firstBeat)·L(tempo).
    private var pieces: [(firstBeat: Int64, anchor: Q, milliBPM: Int64)]

    init(rate: Int64, denominator: Int64, milliBPM: Int64) {
        self.rate = rate; self.denominator = denominator; self.milliBPM = milliBPM
        pieces = [(0, Q(0), milliBPM)]
    }

    func length(_ m: Int64) -> Q { Q(Int128(240_000 * rate), Int128(m * denominator)) }
    func exact(_ k: Int64) -> Q {
        let p = pieces.last { $0.firstBeat <= k }!
        return p.anchor + Q(Int128(k - p.firstBeat)) * length(p.milliBPM)
    }
    func frame(_ k: Int64) -> Int64 { exact(k).rounded }

    mutating func change(to m: Int64, at f: Int64) {
        var k = pieces.last!.firstBeat
        while frame(k) < f { k += 1 }
        var delta = exact(k) - Q(Int128(f))
        if delta < Q(0) { delta = Q(0) }
        let units = Int128(240_000 * rate), dd = Int128(m * denominator)
        var a = units, b = dd
        while b != 0 { (a, b) = (b, a % b) }
        let grid = dd / a
        let anchor = (Q(Int128(f)) + delta * Q(Int128(milliBPM), Int128(m))).snapped(to: grid)
        pieces.append((k, anchor, m))
        milliBPM = m
    }
}

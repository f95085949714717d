import Synchronization

/// An alarm's sound on the music channels, from an exact frame: a loop of samples at a volume
/// that rises from a tenth to full over `riseFrames`, until told to stop (then a 10 ms fade).
/// `mix` runs on the render thread; everything else on the control thread, which owns it
/// (`ClockController`) and frees it once no graph holds it.
///
/// The loops are immutable once loaded (`load`, at most `maxSounds`), so the render thread
/// may read one while the control thread loads another. A ring is published by storing its
/// start frame last (release); the render thread reads it first (acquire). Frames count from
/// the bell's first cycle: `framesPlayed` says where the render thread has got to, and the
/// control thread maps a wall-clock time to a frame from it.
public final class AlarmBell: @unchecked Sendable {
    /// The most loops one bell holds.
    public static let maxSounds = 16
    /// The volume at the first frame of a ring, as a fraction of the alarm's volume.
    public static let firstGain: Float = 0.1

    public let rate: Int
    /// Frames over which a ring rises to its full volume (30 s).
    public let riseFrames: Int64
    /// Frames of the fade after a stop (10 ms).
    public let stopFadeFrames: Int64
    private let tables: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
    private let lengths: UnsafeMutablePointer<Int>
    private var loaded = 0
    /// The first frame of the ring; `Int64.max`: none.
    private let startFrame = Atomic<Int64>(Int64.max)
    /// The first frame of the stop fade; `Int64.max`: rings on.
    private let stopFrame = Atomic<Int64>(Int64.max)
    private let sound = Atomic<Int>(0)
    /// The ring's volume, in thousandths of full scale.
    private let volume = Atomic<Int>(0)
    /// Frames the render thread has mixed (the next cycle's first frame).
    private let position = Atomic<Int64>(0)

    /// Control thread.
    public init(rate: Int, riseSeconds: Double = 30) {
        self.rate = rate
        riseFrames = max(Int64((riseSeconds * Double(rate)).rounded()), 1)
        stopFadeFrames = max(Int64(rate / 100), 1)
        tables = .allocate(capacity: AlarmBell.maxSounds)
        tables.initialize(repeating: nil, count: AlarmBell.maxSounds)
        lengths = .allocate(capacity: AlarmBell.maxSounds)
        lengths.initialize(repeating: 0, count: AlarmBell.maxSounds)
    }

    deinit {
        for i in 0..<loaded { tables[i]?.deallocate() }
        tables.deallocate()
        lengths.deallocate()
    }

    /// Keeps a copy of `samples` (one seamless loop at `rate`) and returns its number for
    /// `ring`; nil when the bell is full or `samples` is empty. Control thread.
    public func load(_ samples: [Float]) -> Int? {
        guard loaded < AlarmBell.maxSounds, !samples.isEmpty else { return nil }
        let p = UnsafeMutablePointer<Float>.allocate(capacity: samples.count)
        p.initialize(from: samples, count: samples.count)
        tables[loaded] = p
        lengths[loaded] = samples.count
        loaded += 1
        return loaded - 1
    }

    /// Rings loop `number` from frame `frame` (a frame already past: from the next cycle's
    /// start, as if it had begun at `frame`) at `volume` (0–1). Control thread.
    public func ring(sound number: Int, atFrame frame: Int64, volume v: Double) {
        precondition(number >= 0 && number < loaded, "no such alarm sound loaded")
        stopFrame.store(Int64.max, ordering: .relaxed)
        volume.store(Int((min(max(v, 0), 1) * 1000).rounded()), ordering: .relaxed)
        sound.store(number, ordering: .relaxed)
        startFrame.store(frame, ordering: .releasing)
    }

    /// Fades the ring out over 10 ms from frame `frame`. Control thread.
    public func stop(atFrame frame: Int64) {
        stopFrame.store(frame, ordering: .relaxed)
    }

    /// Frames mixed so far: the first frame of the next cycle. Any thread.
    public var framesPlayed: Int64 { position.load(ordering: .acquiring) }

    /// The frame at which the ring started, if one is set. Any thread.
    public var ringFrame: Int64? {
        let f = startFrame.load(ordering: .acquiring)
        return f == Int64.max ? nil : f
    }

    /// Adds the next `frames` frames of the ring (if any) to `left` and `right`. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func mix(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        let first = position.load(ordering: .relaxed)
        let start = startFrame.load(ordering: .acquiring)
        position.store(first + Int64(frames), ordering: .releasing)
        guard start != Int64.max, start < first + Int64(frames) else { return }
        let stop = stopFrame.load(ordering: .relaxed)
        let silentFrom = stop == Int64.max ? Int64.max : stop + stopFadeFrames
        guard first < silentFrom else { return }
        let number = sound.load(ordering: .relaxed)
        guard let table = tables[number] else { return }
        let length = Int64(lengths[number])
        let gain = Float(volume.load(ordering: .relaxed)) / 1000
        var i = 0
        while i < frames {
            let f = first + Int64(i)
            if f >= silentFrom { break }
            if f >= start {
                let k = f - start
                var g = gain * (k >= riseFrames ? 1 : AlarmBell.firstGain + (1 - AlarmBell.firstGain) * Float(k) / Float(riseFrames))
                if f >= stop { g *= Float(silentFrom - f - 1) / Float(stopFadeFrames) }
                let s = table[Int(k % length)] * g
                left[i] += s
                right[i] += s
            }
            i += 1
        }
    }
}

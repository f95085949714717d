import Foundation

/// The first seconds of the sections that may play next (the one playing, the next, the
/// previous), kept in memory, in front of the audio file: a jump to a section's start is read
/// from memory, so it never waits for the disk. The control thread says which starts to keep
/// (`keep`); the worker thread reads (`read`) and loads what is missing between its fills
/// (`prefetch`), so the file is only ever read on the worker's thread.
public final class SectionHeads: ProgramSource, @unchecked Sendable {
    /// A kept head: source frames `range`, interleaved stereo.
    struct Head {
        var range: Range<Int64>
        var samples: [Float]
    }

    private let source: ProgramSource
    private let frames: Int64
    /// Frames kept before a start (the stretcher primes on them) and after it.
    public let before: Int64
    public let after: Int64
    private let lock = NSLock()
    private var wanted: [Int64] = []
    private var heads: [Head] = []
    /// Reads served from memory, and reads that went to the file (for tests and the bench).
    public private(set) var memoryReads = 0
    public private(set) var fileReads = 0

    /// Heads of `before` + `after` frames in front of `source` (`frames` long).
    public init(source: ProgramSource, frames: Int64, before: Int64, after: Int64) {
        self.source = source
        self.frames = frames
        self.before = before
        self.after = after
    }

    /// Heads held at most: those no longer wanted go, oldest first, beyond this many.
    public static let capacity = 8

    /// Control thread: keep the heads of these section starts from now on. Heads no longer
    /// wanted stay while there is room (the play head may still be on its way to one).
    public func keep(starts: [Int64]) {
        var unique: [Int64] = []
        for s in starts where !unique.contains(s) { unique.append(s) }
        lock.lock()
        wanted = unique
        var extra = heads.count - Self.capacity
        heads.removeAll { h in
            guard extra > 0, !unique.contains(where: { range(of: $0) == h.range }) else { return false }
            extra -= 1
            return true
        }
        lock.unlock()
    }

    /// The frames kept for the start `s`.
    private func range(of s: Int64) -> Range<Int64> {
        max(0, s - before)..<min(frames, s + after)
    }

    /// The heads kept now (test).
    public var keptRanges: [Range<Int64>] {
        lock.lock()
        defer { lock.unlock() }
        return heads.map(\.range)
    }

    /// Worker thread: loads one missing head, if any. True when it loaded one.
    @discardableResult
    public func prefetch() -> Bool {
        lock.lock()
        let missing = wanted.map(range(of:)).first { r in !r.isEmpty && !heads.contains { $0.range == r } }
        lock.unlock()
        guard let r = missing else { return false }
        var samples = [Float](repeating: 0, count: Int(r.count) * 2)
        samples.withUnsafeMutableBufferPointer { source.read(from: r.lowerBound, count: Int(r.count), into: $0.baseAddress!) }
        lock.lock()
        if wanted.contains(where: { range(of: $0) == r }) && !heads.contains(where: { $0.range == r }) {
            heads.append(Head(range: r, samples: samples))
            if heads.count > Self.capacity, let old = heads.firstIndex(where: { h in !wanted.contains { range(of: $0) == h.range } }) {
                heads.remove(at: old)
            }
        }
        lock.unlock()
        return true
    }

    /// Worker thread: `count` frames from `start`, from a kept head when one holds them all.
    public func read(from start: Int64, count: Int, into buffer: UnsafeMutablePointer<Float>) {
        let end = start + Int64(count)
        lock.lock()
        if let h = heads.first(where: { $0.range.lowerBound <= start && end <= $0.range.upperBound }) {
            let offset = Int(start - h.range.lowerBound) * 2
            h.samples.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + offset, count: count * 2) }
            memoryReads += 1
            lock.unlock()
            return
        }
        fileReads += 1
        lock.unlock()
        source.read(from: start, count: count, into: buffer)
    }
}

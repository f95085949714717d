import Foundation
import RealtimeKit
import RenderGraph
import Workers

/// Keeps the music ring full ahead of the play head: writes the program block after block with
/// a `ProgramWriter`, and carries out live changes by writing a new generation of blocks that
/// takes over at a switch point a little ahead of the play head. Its own thread (live), or the
/// caller's (offline, `fillAvailable`); `request` and `status` from the control thread.
public final class PlayerWorker: @unchecked Sendable {
    public let deck: MusicDeck
    private let writer: ProgramWriter
    /// Frames ahead of the play head where a live change takes over.
    private let leadFrames: Int64
    private let lock = NSLock()
    private var requests: [PlayerRequest] = []
    /// Requests asked for and carried out so far (under `lock`).
    private var asked = 0
    private var done = 0
    /// The writer's position at the start of each block still in the ring (by block number).
    private var snapshots: [Int: (step: ProgramStep?, offset: Int64)] = [:]
    private var generation: UInt32 = 0
    /// The block that ends the program has been written: nothing more until a restart (the deck
    /// stops reading at the end, so further blocks would fill the ring for good).
    private var endWritten = false
    /// The writer's program, as the control thread may read it (under `lock`).
    private var sharedProgram: PracticeProgram
    /// The worker's thread: woken by `request` and `stop`; otherwise it waits while the ring is
    /// full, for as long as an eighth of the ring takes to play (`idleMilliseconds`).
    private let thread = WorkerThread(name: PlayerWorker.threadName)

    /// The turns written (by the number the deck marks them with), for the recorder.
    private let turns: TurnBook?

    /// Section starts kept in memory, loaded by this worker while the ring is full.
    private let heads: SectionHeads?

    /// `leadFrames`: how far ahead of the play head a change takes over (a couple of periods).
    /// `heads`: the in-memory section starts that `writer` reads through, if any. `turns`: where
    /// the turns written are noted (`--record`).
    public init(writer: ProgramWriter, deck: MusicDeck, leadFrames: Int = 1024, heads: SectionHeads? = nil, turns: TurnBook? = nil) {
        self.writer = writer
        self.deck = deck
        self.heads = heads
        self.turns = turns
        self.leadFrames = Int64(leadFrames)
        sharedProgram = writer.program
    }

    /// Worker side: the writer follows `p` from now on.
    private func follow(_ p: PracticeProgram) {
        writer.replace(program: p)
        lock.lock()
        sharedProgram = p
        lock.unlock()
    }

    /// The worker thread's name in `top -H` and /proc (15 bytes at most).
    public static let threadName = "woodshed player"

    /// How long the worker waits with the ring full: an eighth of the ring's length at the
    /// output rate (the render thread frees blocks but cannot wake it), 1 ms at least.
    public var idleMilliseconds: Int32 {
        let ring = deck.ring
        let rate = max(writer.program.settings.outputRate, 1)
        return Int32(max(1, ring.capacity * ring.blockFrames * 1000 / (8 * rate)))
    }

    /// Turns of the worker's thread so far: with the ring full it waits, it does not spin.
    public var threadTurns: Int { thread.turns }

    /// Starts the worker thread; it fills the ring before returning.
    public func start() {
        fillAvailable()
        let idle = idleMilliseconds
        thread.start { [self] in
            fillAvailable()
            // A request that came during the turn (its wake may have ended a wait for room).
            if !isSettled { return .again }
            // With the ring full, load a section start that is not in memory yet.
            return heads?.prefetch() == true ? .again : .wait(milliseconds: idle)
        }
    }

    /// Stops the worker thread and waits for it.
    public func stop() {
        thread.stop()
    }

    /// Asks for a live change (control thread); the worker, woken, applies it at once.
    public func request(_ r: PlayerRequest) {
        lock.lock()
        requests.append(r)
        asked += 1
        lock.unlock()
        thread.wake()
    }

    /// True once every request asked for has been carried out (its new blocks written).
    public var isSettled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return asked == done
    }

    /// Applies pending requests, then writes blocks until the ring is full.
    public func fillAvailable() {
        lock.lock()
        let pending = requests
        requests.removeAll()
        lock.unlock()
        for r in pending { apply(r) }
        if !pending.isEmpty {
            lock.lock()
            done += pending.count
            lock.unlock()
        }
        let ring = deck.ring
        while !endWritten, let k = ring.nextWritable() {
            writeBlock(k, header: MusicBlockHeader(generation: generation))
        }
        trimSnapshots()
    }

    private func writeBlock(_ k: Int, header: MusicBlockHeader) {
        let ring = deck.ring
        lock.lock()
        snapshots[k] = (writer.step, writer.offset)
        lock.unlock()
        let wasEnded = writer.step == nil
        let n = writer.fill(frames: ring.blockFrames, click: ring.channel(0, ofBlock: k),
                            left: ring.channel(1, ofBlock: k), right: ring.channel(2, ofBlock: k))
        var h = header
        h.frames = Int32(n)
        if let t = writer.lastTurn {
            h.turn = t.number
            h.turnFrom = Int32(t.from)
            h.turnTo = Int32(t.to)
            turns?.note(t.number, t.step)
        }
        h.ended = writer.step == nil && !(wasEnded && n > 0)
        if h.ended { endWritten = true }
        ring.publish(k, header: h)
    }

    private func trimSnapshots() {
        let oldest = deck.ring.released
        lock.lock()
        snapshots = snapshots.filter { $0.key >= oldest - 1 }
        lock.unlock()
    }

    /// Where the program is at stream frame `x` of the blocks written so far.
    private func position(at x: Int64) -> (step: ProgramStep?, offset: Int64)? {
        let B = Int64(deck.ring.blockFrames)
        let k = Int(x / B)
        lock.lock()
        let snap = snapshots[k], program = sharedProgram
        lock.unlock()
        guard let snap else { return nil }
        return program.advance(snap.step, offset: snap.offset, by: x - Int64(k) * B)
    }

    /// The switch point for a change now: `leadFrames` ahead of the play head, within what has
    /// been written; and the program's position there.
    private func switchPoint() -> (frame: Int64, step: ProgramStep?, offset: Int64) {
        let B = Int64(deck.ring.blockFrames)
        let writtenEnd = Int64(deck.ring.published) * B
        let playhead = deck[.playhead]
        let x = deck[.ended] != 0 ? writtenEnd : min(playhead + leadFrames, writtenEnd)
        if x < writtenEnd, let p = position(at: x) { return (x, p.step, p.offset) }
        return (writtenEnd, writer.step, writer.offset)
    }

    private func apply(_ r: PlayerRequest) {
        let program = writer.program
        if case .replaceProgram(let p) = r {
            follow(p)
            return
        }
        let at = switchPoint()
        var target: (step: ProgramStep?, offset: Int64) = (at.step, at.offset)
        switch r {
        case .playSection(let i):
            target = (program.start(section: i), 0)
        case .playSectionOnce(let i, let speed):
            target = (program.start(section: i, speed: speed), 0)
        case .speed(let v):
            var p = program
            p.settings.speed = v
            follow(p)
            if let (s, pos) = heard(at, settings: p.settings) {
                target = (p.passStep(section: s.section, pass: s.pass, from: pos, speed: v), 0)
            }
        case .transpose(let cents):
            var p = program
            p.settings.transposeCents = cents
            follow(p)
            if let (s, pos) = heard(at, settings: p.settings) {
                target = (p.passStep(section: s.section, pass: s.pass, from: pos, speed: s.speed), 0)
            }
        case .seek(let delta):
            guard let (s, pos) = heard(at, settings: program.settings) else { return }
            target = (program.passStep(section: s.section, pass: s.pass, from: pos + delta, speed: s.speed), 0)
        case .replaceProgram:
            return
        }
        restart(at: at.frame, step: target.step, offset: target.offset)
    }

    /// The pass heard at the switch point `at`, and the source frame heard there; nil when no
    /// pass is (a gap, a count-in, the end).
    private func heard(_ at: (frame: Int64, step: ProgramStep?, offset: Int64), settings: ProgramSettings)
        -> (step: ProgramStep, source: Int64)? {
        guard let s = at.step, case .pass(let from) = s.kind else { return nil }
        return (s, from + settings.sourceFrames(outputFrames: at.offset, speed: s.speed))
    }

    /// Writes the first block of a new generation that takes over at stream frame `frame`.
    private func restart(at frame: Int64, step: ProgramStep?, offset: Int64) {
        generation &+= 1
        endWritten = false
        writer.jump(to: step, offset: offset)
        // Wait for room (the render thread frees blocks every cycle, but cannot wake anyone:
        // a millisecond at a time), unless stopping.
        var k = deck.ring.nextWritable()
        while k == nil {
            if !thread.pause(milliseconds: 1) { return }
            k = deck.ring.nextWritable()
        }
        writeBlock(k!, header: MusicBlockHeader(generation: generation, continuesFrom: frame))
        deck.announce(generation: generation, startingAt: k!)
    }

    /// What is heard now (control thread).
    public func status() -> PlayerStatus {
        let x = deck[.playhead]
        let p = position(at: x)
        var source: Int64?
        lock.lock()
        let program = sharedProgram
        lock.unlock()
        if let s = p?.step, case .pass(let from) = s.kind {
            source = from + program.settings.sourceFrames(outputFrames: p!.offset, speed: s.speed)
        }
        return PlayerStatus(step: p?.step, offset: p?.offset ?? 0, sourceFrame: source,
                            ended: deck[.ended] != 0, underrunFrames: deck[.underrunFrames])
    }
}

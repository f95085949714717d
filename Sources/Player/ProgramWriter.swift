import Glibc
import RenderGraph
import Stretch
import WoodshedCore

/// Renders the practice program, frame after frame, into three channels: the click and the
/// music's left and right. It stretches passes (speed, transpose, rate) through `StretchStream`,
/// crossfades each seam, and places count-in and music clicks. The same writer fills the live
/// player's ring and the offline render, so what is tested is what plays.
/// Worker threads only (one at a time); never the JACK thread.
public final class ProgramWriter {
    public private(set) var program: PracticeProgram
    private let source: ProgramSource
    private let stretch: StretchStream
    private let seam: SeamFade
    /// The click's accent and normal waves (the metronome's, see `ClickSounds`).
    private let sounds: ClickSounds

    /// The step being written, and how far into it; nil when the program has ended.
    public private(set) var step: ProgramStep?
    public private(set) var offset: Int64 = 0
    /// Output frames written since the start (silence after the end included).
    public private(set) var written: Int64 = 0
    /// Turns begun so far: each gap after a pass (your repeat) gets the next number, from 1.
    public private(set) var turnNumber: UInt32 = 0
    /// `--compare`: where your turns are played back from; the turn the current take step plays.
    private let tape: TakeTape?
    private var takeTurn: UInt32 = 0
    /// The turn the last `fill` wrote, and its frames in that buffer (the first one, if several).
    public private(set) var lastTurn: (number: UInt32, step: ProgramStep, from: Int, to: Int)?

    private var clicks = ProgramClick()
    /// Sounding clicks, mixed as the metronome mixes them.
    private var voices = ClickVoices()
    /// The continuation of the last pass past B, fading out over the next step's first frames.
    private var tail: [Float]
    private var tailLength = 0
    private var tailPosition = 0
    /// Whether the current pass fades in (every pass does, when there is a crossfade).
    private var fadingIn = false
    private var scratch: [Float]
    /// Frames stretched per call (the scratch buffer's size).
    private static let maxChunk = 4096

    /// `clickWaves`: accent and normal click at the output rate.
    public init(program: PracticeProgram, source: ProgramSource, clickWaves: (accent: [Float], normal: [Float]),
                engine: StretchEngine = .faster, startSection: Int = 0, tape: TakeTape? = nil) {
        self.program = program
        self.tape = tape
        self.source = source
        stretch = StretchStream(sourceRate: program.settings.sourceRate, outputRate: program.settings.outputRate, engine: engine)
        seam = SeamFade(length: program.settings.crossfadeFrames)
        sounds = ClickSounds(name: "click", rate: program.settings.outputRate, accent: clickWaves.accent,
                             normal: clickWaves.normal, subdivision: [])
        tail = [Float](repeating: 0, count: 2 * max(program.settings.crossfadeFrames, 1))
        scratch = [Float](repeating: 0, count: 2 * Self.maxChunk)
        begin(program.start(section: startSection))
    }

    deinit { voices.deallocate() }

    /// Follows `program` from the next step on (the one being written goes on as it is).
    public func replace(program: PracticeProgram) {
        self.program = program
    }

    /// Continues from `step`, `offset` frames in (a live jump, a speed change, a new section).
    /// Sounding clicks and the seam's tail are dropped: the live player crossfades the switch.
    public func jump(to step: ProgramStep?, offset: Int64 = 0) {
        voices.silence()
        tailLength = 0
        begin(step, offset: offset)
    }

    private func begin(_ next: ProgramStep?, offset: Int64 = 0) {
        step = next
        self.offset = offset
        guard let next else { return }
        if next.kind == .gap {
            turnNumber &+= 1
            if turnNumber == 0 { turnNumber = 1 }
        }
        if next.kind == .yourTake { takeTurn = turnNumber }
        clicks = ProgramClick(step: next, program: program, offset: offset)
        if case .pass(let from) = next.kind {
            let settings = program.settings
            let start = from + settings.sourceFrames(outputFrames: offset, speed: next.speed)
            stretch.restart(at: start, speed: Double(next.speed) / 1000, semitones: Double(settings.transposeCents) / 100)
            fadingIn = seam.length > 0 && offset == 0
        }
    }

    /// The source frame playing now (for the display), or nil outside a pass.
    public var sourcePosition: Int64? {
        guard let step, case .pass(let from) = step.kind else { return nil }
        return from + program.settings.sourceFrames(outputFrames: offset, speed: step.speed)
    }

    /// Writes the next `frames` frames; returns how many belong to the program (fewer at its
    /// end: the rest is silence).
    @discardableResult
    public func fill(frames: Int, click: UnsafeMutablePointer<Float>, left: UnsafeMutablePointer<Float>,
                     right: UnsafeMutablePointer<Float>) -> Int {
        click.update(repeating: 0, count: frames)
        left.update(repeating: 0, count: frames)
        right.update(repeating: 0, count: frames)
        voices.continueAll(into: click, frames: frames)
        var done = 0
        var emptySteps = 0
        lastTurn = nil
        while done < frames {
            guard let current = step else { break }
            if offset >= current.length {
                if current.isPass { captureTail() }
                // Steps too short to last a frame, forever (an endless plan of a tiny section): stop.
                emptySteps = current.length == 0 ? emptySteps + 1 : 0
                begin(emptySteps > 64 ? nil : program.step(after: current))
                continue
            }
            let n = Int(min(Int64(min(frames - done, Self.maxChunk)), current.length - offset))
            if current.isPass { renderPass(n, left: left + done, right: right + done) }
            if current.kind == .yourTake { renderTake(n, left: left + done, right: right + done) }
            if current.kind == .gap && lastTurn == nil { lastTurn = (turnNumber, current, done, done + n) }
            startClicks(before: offset + Int64(n), at: done, into: click, frames: frames)
            mixTail(left: left + done, right: right + done, frames: n)
            offset += Int64(n)
            done += n
        }
        mixTail(left: left + done, right: right + done, frames: frames - done)
        written += Int64(frames)
        return done
    }

    private func renderPass(_ n: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        let src = source
        scratch.withUnsafeMutableBufferPointer { buf in
            let p = buf.baseAddress!
            stretch.render(count: n, into: p) { start, count, out in src.read(from: start, count: count, into: out) }
            for i in 0..<n {
                var l = p[2 * i], r = p[2 * i + 1]
                if fadingIn {
                    let t = Int(offset) + i
                    if t < seam.length { l *= seam.fadeIn[t]; r *= seam.fadeIn[t] }
                }
                left[i] = l
                right[i] = r
            }
        }
        if offset + Int64(n) >= Int64(seam.length) { fadingIn = false }
    }

    /// Your take, after the compare pause, on both music channels: the turn just recorded, as
    /// the recorder has read it (waiting for it up to 200 ms; silence where it has none).
    private func renderTake(_ n: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        guard let tape else { return }
        let pause = program.settings.comparePauseFrames
        var i = Int(max(0, min(Int64(n), pause - offset)))
        var k = Int(offset + Int64(i) - pause)
        var waited = 0
        while i < n {
            let r = tape.read(turn: takeTurn, from: k, count: n - i, into: left + i)
            if r.copied > 0 {
                (right + i).update(from: left + i, count: r.copied)
                i += r.copied
                k += r.copied
                continue
            }
            if !r.more || waited >= 200 { break }
            usleep(1_000)
            waited += 1
        }
    }

    /// Renders the pass's continuation past B into the tail, to fade out under what follows.
    private func captureTail() {
        let x = seam.length
        guard x > 0 else { return }
        let src = source
        tail.withUnsafeMutableBufferPointer { buf in
            stretch.render(count: x, into: buf.baseAddress!) { start, count, out in src.read(from: start, count: count, into: out) }
        }
        tailLength = x
        tailPosition = 0
    }

    private func mixTail(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) {
        var i = 0
        while tailPosition < tailLength && i < frames {
            let g = seam.fadeOut[tailPosition]
            left[i] += tail[2 * tailPosition] * g
            right[i] += tail[2 * tailPosition + 1] * g
            tailPosition += 1
            i += 1
        }
    }

    /// Starts the clicks of the current step whose offsets are before `end`; the step's frame
    /// `offset` is frame `at` of this buffer.
    private func startClicks(before end: Int64, at: Int, into click: UnsafeMutablePointer<Float>, frames: Int) {
        while let c = clicks.next(before: end) {
            let wave = c.accent ? sounds.waves.accent : sounds.waves.normal
            voices.start(wave: wave, gain: 1, offset: at + Int(c.offset - offset), into: click, frames: frames)
        }
    }
}

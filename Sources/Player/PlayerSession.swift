import RenderGraph
import RealtimeKit
import Stretch
import WoodshedCore

/// The live rehearsal player: the sections of one audio file, the session's speed, transpose
/// and click, and the actions that change them while the music plays. It owns the worker that
/// renders ahead of the play head, and the deck the JACK thread reads (one per JACK
/// connection). Control thread only; the worker has its own thread.
public final class PlayerSession {
    /// How the audio is read and played, fixed for the session.
    public struct Audio {
        public var source: ProgramSource
        public var rate: Int
        public var frames: Int64
        public var engine: StretchEngine
        public var crossfadeMilliseconds: Int
        /// Accent and normal click waves at an output rate.
        public var clickWaves: (Int) throws -> (accent: [Float], normal: [Float])

        public init(source: ProgramSource, rate: Int, frames: Int64, engine: StretchEngine, crossfadeMilliseconds: Int,
                    clickWaves: @escaping (Int) throws -> (accent: [Float], normal: [Float])) {
            self.source = source
            self.rate = rate
            self.frames = frames
            self.engine = engine
            self.crossfadeMilliseconds = crossfadeMilliseconds
            self.clickWaves = clickWaves
        }
    }

    public let audio: Audio
    /// The program's sections in playing order.
    public private(set) var sections: [Section]
    /// How many of the first sections are only for this session (an A–B from the command
    /// line, the whole file) and never saved.
    public let unsavedCount: Int
    /// The session speed in thousandths, for passes without a ladder.
    public private(set) var speed: Int
    public private(set) var transposeCents: Int
    public let click: MusicClick?
    public private(set) var paused = false
    public private(set) var clickOn = true
    public private(set) var markIn: Int64?
    /// The outcome of the last action, for the display.
    public private(set) var message = ""
    /// Set when the saved sections (`savedSections`) or the settings changed; the caller saves
    /// and clears them.
    public var sectionsChanged = false
    public var settingsChanged = false

    /// The quick A–B loops made with mark in/out this session: plain loops, kept only when the
    /// user saves one as a section (`keepLoop`).
    public private(set) var loops: Set<String> = []
    /// What follows every section's last pass for this session only (a key changes it); nil:
    /// each section's own `advance`.
    public private(set) var advanceForSession: RepeatPlan.Advance?
    /// A playlist: marks stay inside the track playing.
    public var marksStayInSection = false
    /// Each section's plan as the session started, by name (what a reset goes back to when the
    /// section has no saved plan).
    private let startingPlans: [String: RepeatPlan]
    /// Each saved section's plan as the practice file keeps it, by name. The plans playing may
    /// differ for this session only (the command line's `--repeat`, shadowing's plan, MPRIS's
    /// loop): those are never saved. Only the user's edits (a pass more or less, `w`) change it.
    private var savedPlans: [String: RepeatPlan]

    /// The first seconds of the sections that may play next, in memory.
    public let heads: SectionHeads
    /// The section whose neighbours' heads are kept now.
    private var headsAround = -1
    /// The section heard last (what "again" and "next" start from after the program ended).
    private var lastHeard: Int?

    /// The section asked for last (it plays unless the program has moved on since).
    private var requested: Int
    private var worker: PlayerWorker?
    private var rate = 0
    /// The turns every worker of this session writes, for the recorder (`--record`).
    public let turns = TurnBook()
    /// `--compare`: each turn is followed by your take, played back from `tape`.
    public var compare = false
    public let tape = TakeTape()

    /// `savedPlans`: each saved section's plan in the practice file, by name, when the plans
    /// in `sections` are this session's (nil: they are the saved ones).
    public init(audio: Audio, sections: [Section], unsavedCount: Int, startSection: Int, speed: Int,
                transposeCents: Int, click: MusicClick?, paused: Bool = false, savedPlans: [String: RepeatPlan]? = nil) {
        precondition(!sections.isEmpty && sections.indices.contains(startSection))
        self.audio = audio
        self.sections = sections
        self.unsavedCount = unsavedCount
        self.speed = speed
        self.transposeCents = transposeCents
        self.click = click
        self.paused = paused
        requested = startSection
        startingPlans = Dictionary(sections.map { ($0.name, $0.plan) }, uniquingKeysWith: { a, _ in a })
        self.savedPlans = savedPlans ?? Dictionary(sections.dropFirst(unsavedCount).map { ($0.name, $0.plan) },
                                                   uniquingKeysWith: { a, _ in a })
        heads = SectionHeads(source: audio.source, frames: audio.frames, before: Int64(audio.rate / 4), after: Int64(2 * audio.rate))
    }

    /// The sections kept in the practice file (not the quick loops), each with its saved plan
    /// (`savedPlans`), not this session's.
    public var savedSections: [Section] {
        sections.dropFirst(unsavedCount).filter { !loops.contains($0.name) }.map { s in
            var saved = s
            if let plan = savedPlans[s.name] { saved.plan = plan }
            return saved
        }
    }

    /// True when the plan playing for section `i` is not the one saved (this session's only).
    public func planIsSessionOnly(_ i: Int) -> Bool {
        guard sections.indices.contains(i), i >= unsavedCount, let saved = savedPlans[sections[i].name] else { return false }
        return saved != sections[i].plan
    }

    /// The saved section heard now (for "last section"), if it is one.
    public var lastSavedSection: String? {
        let i = playingIndex
        return i >= unsavedCount && !loops.contains(sections[i].name) ? sections[i].name : nil
    }

    /// The sections as they play: with the session's advance, when a key set one.
    private var playedSections: [Section] {
        guard let a = advanceForSession else { return sections }
        return sections.map { var s = $0; s.plan.advance = a; return s }
    }

    /// The program at the output rate.
    public func program(outputRate: Int) -> PracticeProgram {
        PracticeProgram(sections: playedSections, settings: ProgramSettings(
            sourceRate: audio.rate, outputRate: outputRate, speed: speed, transposeCents: transposeCents,
            crossfadeFrames: ProgramSettings.crossfadeFrames(milliseconds: audio.crossfadeMilliseconds, outputRate: outputRate),
            click: click, compare: compare, comparePauseFrames: compare ? Int64(outputRate / 2) : 0))
    }

    /// A new deck for a JACK connection at `outputRate`, with its worker started and the ring
    /// full. After a reconnect the music goes on from where it was. The previous connection's
    /// client must be closed (its deck is freed here).
    public func makeDeck(outputRate: Int) throws -> MusicDeck {
        let resume = worker?.status()
        let reconnecting = worker != nil
        close()
        // The old worker's writer and stretcher were allocated on its thread, so glibc kept their
        // freed memory in that thread's arena; each reconnect's new worker thread may take another
        // arena, and the process grew by about 0.35 MiB a reconnect at 0.75× (ReconnectMemoryTests).
        // Give the free pages back.
        if reconnecting { _ = glibcMallocTrim(0) }
        let p = program(outputRate: outputRate)
        let writer = ProgramWriter(program: p, source: heads, clickWaves: try audio.clickWaves(outputRate),
                                   engine: audio.engine, startSection: requested, tape: compare ? tape : nil)
        if let s = resume?.step, let from = resume?.sourceFrame, s.section < sections.count {
            writer.jump(to: p.passStep(section: s.section, pass: s.pass, from: from, speed: s.speed))
        }
        let deck = MusicDeck.allocate(ring: .allocate(blockFrames: 256, capacity: 64), paused: paused)
        deck[.clickMuted] = clickOn ? 0 : 1
        let w = PlayerWorker(writer: writer, deck: deck, heads: heads, turns: turns)
        headsAround = -1
        keepHeads(around: resume?.step?.section ?? requested)
        w.start()
        worker = w
        rate = outputRate
        return deck
    }

    /// True when the worker has carried out every change asked of it (or there is no worker).
    public var isSettled: Bool { worker?.isSettled ?? true }

    /// A linear fade-out of the music and its click over `frames` output frames, computed
    /// frame by frame on the render thread from its next cycle (the end of a `--for` timer).
    public func fadeOut(frames: Int64) {
        worker?.deck[.fadeOutFrames] = max(frames, 1)
    }

    /// Stops the worker and frees the deck; the JACK client using it must be closed first.
    public func close() {
        guard let w = worker else { return }
        w.stop()
        w.deck.deallocate()
        worker = nil
    }

    /// The last view made from a status with a step (or of the end), shown again while the
    /// status falls between snapshots.
    private var lastView: PlayerView?

    /// The section heard now (after the end: the one heard last; before the start: the one
    /// asked for).
    public var playingIndex: Int {
        worker?.status().step?.section ?? lastHeard ?? requested
    }

    /// Keeps in memory the starts of section `i` and of those that may follow it: the next (or
    /// the first, when the program loops), and the previous.
    private func keepHeads(around i: Int) {
        guard i != headsAround, sections.indices.contains(i) else { return }
        headsAround = i
        var starts = [sections[i].start]
        if let n = next(after: i) { starts.append(sections[n].start) }
        if i + 1 < sections.count { starts.append(sections[i + 1].start) }
        if i > 0 { starts.append(sections[i - 1].start) }
        heads.keep(starts: starts)
    }

    /// What the display shows now (and, as the play head moves on, which heads to keep).
    public func view() -> PlayerView { view(of: worker?.status()) }

    /// The view of the worker's status `st`. A status with no step while the program has not
    /// ended fell between the worker's snapshots (the play head where no block is written yet,
    /// or past the program's last frame before the deck says it ended): it says nothing of what
    /// plays, so the last view is shown again (with the controls and counts of now), never a
    /// made-up first pass of the section.
    func view(of st: PlayerStatus?) -> PlayerView {
        if let st, st.step == nil, !st.ended, var held = lastView, held.sectionIndex < sections.count {
            held.paused = paused
            held.clickOn = clickOn
            held.markIn = markIn
            held.underrunFrames = st.underrunFrames
            return held
        }
        let v = freshView(of: st)
        lastView = v
        return v
    }

    private func freshView(of st: PlayerStatus?) -> PlayerView {
        let step = st?.step
        if let step { lastHeard = step.section }
        let i = min(step?.section ?? lastHeard ?? requested, sections.count - 1)
        keepHeads(around: i)
        let s = sections[i]
        // No step while the program is still playing: the status fell between snapshots.
        var phase: PlayerView.Phase = st?.ended == true ? .ended : .pass
        var left: Int64 = 0
        var blind = false
        if let step, phase != .ended {
            blind = step.kind == .gap && { if case .times(let n) = s.plan.repeats { step.pass >= n } else { false } }()
            switch step.kind {
            case .countIn: phase = .countIn
            case .pass: phase = .pass
            case .gap, .yourTake: phase = .gap
            }
            left = step.length - (st?.offset ?? 0)
        }
        let passes: Int? = if case .times(let n) = s.plan.repeats { n } else { nil }
        return PlayerView(sectionIndex: i, sectionName: s.name, sectionCount: sections.count,
                          sectionStart: s.start, sectionEnd: s.end,
                          pass: step?.pass ?? (phase == .ended ? max((passes ?? 1) - 1, 0) : 0), passes: passes,
                          phase: phase, stepFramesLeft: left, stepLength: step?.length ?? 0, blind: blind,
                          sectionText: s.text, nextText: next(after: i).flatMap { sections[$0].text },
                          sourceFrame: st?.sourceFrame ?? (phase == .ended ? s.end : s.start),
                          speed: step?.speed ?? s.plan.speed(ofPass: 0, sessionSpeed: speed), sessionSpeed: speed,
                          transposeCents: transposeCents, nextSection: next(after: i).map { sections[$0].name },
                          paused: paused, clickOn: clickOn, markIn: markIn, underrunFrames: st?.underrunFrames ?? 0,
                          yourTake: step?.kind == .yourTake)
    }

    /// The section that follows section `i`'s last pass, or nil when the program stops there.
    public func next(after i: Int) -> Int? {
        switch advanceForSession ?? sections[i].plan.advance {
        case .stop: return nil
        case .next: return i + 1 < sections.count ? i + 1 : nil
        case .loopAll: return (i + 1) % sections.count
        }
    }

    // MARK: - What the musician asks (keys, pedals and remotes, as `PlayerController` performs
    // their actions). Each says its outcome in `message`; before the first deck: "not playing yet".

    /// The worker, its status and the section heard now (after the end: the one heard last);
    /// nil, said, before the first deck.
    private func current() -> (worker: PlayerWorker, status: PlayerStatus, here: Int)? {
        guard let worker else { message = "not playing yet"; return nil }
        let st = worker.status()
        return (worker, st, st.step?.section ?? lastHeard ?? requested)
    }

    /// Pause, or play on (after the end of the program: the section heard last, again).
    public func togglePause() {
        guard let c = current() else { return }
        if c.status.ended {
            play(section: c.here, note: "again: \(sections[c.here].name)")
            return
        }
        paused.toggle()
        c.worker.deck[.paused] = paused ? 1 : 0
        message = paused ? "paused" : "playing"
    }

    /// The next (+1) or previous (−1) section, from its first pass.
    public func stepSection(by d: Int) {
        guard let c = current() else { return }
        let here = c.here, target = here + d
        guard sections.indices.contains(target) else {
            message = d > 0 ? "\(sections[here].name) is the last section" : "\(sections[here].name) is the first section"
            return
        }
        play(section: target, note: "section \(target + 1)/\(sections.count): \(sections[target].name)")
    }

    /// The section playing, again from its first pass.
    public func playAgain() {
        guard let c = current() else { return }
        play(section: c.here, note: "again: \(sections[c.here].name)")
    }

    /// The section playing, again from its first pass, that pass alone at `factor` thousandths
    /// of its speed (850: "again, slower" at 0.85×; 1150: "again, faster"), within 0.25–2×; the
    /// passes after it at their own speed. Nothing is saved.
    public func playAgain(speedFactor factor: Int) {
        guard let c = current() else { return }
        let base = sections[c.here].plan.speed(ofPass: 0, sessionSpeed: speed)
        let once = min(max(Int(ExactMath.roundDiv(Int128(base) * Int128(factor), 1000)), 250), 2000)
        play(section: c.here, note: "again at \(Self.speedText(once)), once: \(sections[c.here].name)", speed: once)
    }

    /// One pass more (+1) or less (−1) for the section playing.
    public func stepRepeats(by d: Int, saving: Bool = true) {
        guard let c = current() else { return }
        let here = c.here, st = c.status
        var plan = sections[here].plan
        switch plan.repeats {
        case .times(let n):
            let m = min(max(n + d, OptionRange.repeats.range.lowerBound), OptionRange.repeats.range.upperBound)
            guard m != n else { message = "\(n) pass\(n == 1 ? "" : "es") (the limit)"; return }
            plan.repeats = .times(m)
        case .endless:
            guard d < 0 else { message = "already endless"; return }
            plan.repeats = .times((st.step?.section == here ? st.step?.pass ?? 0 : 0) + 1)
        }
        edit(here) { $0.plan = plan }
        if saving { savedPlans[sections[here].name]?.repeats = plan.repeats }   // the user's edit: saved
        if case .times(let n) = plan.repeats { message = "\(sections[here].name): \(n) pass\(n == 1 ? "" : "es")" }
    }

    /// How the program loops (MPRIS's `LoopStatus`): `.section` plays the section playing
    /// endlessly; `.all` makes every section go on to the next after its last pass, and the last
    /// to the first; `.none` takes loop-all back to going on (the last section stops). Both end
    /// an endless section playing after its pass playing. For the passes to come, and for this
    /// session only: nothing is saved (`w` keeps the section's plan as it plays).
    public func setLoop(_ mode: LoopMode) {
        guard let c = current() else { return }
        let here = c.here, pass = c.status.step?.section == here ? c.status.step?.pass ?? 0 : 0
        var changed = false
        for i in sections.indices {
            var plan = sections[i].plan
            if i == here { plan.repeats = mode == .section ? .endless : plan.repeats == .endless ? .times(pass + 1) : plan.repeats }
            if mode == .all { plan.advance = .loopAll } else if plan.advance == .loopAll { plan.advance = .next }
            guard plan != sections[i].plan else { continue }
            sections[i].plan = plan
            changed = true
        }
        message = switch mode {
        case .section: "\(sections[here].name): endless (this session)"
        case .all: "loop all (this session)"
        case .none: "no loop (this session)"
        }
        guard changed else { return }
        headsAround = -1
        keepHeads(around: here)
        worker?.request(.replaceProgram(program(outputRate: rate)))
    }

    /// The session speed up or down by this many thousandths (50 = 5 %), from where the pass is.
    public func stepSpeed(by d: Int) {
        guard let c = current() else { return }
        let v = min(max(speed + d, 250), 2000)
        guard v != speed else { message = "speed \(Self.speedText(v)) (the limit)"; return }
        speed = v
        settingsChanged = true
        c.worker.request(.speed(v))
        message = "speed \(Self.speedText(v))" + (sections[c.here].plan.speedLadder.isEmpty ? "" : " (this section's ladder sets its next passes)")
    }

    /// The play head forward or back by this many milliseconds of the file, within the pass.
    public func jump(milliseconds ms: Int) {
        guard let c = current() else { return }
        guard c.status.sourceFrame != nil else { message = "jump works while a pass plays"; return }
        let delta = Int64(ExactMath.roundDiv(Int128(ms) * Int128(audio.rate), 1000))
        c.worker.request(.seek(sourceFrames: delta))
        message = "jump \(ms > 0 ? "+" : "")\(Double(ms) / 1000) s"
    }

    /// The section's start (A) here.
    public func markInHere() {
        guard let c = current() else { return }
        guard let f = c.status.sourceFrame else { message = "mark in works while a pass plays"; return }
        markIn = f
        message = "mark in at \(time(f)); mark out to make a section"
    }

    /// The section's end (B) here: with a mark in, a quick loop from it to here (a plain A–B
    /// loop: endless, no count-in, no gap), after the one playing, played at once. It is not
    /// saved unless `keepLoop` makes it a section. In a playlist the loop stays inside the
    /// track playing.
    public func markOutHere() {
        guard let c = current() else { return }
        let here = c.here
        guard var f = c.status.sourceFrame else { message = "mark out works while a pass plays"; return }
        guard var a = markIn else { message = "mark in first"; return }
        if marksStayInSection {
            a = min(max(a, sections[here].start), sections[here].end)
            f = min(max(f, sections[here].start), sections[here].end)
        }
        guard f > a else { message = "mark out (\(time(f))) must come after mark in (\(time(a)))"; return }
        var n = 1
        while sections.contains(where: { $0.name == "loop \(n)" }) { n += 1 }
        guard let s = try? Section(name: "loop \(n)", start: a, end: f, plan: RepeatPlan(repeats: .endless)) else { return }
        sections.insert(s, at: here + 1)
        loops.insert(s.name)
        headsAround = -1
        markIn = nil
        c.worker.request(.replaceProgram(program(outputRate: rate)))
        play(section: here + 1, note: "loop \(time(a))–\(time(f)) (not saved: w keeps it as a section)")
    }

    /// `w`: the quick loop playing, kept as a section of the file (saved with the others); or,
    /// when the section playing plays another plan than its saved one (this session's only),
    /// that plan saved as its own. Returns true when something is kept.
    @discardableResult
    public func keepLoop() -> Bool {
        guard let c = current() else { return false }
        let name = sections[c.here].name
        if planIsSessionOnly(c.here) {
            savedPlans[name] = sections[c.here].plan
            sectionsChanged = true
            message = "\(name): this session's plan kept"
            return true
        }
        guard loops.contains(name) else { message = "\(name) is already a saved section"; return false }
        loops.remove(name)
        savedPlans[name] = sections[c.here].plan
        sectionsChanged = true
        message = "'\(name)' kept as a section (rename it with: woodshed sections FILE rename)"
        return true
    }

    /// What follows each section's last pass, for this session: next, stop, loop-all in turn
    /// (from the one the section playing has).
    public func cycleAdvance() {
        guard let c = current() else { return }
        let all = RepeatPlan.Advance.allCases
        let now = advanceForSession ?? sections[c.here].plan.advance
        let new = all[(all.firstIndex(of: now)! + 1) % all.count]
        advanceForSession = new
        headsAround = -1
        keepHeads(around: c.here)
        c.worker.request(.replaceProgram(program(outputRate: rate)))
        message = "after each section: \(Self.advanceText(new)) (this session)"
    }

    /// "then next", "then stop", "then loop all": what follows the last pass.
    public static func advanceText(_ a: RepeatPlan.Advance) -> String {
        switch a {
        case .next: "then next"
        case .stop: "then stop"
        case .loopAll: "then loop all"
        }
    }

    /// Speed 1, transpose 0, and the playing section's plan back to `savedPlan` (its plan in
    /// the practice file; nil: the plan it had when the session started), from its first pass.
    public func reset(savedPlan: RepeatPlan?) {
        guard let c = current() else { return }
        let here = c.here
        speed = 1000
        transposeCents = 0
        settingsChanged = true
        c.worker.request(.speed(1000))
        c.worker.request(.transpose(0))
        if let plan = savedPlan ?? startingPlans[sections[here].name], plan != sections[here].plan {
            edit(here) { $0.plan = plan }
        }
        play(section: here, note: "reset: speed 1×, transpose 0, \(sections[here].name)'s saved plan")
    }

    /// Section `i` (from 0), from its first pass (the overview's list).
    public func start(section i: Int) {
        guard current() != nil else { return }
        guard sections.indices.contains(i) else { message = "there is no section \(i + 1)"; return }
        play(section: i, note: "section \(i + 1)/\(sections.count): \(sections[i].name)")
    }

    /// Ends the program now (the playlist's next after its last track: the noise that follows).
    public func endProgram(note: String) {
        guard let c = current() else { return }
        paused = false
        c.worker.deck[.paused] = 0
        c.worker.request(.playSection(sections.count))
        message = note
    }

    /// Adds `text` to the outcome of the last action (the controller's "saved for song.flac").
    public func addToMessage(_ text: String) { message += text }

    /// Moves the playing section's start (A) and end (B) by these many milliseconds (±).
    public func nudgeSection(startMilliseconds: Int, endMilliseconds: Int) {
        guard let c = current() else { return }
        func frames(_ ms: Int) -> Int64 { Int64(ExactMath.roundDiv(Int128(ms) * Int128(audio.rate), 1000)) }
        let s = sections[c.here]
        let start = s.start + frames(startMilliseconds)
        let end = s.end + frames(endMilliseconds)
        guard start >= 0, end <= audio.frames, end > start else {
            message = "\(s.name) cannot move further that way"
            return
        }
        edit(c.here) { $0.start = start; $0.end = end }
        message = "\(s.name): \(time(start))–\(time(end))"
    }

    /// The click (count-ins and the music's click) off or on.
    public func toggleClick() {
        guard let c = current() else { return }
        clickOn.toggle()
        c.worker.deck[.clickMuted] = clickOn ? 0 : 1
        message = clickOn ? "click on" : "click off"
    }

    /// Section `i` from its first pass (`speed`: that pass alone at this speed).
    private func play(section i: Int, note: String, speed once: Int? = nil) {
        requested = i
        lastHeard = i
        keepHeads(around: i)
        paused = false
        worker?.deck[.paused] = 0
        worker?.request(once.map { .playSectionOnce(i, speed: $0) } ?? .playSection(i))
        settingsChanged = true
        message = note
    }

    /// Changes section `i` for the passes to come, and marks it for saving.
    private func edit(_ i: Int, _ change: (inout Section) -> Void) {
        change(&sections[i])
        headsAround = -1
        keepHeads(around: i)
        if i >= unsavedCount { sectionsChanged = true }
        worker?.request(.replaceProgram(program(outputRate: rate)))
    }

    private func time(_ frame: Int64) -> String { SourceTime.of(frame: frame, rate: audio.rate).description }

    /// "0.75×", "1×".
    public static func speedText(_ t: Int) -> String {
        var s = String(t / 1000)
        var frac = t % 1000
        if frac != 0 {
            var digits = 3
            while frac % 10 == 0 { frac /= 10; digits -= 1 }
            s += "." + String(repeating: "0", count: digits - String(frac).count) + String(frac)
        }
        return s + "×"
    }
}

/// glibc's malloc_trim(3) (not in Swift's Glibc module): returns the free memory of every
/// malloc arena to the system. Control thread.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32

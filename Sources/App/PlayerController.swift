import Control
import Engine
import RenderGraph
import Foundation
import Persistence
import Player
import TerminalUI
import WoodshedCore

/// `woodshed play`, `shadow` and `playlist play` on the control loop: keys and MIDI to the
/// player, the practice file saved when sections or settings change, the end of the program,
/// and the screen (about 30 times a second) or one plain line per pass, count-in and gap.
/// Control thread.
public final class PlayerController: SessionController {
    let engine: LiveEngine
    let player: PlayerSession
    /// The live session of the player's click (its engine always has one).
    let session: LiveSession
    var backend: LiveOutput { engine.output }
    let file: PlayerFile
    let keepOpen: Bool
    /// Set for `woodshed shadow`: its screen, keys and practice log.
    let shadow: ShadowMode?
    /// `woodshed play`'s practice log (shadowing's is `shadow.log`); nil: nothing is logged.
    public var playLog: PracticeLog?
    /// `playlist play`: where its tracks are logged (`listen`, and the noise after it), and
    /// the track listened to now.
    public var listenLog: PracticeLog?
    public var listening: TrackListening?
    /// `woodshed playlist play`: tracks instead of sections, time left, and the noise after it.
    public var playlist = false { didSet { player.marksStayInSection = playlist } }
    public var thenNoise: (timer: NoiseTimer, title: String)?
    /// The oscilloscope and meters are on screen (`--scope`, key s).
    public var showsScope = false
    /// `--scope spectrum`: the spectrum under the trace.
    public var showsSpectrum = false
    /// The section or sentence being practised, for the practice log.
    private var sectionPractice: SectionPractice
    /// `--notch`: on or off (key f).
    public var notchSwitch: NotchSwitch? {
        didSet {
            notched = notchSwitch.map { NotchedTime(on: $0.isOn, at: Self.milliseconds(engine.loop.now)) }
            noiseNotched = notchSwitch.map { NotchedTime(on: $0.isOn, at: 0) }
        }
    }
    /// The control loop's milliseconds with the notch on, per section (the log's `notched`).
    private var notched: NotchedTime?
    /// The frames of the noise after the program played with the notch on (its `noise` line).
    private var noiseNotched: NotchedTime?
    /// `--filter` and `--karaoke`: on or off (keys e and v), and their words on the status line.
    public var filters = FilterToggles()
    /// `--record`: your takes (see `TakeRecording`).
    public var recording: TakeRecording?
    /// The player's state at the last refresh.
    private var view: PlayerView
    /// The player's state before the output closed (the stop line).
    private var last: PlayerView?
    private var lastLine = ""
    /// The last action, when this session had no part for it: said on screen until the next.
    private var refused: String?
    /// Shown on screen (at once) and said at quit: why changes are not saved, or the log.
    private var saveProblem: String?
    /// Where reading the file stopped early while playing, as a warning: on screen from then
    /// on, printed once as a plain line, and said again at quit.
    private var readWarning: String?
    private var readWarningPrinted = false
    /// The practice file as it should be saved now, and why it could not be: kept until a
    /// save succeeds, and written as a copy under `$XDG_STATE_HOME/woodshed/unsaved` at quit.
    private var unsaved: (file: PracticeFile, reason: String)?
    /// The file's practice file as loaded, its fingerprint settled at the first save.
    private var practice: PracticeFileLoad?
    /// The practice file as this player last saved it (at first, as loaded): what another
    /// program changed since is kept when saving.
    private var savedBase: PracticeFile?
    /// The speed and transpose saved for the file in this mode (`shadow` keeps its own speed):
    /// as loaded, then as keys and pedals set them. Command-line values are for the run only.
    private var keptSpeed: Int?
    private var keptTranspose: Int?
    /// The xruns and underrun frames counted when the last practice log line was written.
    private var loggedGlitches: (xruns: Int, underrunFrames: Int64) = (0, 0)
    /// The overview list's cursor (a section index); nil: on the section playing.
    private var cursor: Int?

    public let autosaveInterval = 1.0
    public var command: String { shadow != nil ? "woodshed shadow: " : playlist ? "woodshed playlist: " : "woodshed play: " }

    public init(engine: LiveEngine, player: PlayerSession, file: PlayerFile, keepOpen: Bool, shadow: ShadowMode? = nil) {
        self.engine = engine
        guard let session = engine.session else { preconditionFailure("the player runs on an engine with a live session") }
        self.session = session
        self.shadow = shadow
        self.player = player
        self.file = file
        self.practice = file.practice
        self.savedBase = file.practice?.file
        self.keepOpen = keepOpen
        sectionPractice = SectionPractice(mode: shadow != nil ? .shadow : .play)
        view = player.view()
        let kept = file.practice?.file.settings
        keptSpeed = shadow != nil ? kept?.shadowSpeed : kept?.speed
        keptTranspose = shadow != nil ? nil : kept?.transposeCents
        // A practice file that does not parse is never written over: say so on screen from the
        // start, not only in the warning printed before the screen came up.
        if let problem = file.practice?.problem { saveProblem = "changes not saved: \(problem)" }
    }

    public func startLine() -> String? { "\(file.summary) · \(serverLine(underrunFrames: nil)) · keys on stdin" }

    /// The action for `key` (a playlist's keys have no overview).
    public func action(for key: Key, now: Double) -> Action? {
        playlist ? KeyMap.playlist(key) : KeyMap.player(key)
    }

    /// Keeps a speed or transpose the user set with a key, for this file and mode, and says so:
    /// `· saved for song.flac`. Asked for by a pedal, OSC, `ctl` or the desktop, it stays this
    /// session's (`ActionSource.edits`) and says so: `(this session)`.
    private func keep(speed: Int? = nil, transpose: Int? = nil, whoever: Bool = false) {
        guard let practice, practice.problem == nil else { return }
        guard whoever || engine.performing.edits else { player.addToMessage(" (this session)"); return }
        if let speed { keptSpeed = speed == 1000 ? nil : speed }
        if let transpose, shadow == nil { keptTranspose = transpose == 0 ? nil : transpose }
        player.addToMessage(" · saved for \(URL(fileURLWithPath: file.info.path).lastPathComponent)")
    }

    /// The player's side of the vocabulary: start/stop as play/pause, mute as the click, the
    /// section actions; shadowing nudges a bad cut by its own step. The metronome's actions
    /// are said to have no part here.
    public func perform(_ action: Action) {
        refused = nil
        switch action {
        case .quit: engine.loop.quit()
        case .toggleScope: showsScope.toggle()
        case .toggleNotch:
            if let notchSwitch {
                let on = notchSwitch.toggle()
                notched?.switched(on: on, at: Self.milliseconds(engine.loop.now))
                noiseNotched?.switched(on: on, at: thenNoisePlayed)
            } else { refused = "\(action.name): no --notch in this session" }
        case .toggleFilter, .toggleKaraoke: refused = filters.toggle(action)
        case .toggleRunning: player.togglePause()
        case .start: if player.paused { player.togglePause() }
        case .stop: if !player.paused { player.togglePause() }
        case .toggleMute: player.toggleClick()
        case .sectionStep(let d):
            cursor = nil
            if playlist, d > 0, let noise = thenNoise, player.playingIndex + 1 >= player.sections.count, view.phase != .ended {
                player.endProgram(note: "next: \(noise.title)")
            } else {
                player.stepSection(by: d)
            }
        case .sectionAgain: player.playAgain(); sectionPractice.again()
        case .sectionAgainAtSpeed(let t): player.playAgain(speedFactor: t); sectionPractice.again(slower: t < 1000)
        case .repeatStep(let d):
            let before = player.sections
            player.stepRepeats(by: d, saving: engine.performing.edits)
            if player.sections != before, player.lastSavedSection != nil { keep() }
        case .speedStep(let d):
            let before = player.speed
            player.stepSpeed(by: d)
            if d < 0 { sectionPractice.slowedDown() }
            if player.speed != before { keep(speed: player.speed) }
        case .jump(let ms): player.jump(milliseconds: ms)
        case .markIn: player.markInHere()
        case .markOut: player.markOutHere()
        case .setLoop(let mode): player.setLoop(mode)
        case .sectionCursorStep, .startSectionAtCursor, .reset, .keepLoop, .cycleAdvance:
            if playlist { refused = "\(action.name): a playlist has no section list" } else { performOverview(action) }
        case .nudge(let edge, let ms):
            let step = shadow.map { ms.signum() * $0.nudgeMilliseconds } ?? ms
            player.nudgeSection(startMilliseconds: edge == .start ? step : 0, endMilliseconds: edge == .end ? step : 0)
            sectionPractice.cut()
        case .tempoStep, .setTempo, .tap, .beatsPerBarStep, .setBeatsPerBar, .setMeter, .setPattern, .volumeStep, .countIn, .setlistStep,
             .setlistSong, .loadPreset:
            refused = "\(action.name): there is no metronome in this session"
        case .snooze:
            refused = "\(action.name): there is no alarm in this session"
        case .matchPitch, .matchLevel, .matchChoose, .matchAccept:
            refused = "\(action.name): there is no tinnitus match in this session"
        }
    }

    /// The overview's actions (`play`, `shadow`): the list's cursor, the section under it, the
    /// reset, keeping the quick loop, the session's advance.
    private func performOverview(_ action: Action) {
        let count = player.sections.count
        switch action {
        case .sectionCursorStep(let d):
            cursor = min(max((cursor ?? player.playingIndex) + d, 0), count - 1)
        case .startSectionAtCursor:
            player.start(section: cursor ?? player.playingIndex)
            cursor = nil
        case .reset:
            let name = player.sections[min(player.playingIndex, count - 1)].name
            player.reset(savedPlan: savedBase?.sections.first { $0.name == name }?.plan)
            keep(speed: 1000, transpose: 0)
        case .keepLoop:
            if player.keepLoop() { keep(whoever: true) }
        case .cycleAdvance:
            player.cycleAdvance()
        default: break
        }
    }

    public func refresh(now: Double) {
        view = player.view()
        recording?.refresh()
        if readWarning == nil { readWarning = file.readWarning() }
        if practiceLog != nil { logPractice(view, now: now) }
        if listenLog != nil { logListening(view, now: now) }
        // Shadowing without auto-advance waits at the end of each sentence but the last.
        let waits = shadow?.wait == true && view.sectionIndex + 1 < view.sectionCount
        if let noise = thenNoise, view.phase == .ended {
            if let total = noise.timer.totalFrames, noise.timer.played(now: backend.noiseFrames ?? 0) >= total { engine.loop.quit(.programEnded) }
        } else if view.phase == .ended && !keepOpen && !view.paused && !waits { engine.loop.quit(.programEnded) }
    }

    public func fadeOut(seconds: Double) {
        player.fadeOut(frames: Int64((seconds * Double(max(backend.status.rate, 1))).rounded()))
        session.fadeOut(seconds: seconds)
    }

    public var hasUnsavedChanges: Bool { player.sectionsChanged || player.settingsChanged }

    public func willStop(now: Double) {
        recording?.stop()
        if practiceLog != nil { logPractice(nil, now: now) }
        if listenLog != nil { logListening(nil, now: now) }
        last = player.view()
    }

    public func didStop(_ end: ControlLoop.End) -> String? {
        player.close()
        save()
        if let readWarning { writeStderr(readWarning + "\n") }
        if let stop = recording?.stopLine { writeStderr(stop + "\n") }
        if let unsaved {
            writeStderr("Warning: " + Self.unsavedReport(unsaved.file, reason: unsaved.reason, audioPath: file.info.path) + "\n")
        } else if let saveProblem {
            writeStderr("Warning: \(saveProblem)\n")
        }
        let last = last ?? view
        // Takes saved at quit (the last turn's), then the stop line.
        return ((recording?.takeLines() ?? []) + [Self.stopLine(ended: last.phase == .ended, xruns: backend.status.xruns,
                                                                  underrunFrames: last.underrunFrames)])
            .joined(separator: "\n" + command)
    }

    /// The line said at quit: `stopped · xruns 0 · underrun frames 0` (the frames the player
    /// filled with silence because its worker was late: not played cleanly).
    static func stopLine(ended: Bool, xruns: Int, underrunFrames: Int64) -> String {
        "\(ended ? "ended" : "stopped") · \(xrunWords(xruns: xruns, underrunFrames: underrunFrames))"
    }

    /// `xruns 2 · underrun frames 480`: the server's glitches and the player's, side by side
    /// (status line, stop line, `ctl status`).
    static func xrunWords(xruns: Int, underrunFrames: Int64) -> String {
        "xruns \(xruns) · underrun frames \(underrunFrames)"
    }

    public func screen(now: Double, width: Int, height: Int) -> [String] {
        shadow == nil ? PlayerScreen.lines(for: screenState(view, width: width), width: width, height: height)
                      : ShadowScreen.lines(for: shadowState(view, width: width), width: width, height: height)
    }

    /// After a playlist, with noise to follow: `Now: Brown Noise (14:59 remaining)`.
    private var noiseLine: String? {
        guard let noise = thenNoise, let total = noise.timer.totalFrames else { return nil }
        let left = max(total - noise.timer.played(now: backend.noiseFrames ?? 0), 0)
        return "Now: \(noise.title) (\(ClockText.minutes(Int((Double(left) / Double(max(noise.timer.rate, 1))).rounded(.up)))) remaining)"
    }

    /// `timer 9:12 left` while `--for` runs.
    private var timerText: String? {
        engine.secondsLeft(now: engine.loop.now).map { "timer \(ClockText.minutes($0)) left" }
    }

    /// A playlist's time left: the rest of this track and every track after it (one pass).
    private func timeLeft(_ v: PlayerView) -> String {
        var frames = max(v.sectionEnd - v.sourceFrame, 0)
        for s in player.sections.dropFirst(v.sectionIndex + 1) { frames += s.length }
        return ClockText.minutes(Int((Double(frames) / Double(file.info.rate)).rounded(.up)))
    }

    /// The screen's words for `v`.
    public func screenState(_ v: PlayerView, width: Int = 80) -> PlayerScreenState {
        if playlist { return playlistState(v) }
        let rate = file.info.rate
        func time(_ f: Int64) -> String { SourceTime.of(frame: f, rate: rate).description }
        let outRate = max(backend.status.rate, 1)
        let phase: String = switch v.phase {
        case .pass: v.paused ? "paused" : "playing"
        case .countIn: "count-in \(String(format: "%.1f", Double(v.stepFramesLeft) / Double(outRate))) s"
        case .gap: "\(v.yourTake ? "your take" : "gap") \(String(format: "%.1f", Double(v.stepFramesLeft) / Double(outRate))) s"
        case .ended: "ended"
        }
        var speed = "speed \(PlayerSession.speedText(v.speed))"
        if v.speed != v.sessionSpeed { speed += " (ladder; session \(PlayerSession.speedText(v.sessionSpeed)))" }
        if v.transposeCents != 0 { speed += String(format: " · transpose %+.2f", Double(v.transposeCents) / 100) }
        speed += " · click \(v.clickOn ? "on" : "off")"
        if let t = timerText { speed += " · " + t }
        if let f = filters.statusWords { speed += " · " + f }
        if let m = v.markIn { speed += " · mark in \(time(m))" }
        let st = backend.status
        let lastEvent = backend.events.last ?? ""
        return PlayerScreenState(
            file: file.fileLine,
            position: "\(time(v.sourceFrame)) / \(time(file.info.frames))",
            section: "section \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName) \(time(v.sectionStart))–\(time(v.sectionEnd))",
            pass: "pass \(v.pass + 1)/\(v.passes.map(String.init) ?? "∞")",
            phase: phase, speed: speed,
            next: "next: " + (v.nextSection ?? "— (stops after the last pass)"),
            progress: v.progress, server: serverLine(underrunFrames: v.underrunFrames), serverLost: !st.connected,
            message: saveProblem ?? refused ?? readWarning ?? (player.message.isEmpty ? (session.lastMIDI.isEmpty ? lastEvent : session.lastMIDI) : player.message),
            keys: KeyMap.playerLegend + KeyMap.overviewLegend,
            timeline: SectionOverview.timeline(player.sections, frames: file.info.frames, width: min(width, 80),
                                               playHead: v.phase == .ended ? nil : v.sourceFrame, playing: v.sectionIndex),
            sections: SectionOverview.rows(player.sections, rate: rate, playing: v.sectionIndex, cursor: cursor,
                                           advance: player.advanceForSession, sessionOnly: sessionOnlyPlans),
            sectionInView: cursor ?? v.sectionIndex)
    }

    /// The sections whose plan playing differs from the one saved (the overview says so).
    private var sessionOnlyPlans: Set<Int> { Set(player.sections.indices.filter(player.planIsSessionOnly)) }

    /// `underrunFrames` nil: xruns only (the start line, before anything played).
    private func serverLine(underrunFrames: Int64?) -> String {
        Self.serverLine(backend.status, backendLine: backend.backendLine, underrunFrames: underrunFrames)
    }

    /// The status line's server part, with the player's underruns beside the xruns:
    /// `JACK 'default' · 48000 Hz · 256 frames · client woodshed · DSP 3.1 % · xruns 0 · underrun frames 0`.
    static func serverLine(_ st: OutputStatus, backendLine: String?, underrunFrames: Int64?) -> String {
        let glitches = underrunFrames.map { xrunWords(xruns: st.xruns, underrunFrames: $0) } ?? "xruns \(st.xruns)"
        if let line = backendLine { return "\(line) · \(glitches)" }
        guard st.connected else { return "JACK '\(st.server)' gone · waiting for it to come back" }
        return "JACK '\(st.server)' · \(st.rate) Hz · \(st.bufferSize) frames · client \(st.clientName) · DSP \(String(format: "%.1f", st.dspLoad)) % · \(glitches)"
    }

    /// The playlist's screen: track i/N, its name, time left; then the noise that follows.
    private func playlistState(_ v: PlayerView) -> PlayerScreenState {
        let rate = file.info.rate
        func time(_ f: Int64) -> String { SourceTime.of(frame: f, rate: rate).description }
        let st = backend.status
        let over = v.phase == .ended
        return PlayerScreenState(
            file: file.fileLine,
            position: "\(time(max(v.sourceFrame - v.sectionStart, 0))) / \(time(v.sectionEnd - v.sectionStart))",
            section: over ? (noiseLine ?? "the playlist has ended") : "track \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName)",
            pass: over ? "" : "\(timeLeft(v)) left",
            phase: v.paused ? "paused" : over ? "ended" : "playing",
            speed: "n/p next/previous · a restart" + (timerText.map { " · " + $0 } ?? ""),
            next: over ? "" : "next: " + (v.nextSection ?? (thenNoise.map { $0.title } ?? "— (the end)")),
            progress: v.progress, server: serverLine(underrunFrames: v.underrunFrames), serverLost: !st.connected,
            message: refused ?? readWarning ?? (player.message.isEmpty ? session.lastMIDI : player.message), keys: KeyMap.playlistLegend)
    }

    /// Piped stdout: a line whenever the section, pass or phase changes.
    public func plainLines(now: Double) -> [String] {
        var warning: [String] = []
        if let readWarning, !readWarningPrinted {
            readWarningPrinted = true
            warning = [command + readWarning]
        }
        return warning + statusLines() + (recording?.takeLines().map { command + $0 } ?? [])
    }

    /// The plain line for the section, pass or phase heard now, when it changed.
    private func statusLines() -> [String] {
        let v = view
        if playlist {
            let line = v.phase == .ended ? (noiseLine.map { "\($0.prefix { $0 != "(" })started" } ?? "ended")
                                         : "track \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName) · \(timeLeft(v)) left"
            let key = v.phase == .ended ? line : "track \(v.sectionIndex + 1)"
            guard key != lastLine else { return [] }
            lastLine = key
            return [command + line]
        }
        let line = shadow == nil
            ? "section \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName) · pass \(v.pass + 1)/\(v.passes.map(String.init) ?? "∞") · \(v.yourTake ? "your take" : v.phase.rawValue) · speed \(PlayerSession.speedText(v.speed))"
            : "sentence \(v.sectionIndex + 1)/\(v.sectionCount) · \(shadowPass(v)) · \(shadowPhase(v)) · speed \(PlayerSession.speedText(v.speed))"
        guard line != lastLine else { return [] }
        lastLine = line
        return [command + line]
    }

    // MARK: - Shadowing

    private func shadowPass(_ v: PlayerView) -> String {
        v.blind ? "blind" : "pass \(v.pass + 1)/\(v.passes.map(String.init) ?? "∞")"
    }

    private func shadowPhase(_ v: PlayerView) -> String {
        if v.paused && v.phase != .ended { return "pause" }
        switch v.phase {
        case .pass: return "listen"
        case .gap: return v.yourTake ? "your take" : v.blind ? "your turn (blind)" : "your turn"
        case .countIn: return "count-in"
        case .ended: return shadow?.wait == true && v.sectionIndex + 1 < v.sectionCount ? "waiting" : "ended"
        }
    }

    /// The shadowing screen's words for `v`.
    public func shadowState(_ v: PlayerView, width: Int = 80) -> ShadowScreenState {
        let rate = Double(max(backend.status.rate, 1))
        let timed = v.phase == .pass || v.phase == .gap || v.phase == .countIn
        let st = backend.status
        var details = "speed \(PlayerSession.speedText(v.speed)) · \(file.fileLine)"
        if v.phase == .ended && shadow?.wait == true { details = "n next · a again · " + details }
        if let take = recording?.lastTake { details = take + " · " + details }
        return ShadowScreenState(
            sentence: "sentence \(v.sectionIndex + 1) of \(v.sectionCount)",
            text: v.sectionText ?? "\(v.sectionName)  \(SourceTime.of(frame: v.sectionStart, rate: file.info.rate))–\(SourceTime.of(frame: v.sectionEnd, rate: file.info.rate))",
            next: v.nextSection.map { name in v.nextText ?? name },
            pass: shadowPass(v), phase: shadowPhase(v) + (v.phase == .gap && recording?.recordingNow == true ? " · recording" : ""),
            secondsLeft: timed ? Double(v.stepFramesLeft) / rate : 0,
            fractionLeft: timed && v.stepLength > 0 ? Double(v.stepFramesLeft) / Double(v.stepLength) : 0,
            details: details, server: serverLine(underrunFrames: v.underrunFrames), serverLost: !st.connected,
            message: saveProblem ?? recording?.stopLine ?? refused ?? readWarning ?? (player.message.isEmpty ? session.lastMIDI : player.message),
            keys: KeyMap.shadowLegend,
            timeline: SectionOverview.timeline(player.sections, frames: file.info.frames, width: min(width, 80),
                                               playHead: v.phase == .ended ? nil : v.sourceFrame, playing: v.sectionIndex),
            sections: SectionOverview.rows(player.sections, rate: file.info.rate, playing: v.sectionIndex, cursor: cursor,
                                           advance: player.advanceForSession, sessionOnly: sessionOnlyPlans),
            sectionInView: cursor ?? v.sectionIndex)
    }

    /// Where this session's practice is logged: shadowing's log, or `play`'s when set.
    var practiceLog: PracticeLog? { shadow?.log ?? playLog }

    /// Appends a practice-log entry when the learner leaves a section (or quits) after hearing
    /// at least one pass of it, or after moving it, asking for it again or slower.
    private func logPractice(_ v: PlayerView?, now: Double) {
        let was = sectionPractice.current
        let heard = sectionPractice.heard(v, now: now)
        // The notched time is the section's: taken whenever one section's stretch ends.
        let stretchEnded = was?.index != sectionPractice.current?.index || was?.since != sectionPractice.current?.since
        let notchedMilliseconds = stretchEnded ? notched?.take(at: Self.milliseconds(now)) ?? 0 : 0
        guard let ended = heard, let log = practiceLog, ended.stretch.index < player.sections.count else { return }
        var entry = sectionPractice.entry(ended, name: player.sections[ended.stretch.index].name, path: file.info.path,
                                          speed: player.speed, date: Date())
        entry.notchedMilliseconds = min(notchedMilliseconds, entry.milliseconds)
        entry.takes = recording?.takeTakesToLog(section: ended.stretch.index) ?? 0
        // The xruns and underruns since the last line: while this section played.
        let glitches = (xruns: backend.status.xruns, underrunFrames: (v ?? player.view()).underrunFrames)
        entry.xruns = max(glitches.xruns - loggedGlitches.xruns, 0)
        entry.underrunFrames = max(glitches.underrunFrames - loggedGlitches.underrunFrames, 0)
        loggedGlitches = glitches
        do { try log.append(entry) } catch { saveProblem = "practice log: \(error)" }
    }

    /// `playlist play`: appends a `listen` entry when a track heard ends (another begins, the
    /// playlist ends or stops), and at quit a `noise` entry for the noise after the playlist.
    /// Paused time counts neither as listened nor as notched.
    private func logListening(_ v: PlayerView?, now: Double) {
        guard let log = listenLog, var listening else { return }
        let ms = Self.milliseconds(now)
        let paused = v?.paused ?? false
        let ended = listening.observe(track: v.flatMap { $0.phase == .ended ? nil : $0.sectionIndex }, paused: paused, at: ms)
        self.listening = listening
        if paused { notched?.skip(to: ms) } else { notched?.advance(to: ms) }
        var entries: [PracticeLogEntry] = []
        if let ended {
            var entry = listening.entry(ended, date: Date())
            entry.notchedMilliseconds = min(notched?.take(at: ms) ?? 0, entry.milliseconds)
            entries.append(entry)
        }
        if v == nil, let noise = thenNoise {
            let rate = Int64(max(backend.status.rate, 1)), frames = thenNoisePlayed
            if frames > 0 {
                var entry = PracticeLogEntry.noise(date: Date(), sound: noise.title, milliseconds: frames * 1000 / rate)
                entry.notchedMilliseconds = min((noiseNotched?.take(at: frames) ?? 0) * 1000 / rate, entry.milliseconds)
                entries.append(entry)
            }
        }
        for entry in entries {
            do { try log.append(entry) } catch { saveProblem = "practice log: \(error)" }
        }
    }

    /// The frames of the noise after the program played so far (0 without one). Silence after its end does not count.
    private var thenNoisePlayed: Int64 {
        guard let timer = thenNoise?.timer else { return 0 }
        let played = timer.played(now: backend.noiseFrames ?? 0)
        return min(played, timer.totalFrames ?? played)
    }

    /// The control loop's `seconds` in whole milliseconds (the notched time's positions).
    static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }

    /// Saves the sections and settings into the file's practice file, when they differ from
    /// what is saved; never over a practice file that could not be read. What cannot be saved
    /// is kept (`unsaved`) and said on screen at once.
    public func save() {
        player.sectionsChanged = false
        player.settingsChanged = false
        guard var load = practice else { return }
        let store = self.file.store
        var file = load.file
        file.sections = player.savedSections
        if let name = player.lastSavedSection { file.settings.lastSection = name }
        if shadow != nil {
            file.settings.shadowSpeed = keptSpeed
        } else {
            file.settings.speed = keptSpeed
            file.settings.transposeCents = keptTranspose
        }
        var base = savedBase ?? load.file
        // Nothing the user changed: nothing written (a file new to Woodshed gets no empty
        // practice file, and is not hashed).
        if file == base { unsaved = nil; return }
        if let problem = load.problem { unsaved = (file, "\(problem)"); return }
        if load.unhashed != nil {
            do { try store.settle(&load); practice = load } catch { notSaved(file, "\(error)"); return }
            file.fingerprint = load.file.fingerprint
            base.fingerprint = load.file.fingerprint
        }
        do {
            try store.save(file, since: base)
            savedBase = file
            unsaved = nil
        } catch {
            notSaved(file, "\(error)")
        }
    }

    private func notSaved(_ file: PracticeFile, _ reason: String) {
        unsaved = (file, reason)
        saveProblem = "not saved: \(reason)"
    }

    /// The warning at quit: what was not saved, why, and where the copy went instead.
    static func unsavedReport(_ file: PracticeFile, reason: String, audioPath: String) -> String {
        let name = URL(fileURLWithPath: audioPath).lastPathComponent
        let count = file.sections.count
        let sections = count == 0 ? "" : count == 1 ? "section and " : "\(count) sections and "
        let what = "the \(sections)settings of \(name) were not saved (\(reason))"
        do {
            let copy = try UnsavedPracticeCopy.write(file, audioPath: audioPath)
            return what + "; a copy is in \(copy.path)"
        } catch {
            return what + ", and no copy could be written: \(error)"
        }
    }
}

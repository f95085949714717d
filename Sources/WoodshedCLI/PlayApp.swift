import Control
import Foundation
import JackBackend
import MIDIInput
import Persistence
import Player
import TerminalUI
import WoodshedCore

/// The control thread's loop for `woodshed play`: keys and MIDI in, actions to the player,
/// JACK upkeep, the practice file saved when sections or settings change, and the display
/// drawn about 30 times a second — or, without a terminal on stdout, one plain line per
/// pass, count-in and gap. Main thread.
final class PlayApp {
    let player: PlayerSession
    let session: LiveSession
    let backend: JackBackend
    let setup: PlaySetup
    let stopAfter: Double?
    let keepOpen: Bool
    /// Set for `woodshed shadow`: its screen, keys and practice log.
    let shadow: ShadowMode?
    /// `woodshed playlist play`: tracks instead of sections, time left, and the noise after it.
    var playlist = false
    var thenNoise: (timer: NoiseTimer, title: String)?
    /// The oscilloscope and meters are on screen (`--scope`, key s).
    var showScope = false
    var midi: MIDISetup?
    /// The sentence being practised (shadowing's log): index, since when, passes heard.
    private var practising: (index: Int, since: Double, passes: Int)?

    private var lastSaved = 0.0
    /// When `--for` runs out (monotonic seconds).
    private var timerEnds: Double?
    private var lastLine = ""
    private var eventsShown = 0
    private var saveProblem: String?
    /// The file's practice file as loaded, its fingerprint settled at the first save.
    private var practice: PracticeFileLoad?
    /// The practice file as this player last saved it (at first, as loaded): what another
    /// program changed since is kept when saving.
    private var savedBase: PracticeFile?

    init(player: PlayerSession, session: LiveSession, backend: JackBackend, setup: PlaySetup, stopAfter: Double?, keepOpen: Bool,
         shadow: ShadowMode? = nil) {
        self.shadow = shadow
        self.player = player
        self.session = session
        self.backend = backend
        self.setup = setup
        self.practice = setup.practice
        self.savedBase = setup.practice?.file
        self.stopAfter = stopAfter
        self.keepOpen = keepOpen
    }

    /// Keys as the display lists them.
    static let legend: [KeyHelp] = [
        KeyHelp(keys: "space", action: "play/pause"), KeyHelp(keys: "n/p", action: "next/prev section"),
        KeyHelp(keys: "a", action: "again"), KeyHelp(keys: "]/[", action: "pass ±1"),
        KeyHelp(keys: "↑/↓", action: "speed ±5 %"), KeyHelp(keys: "←/→", action: "jump ±5 s"),
        KeyHelp(keys: "i/o", action: "mark in/out"), KeyHelp(keys: ",/.", action: "start ∓10 ms"),
        KeyHelp(keys: "</>", action: "end ∓10 ms"), KeyHelp(keys: "c", action: "click"),
        KeyHelp(keys: "s", action: "scope"), KeyHelp(keys: "q/Esc", action: "quit"),
    ]

    /// Keys of the shadowing screen.
    static let shadowLegend: [KeyHelp] = [
        KeyHelp(keys: "space", action: "pause"), KeyHelp(keys: "a", action: "again"), KeyHelp(keys: "n/p", action: "next/prev"),
        KeyHelp(keys: "↑/↓", action: "speed ±5 %"), KeyHelp(keys: ",/.", action: "start ∓50 ms"),
        KeyHelp(keys: "</>", action: "end ∓50 ms"), KeyHelp(keys: "]/[", action: "repeat ±1"), KeyHelp(keys: "s", action: "scope"),
        KeyHelp(keys: "q", action: "quit"),
    ]

    /// The player action a key stands for in this mode (shadowing nudges a bad cut by 50 ms).
    func action(for key: Key) -> PlayerAction? {
        let a = Self.action(for: key)
        guard let shadow, case .nudge(let edge, let ms)? = a else { return a }
        return .nudge(edge, milliseconds: ms.signum() * shadow.nudgeMilliseconds)
    }

    /// The player action a key stands for, if any (quit is handled apart).
    static func action(for key: Key) -> PlayerAction? {
        switch key {
        case .space: .togglePause
        case .up: .speedStep(50)
        case .down: .speedStep(-50)
        case .right: .jump(milliseconds: 5_000)
        case .left: .jump(milliseconds: -5_000)
        case .pageDown: .sectionStep(1)
        case .pageUp: .sectionStep(-1)
        case .char(let c):
            switch c {
            case "n", "N": .sectionStep(1)
            case "p", "P": .sectionStep(-1)
            case "a", "A": .sectionAgain
            case "]": .repeatStep(1)
            case "[": .repeatStep(-1)
            case "i", "I": .markIn
            case "o", "O": .markOut
            case ",": .nudge(.start, milliseconds: -10)
            case ".": .nudge(.start, milliseconds: 10)
            case "<": .nudge(.end, milliseconds: -10)
            case ">": .nudge(.end, milliseconds: 10)
            case "c", "C": .toggleClick
            default: nil
            }
        default: nil
        }
    }

    static func isQuit(_ key: Key) -> Bool {
        switch key {
        case .escape, .ctrlC, .char("q"), .char("Q"): true
        default: false
        }
    }

    func run() {
        installQuitSignals()
        let fullScreen = Terminal.stdoutIsTerminal
        let stderrLog = fullScreen ? try? StderrRedirect(appendingTo: LiveApp.stderrLogPath()) : nil
        let terminal = Terminal()
        let keys = KeyInput()
        let started = LiveApp.now()
        timerEnds = stopAfter.map { started + $0 }
        let command = shadow != nil ? "woodshed shadow: " : playlist ? "woodshed playlist: " : "woodshed play: "
        if !fullScreen {
            emit(command + "\(setup.summary) · \(serverLine()) · keys on stdin")
        }
        var quit = false
        while !quit && !liveQuitRequested.load(ordering: .relaxed) {
            let pressed = keys.poll(timeoutMilliseconds: 33)
            let now = LiveApp.now()
            for key in pressed {
                if Self.isQuit(key) { quit = true; break }
                if key == .char("s") || key == .char("S") { showScope.toggle(); continue }
                if let a = action(for: key) { player.perform(a) }
            }
            midi?.poll(session, now: now)
            session.drainNotices(now: now)
            backend.tick(now: now)
            if let stopAfter {
                // A timer ends with a fade-out over its last seconds (at most 10, or half the time).
                let fade = min(10, stopAfter / 2), left = stopAfter - (now - started)
                if left <= 0 { break }
                player.setVolume(left < fade ? left / fade : 1)
            }
            if (player.sectionsChanged || player.settingsChanged) && now - lastSaved > 1 { save(now) }
            let view = player.view()
            if shadow != nil { logPractice(view, now: now) }
            if fullScreen {
                _ = terminal.resized
                let size = terminal.size
                let screen = { (rows: Int) in
                    self.shadow == nil ? PlayerScreen.lines(for: self.screenState(view), width: size.columns, height: rows)
                                       : ShadowScreen.lines(for: self.shadowState(view), width: size.columns, height: rows)
                }
                terminal.draw(showScope ? ScopeDisplay.compose(screen, snapshot: backend.scopeSnapshot(), width: size.columns, height: size.rows)
                                        : screen(size.rows))
            } else {
                plainOutput(view)
            }
            // Shadowing without auto-advance waits at the end of each sentence but the last.
            let waits = shadow?.wait == true && view.sectionIndex + 1 < view.sectionCount
            if let noise = thenNoise, view.phase == .ended {
                if let total = noise.timer.totalFrames, noise.timer.played(now: backend.noiseFrames ?? 0) >= total { break }
            } else if view.phase == .ended && !keepOpen && !view.paused && !waits { break }
        }
        if shadow != nil { logPractice(nil, now: LiveApp.now()) }
        let last = player.view()
        backend.stop()
        player.close()
        terminal.restore()
        stderrLog?.restore()
        save(LiveApp.now())
        if let saveProblem { writeStderr("Warning: \(saveProblem)\n") }
        if !fullScreen {
            emit(command + "\(last.phase == .ended ? "ended" : "stopped") · xruns \(backend.status.xruns) · underrun frames \(last.underrunFrames)")
        }
    }

    /// After a playlist, with noise to follow: `Now: Brown Noise (14:59 remaining)`.
    private var noiseLine: String? {
        guard let noise = thenNoise, let total = noise.timer.totalFrames else { return nil }
        let left = max(total - noise.timer.played(now: backend.noiseFrames ?? 0), 0)
        return "Now: \(noise.title) (\(Self.clock(seconds: Int((Double(left) / Double(max(noise.timer.rate, 1))).rounded(.up)))) remaining)"
    }

    /// `timer 9:12 left` while `--for` runs.
    private var timerText: String? {
        timerEnds.map { "timer \(Self.clock(seconds: Int(max(0, $0 - LiveApp.now()).rounded(.up)))) left" }
    }

    /// `3:05`, `1:02:03`.
    static func clock(seconds s: Int) -> String {
        s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// A playlist's time left: the rest of this track and every track after it (one pass).
    private func timeLeft(_ v: PlayerView) -> String {
        var frames = max(v.sectionEnd - v.sourceFrame, 0)
        for s in player.sections.dropFirst(v.sectionIndex + 1) { frames += s.length }
        return Self.clock(seconds: Int((Double(frames) / Double(setup.info.rate)).rounded(.up)))
    }

    /// The screen's words for `v`.
    func screenState(_ v: PlayerView) -> PlayerScreenState {
        if playlist { return playlistState(v) }
        let rate = setup.info.rate
        func time(_ f: Int64) -> String { SourceTime.of(frame: f, rate: rate).description }
        let outRate = max(backend.status.rate, 1)
        let phase: String = switch v.phase {
        case .pass: v.paused ? "paused" : "playing"
        case .countIn: "count-in \(String(format: "%.1f", Double(v.stepFramesLeft) / Double(outRate))) s"
        case .gap: "gap \(String(format: "%.1f", Double(v.stepFramesLeft) / Double(outRate))) s"
        case .ended: "ended"
        }
        var speed = "speed \(PlayerSession.speedText(v.speed))"
        if v.speed != v.sessionSpeed { speed += " (ladder; session \(PlayerSession.speedText(v.sessionSpeed)))" }
        if v.transposeCents != 0 { speed += String(format: " · transpose %+.2f", Double(v.transposeCents) / 100) }
        speed += " · click \(v.clickOn ? "on" : "off")"
        if let t = timerText { speed += " · " + t }
        if let m = v.markIn { speed += " · mark in \(time(m))" }
        if v.underrunFrames > 0 { speed += " · underruns \(v.underrunFrames) frames" }
        let st = backend.status
        let lastEvent = backend.events.last ?? ""
        return PlayerScreenState(
            file: setup.fileLine,
            position: "\(time(v.sourceFrame)) / \(time(setup.info.frames))",
            section: "section \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName) \(time(v.sectionStart))–\(time(v.sectionEnd))",
            pass: "pass \(v.pass + 1)/\(v.passes.map(String.init) ?? "∞")",
            phase: phase, speed: speed,
            next: "next: " + (v.nextSection ?? "— (stops after the last pass)"),
            progress: v.progress, server: serverLine(), serverLost: !st.connected,
            message: saveProblem ?? (player.message.isEmpty ? (session.lastMIDI.isEmpty ? lastEvent : session.lastMIDI) : player.message),
            keys: Self.legend)
    }

    private func serverLine() -> String {
        let st = backend.status
        guard st.connected else { return "JACK '\(st.server)' gone · waiting for it to come back" }
        return "JACK '\(st.server)' · \(st.rate) Hz · \(st.bufferSize) frames · client \(st.clientName) · DSP \(String(format: "%.1f", st.dspLoad)) % · xruns \(st.xruns)"
    }

    /// The playlist's screen: track i/N, its name, time left; then the noise that follows.
    private func playlistState(_ v: PlayerView) -> PlayerScreenState {
        let rate = setup.info.rate
        func time(_ f: Int64) -> String { SourceTime.of(frame: f, rate: rate).description }
        let st = backend.status
        let over = v.phase == .ended
        return PlayerScreenState(
            file: setup.fileLine,
            position: "\(time(max(v.sourceFrame - v.sectionStart, 0))) / \(time(v.sectionEnd - v.sectionStart))",
            section: over ? (noiseLine ?? "the playlist has ended") : "track \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName)",
            pass: over ? "" : "\(timeLeft(v)) left",
            phase: v.paused ? "paused" : over ? "ended" : "playing",
            speed: "n/p next/previous · a restart" + (timerText.map { " · " + $0 } ?? ""),
            next: over ? "" : "next: " + (v.nextSection ?? (thenNoise.map { $0.title } ?? "— (the end)")),
            progress: v.progress, server: serverLine(), serverLost: !st.connected,
            message: player.message.isEmpty ? session.lastMIDI : player.message, keys: Self.legend)
    }

    /// Piped stdout: a line whenever the section, pass or phase changes, and JACK events.
    private func plainOutput(_ v: PlayerView) {
        let command = shadow != nil ? "woodshed shadow: " : playlist ? "woodshed playlist: " : "woodshed play: "
        while eventsShown < backend.events.count {
            emit(command + backend.events[eventsShown])
            eventsShown += 1
        }
        if playlist {
            let line = v.phase == .ended ? (noiseLine.map { "\($0.prefix { $0 != "(" })started" } ?? "ended")
                                         : "track \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName) · \(timeLeft(v)) left"
            let key = v.phase == .ended ? line : "track \(v.sectionIndex + 1)"
            if key != lastLine {
                lastLine = key
                emit(command + line)
            }
            return
        }
        let line = shadow == nil
            ? "section \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName) · pass \(v.pass + 1)/\(v.passes.map(String.init) ?? "∞") · \(v.phase.rawValue) · speed \(PlayerSession.speedText(v.speed))"
            : "sentence \(v.sectionIndex + 1)/\(v.sectionCount) · \(shadowPass(v)) · \(shadowPhase(v)) · speed \(PlayerSession.speedText(v.speed))"
        if line != lastLine {
            lastLine = line
            emit(command + line)
        }
    }

    // MARK: - Shadowing

    private func shadowPass(_ v: PlayerView) -> String {
        v.blind ? "blind" : "pass \(v.pass + 1)/\(v.passes.map(String.init) ?? "∞")"
    }

    private func shadowPhase(_ v: PlayerView) -> String {
        if v.paused && v.phase != .ended { return "pause" }
        switch v.phase {
        case .pass: return "listen"
        case .gap: return v.blind ? "your turn (blind)" : "your turn"
        case .countIn: return "count-in"
        case .ended: return shadow?.wait == true && v.sectionIndex + 1 < v.sectionCount ? "waiting" : "ended"
        }
    }

    /// The shadowing screen's words for `v`.
    func shadowState(_ v: PlayerView) -> ShadowScreenState {
        let rate = Double(max(backend.status.rate, 1))
        let timed = v.phase == .pass || v.phase == .gap || v.phase == .countIn
        let st = backend.status
        var details = "speed \(PlayerSession.speedText(v.speed)) · \(setup.fileLine)"
        if v.phase == .ended && shadow?.wait == true { details = "n next · a again · " + details }
        return ShadowScreenState(
            sentence: "sentence \(v.sectionIndex + 1) of \(v.sectionCount)",
            text: v.sectionText ?? "\(v.sectionName)  \(SourceTime.of(frame: v.sectionStart, rate: setup.info.rate))–\(SourceTime.of(frame: v.sectionEnd, rate: setup.info.rate))",
            next: v.nextSection.map { name in v.nextText ?? name },
            pass: shadowPass(v), phase: shadowPhase(v),
            secondsLeft: timed ? Double(v.stepFramesLeft) / rate : 0,
            fractionLeft: timed && v.stepLength > 0 ? Double(v.stepFramesLeft) / Double(v.stepLength) : 0,
            details: details, server: serverLine(), serverLost: !st.connected,
            message: saveProblem ?? (player.message.isEmpty ? session.lastMIDI : player.message), keys: Self.shadowLegend)
    }

    /// Appends a practice-log entry when the learner leaves a sentence (or quits) after hearing
    /// at least one pass of it.
    private func logPractice(_ v: PlayerView?, now: Double) {
        if let v, let p = practising, p.index == v.sectionIndex {
            let heard: Int = switch v.phase {
            case .gap: v.blind ? v.pass : v.pass + 1
            case .ended: v.passes ?? p.passes
            case .pass, .countIn: v.pass
            }
            practising = (p.index, p.since, max(p.passes, heard))
            return
        }
        if let p = practising, p.passes > 0, let shadow, p.index < player.sections.count {
            let s = player.sections[p.index]
            let path = URL(fileURLWithPath: setup.info.path).standardizedFileURL.path
            let entry = PracticeLogEntry(date: Date(), file: path, section: s.name, index: p.index + 1, passes: p.passes,
                                         speed: player.speed, milliseconds: Int64((now - p.since) * 1000))
            do { try shadow.log.append(entry) } catch { saveProblem = "practice log: \(error)" }
        }
        practising = v.map { ($0.sectionIndex, now, 0) }
    }

    private func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Saves the sections and settings into the file's practice file, when they differ from
    /// what is saved; never over a practice file that could not be read.
    private func save(_ now: Double) {
        lastSaved = now
        player.sectionsChanged = false
        player.settingsChanged = false
        guard var load = practice, load.problem == nil else { return }
        let store = SectionStore()
        if load.unhashed != nil {
            do { try store.settle(&load) } catch { saveProblem = "not saved: \(error)"; return }
            practice = load
        }
        var file = load.file
        file.sections = player.savedSections
        if let name = player.lastSavedSection { file.settings.lastSection = name }
        file.settings.speed = player.speed
        file.settings.transposeCents = player.transposeCents == 0 ? nil : player.transposeCents
        let base = savedBase ?? load.file
        if file == base { return }
        do {
            try store.save(file, since: base)
            savedBase = file
        } catch {
            saveProblem = "not saved: \(error)"
        }
    }
}

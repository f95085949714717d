import ArgumentParser
import Control
import Foundation
import JackBackend
import Persistence
import RenderGraph
import TerminalUI

/// The control loop of `woodshed noise`: keys, JACK upkeep, and a screen with the time left
/// ("Now: Brown Noise (15:00 remaining)"), or a plain line a minute. Main thread.
final class NoiseApp {
    let backend: JackBackend
    let session: LiveSession
    let timer: NoiseTimer
    let title: String
    let level: Double
    private var lastPrinted = ""
    var showScope = false

    init(backend: JackBackend, session: LiveSession, timer: NoiseTimer, title: String, level: Double) {
        self.backend = backend
        self.session = session
        self.timer = timer
        self.title = title
        self.level = level
    }

    func run() {
        installQuitSignals()
        let fullScreen = Terminal.stdoutIsTerminal
        let terminal = Terminal()
        let keys = KeyInput()
        var finished = false
        while !liveQuitRequested.load(ordering: .relaxed) {
            let pressed = keys.poll(timeoutMilliseconds: 33)
            if pressed.contains(where: { PlayApp.isQuit($0) }) { break }
            if pressed.contains(.char("s")) || pressed.contains(.char("S")) { showScope.toggle() }
            backend.tick(now: LiveApp.now())
            let played = timer.played(now: backend.noiseFrames ?? 0)
            let status = statusLine(played: played)
            if fullScreen {
                let size = terminal.size
                let screen = { (rows: Int) in self.lines(status: status, played: played, width: size.columns, height: rows) }
                terminal.draw(showScope ? ScopeDisplay.compose(screen, snapshot: backend.scopeSnapshot(), width: size.columns, height: size.rows)
                                        : screen(size.rows))
            } else if status != lastPrinted && (lastPrinted.isEmpty || status.hasSuffix(":00 remaining)")) {
                lastPrinted = status
                FileHandle.standardOutput.write(Data(("woodshed noise: " + status + "\n").utf8))
            }
            if let total = timer.totalFrames, played >= total { finished = true; break }
        }
        backend.stop()
        terminal.restore()
        if !fullScreen {
            FileHandle.standardOutput.write(Data("woodshed noise: \(finished ? "time is up" : "stopped") · xruns \(backend.status.xruns)\n".utf8))
        }
    }

    /// `Now: Brown Noise (15:00 remaining)`, or `Now: Brown Noise` without a timer.
    func statusLine(played: Int64) -> String {
        guard let total = timer.totalFrames else { return "Now: \(title)" }
        let left = max(total - played, 0)
        let secondsLeft = Int((Double(left) / Double(timer.rate)).rounded(.up))
        let text = secondsLeft >= 3600
            ? String(format: "%d:%02d:%02d", secondsLeft / 3600, secondsLeft / 60 % 60, secondsLeft % 60)
            : String(format: "%d:%02d", secondsLeft / 60, secondsLeft % 60)
        return "Now: \(title) (\(text) remaining)"
    }

    private func lines(status: String, played: Int64, width: Int, height: Int) -> [String] {
        var out = [status, ""]
        out.append(String(format: "%@ at %.1f dBFS RMS on music_L and music_R", title, level))
        if let total = timer.totalFrames {
            out.append(PlayerScreen.progressBar(Double(played) / Double(max(total, 1)), width: width))
            if timer.fadeSeconds > 0 { out.append(String(format: "fades out over the last %.0f s", timer.fadeSeconds)) }
        }
        let st = backend.status
        out += ["", st.connected ? "JACK '\(st.server)' · \(st.rate) Hz · client \(st.clientName) · xruns \(st.xruns)" : "JACK '\(st.server)' gone · waiting for it to come back",
                "s scope · q/Esc quit"]
        return Array(out.prefix(max(height, 0))) + Array(repeating: "", count: max(0, height - out.count))
    }
}

import App
import Control
import Engine
import Foundation
import Persistence
import RenderGraph
import TerminalUI

/// `woodshed tinnitus match` on the control loop: each key moves the match
/// (`TinnitusMatchFlow`), the tone follows (`MatchTone`), the screen or a plain line says where
/// the match is; at the end the profile is saved (`TinnitusProfileStore`) and the loop quits.
/// A match's keys are its own actions (`.matchPitch`, `.matchLevel`, `.matchChoose`,
/// `.matchAccept`), performed as any surface's; q, Esc and Ctrl-C quit without saving. Control
/// thread.
public final class TinnitusMatchController: SessionController {
    let engine: LiveEngine
    let tone: MatchTone
    let store: TinnitusProfileStore
    /// When the match ends, as the profile records it.
    let now: () -> Date
    public private(set) var flow: TinnitusMatchFlow
    /// The saved profile once the match is done, or why it could not be saved.
    public private(set) var saved: TinnitusProfile?
    public private(set) var saveError: TinnitusProfileError?
    private var lastPrinted = ""

    public let command = "woodshed tinnitus match: "
    public let autosaveInterval = 1.0
    public var showsScope: Bool { false }

    public init(engine: LiveEngine, tone: MatchTone, store: TinnitusProfileStore, seed: UInt64, now: @escaping () -> Date = Date.init) {
        self.engine = engine
        self.tone = tone
        self.store = store
        self.now = now
        flow = TinnitusMatchFlow(seed: seed)
        follow()
    }

    public func startLine() -> String? { nil }

    /// Quit keys are the quit action; the others are the match's moves.
    public func action(for key: Key, now: Double) -> Action? {
        switch key {
        case .escape, .ctrlC, .char("q"), .char("Q"): return .quit
        default: return TinnitusMatchFlow.move(for: key).map(Self.action(for:))
        }
    }

    /// The action of a move of the match.
    static func action(for move: TinnitusMatchFlow.Move) -> Action {
        switch move {
        case .steps(let n): .matchPitch(steps: n)
        case .level(let db): .matchLevel(decibels: db)
        case .choose(let i): .matchChoose(i)
        case .accept: .matchAccept
        }
    }

    /// Takes one move: the tone follows; at the end the profile is saved and the loop quits.
    public func take(_ move: TinnitusMatchFlow.Move) {
        flow.take(move)
        follow()
        if let profile = flow.profile(matchedAt: TinnitusMatchController.iso(now())), saved == nil, saveError == nil {
            do throws(TinnitusProfileError) {
                try store.save(profile)
                saved = profile
            } catch {
                saveError = error
            }
            engine.loop.quit(.programEnded)
        }
    }

    private func follow() {
        tone.set(frequency: flow.frequency, level: flow.level, sounding: flow.stage != .done)
    }

    /// The match's moves; a match has no other actions but quit (`LiveEngine` handles that).
    public func perform(_ action: Action) {
        switch action {
        case .matchPitch(let n): take(.steps(n))
        case .matchLevel(let db): take(.level(db))
        case .matchChoose(let i): take(.choose(i))
        case .matchAccept: take(.accept)
        default: break
        }
    }
    public func refresh(now: Double) {}
    public func fadeOut(seconds: Double) {}
    public var hasUnsavedChanges: Bool { false }
    public func save() {}
    public func willStop(now: Double) {}

    public func didStop(_ end: ControlLoop.End) -> String? {
        if let saved {
            return "saved \(store.url.path): \(saved.frequency) Hz (matches \(saved.firstMatch) and \(saved.secondMatch) Hz, spread \(saved.spreadText)); use it with --notch tinnitus"
        }
        if saveError != nil { return "not saved" }   // the launch says why
        return "stopped: nothing saved"
    }

    /// A plain line whenever the status changes.
    public func plainLines(now: Double) -> [String] {
        let status = statusLine
        guard status != lastPrinted else { return [] }
        lastPrinted = status
        return [command + status]
    }

    /// `first match · 1000 Hz · -40 dBFS`, `octave check 2/3 · choice 1 of 3`, ….
    public var statusLine: String {
        let tone = "\(Int((flow.frequency + 0.5).rounded(.down))) Hz · \(Int(flow.level)) dBFS"
        switch flow.stage {
        case .firstMatch: return "first match · \(tone)"
        case .octaveCheck(let round):
            return "octave check \(round + 1)/\(TinnitusMatchFlow.rounds) · choice \(flow.playing + 1) of \(flow.offered(round: round).count) · \(Int(flow.level)) dBFS"
        case .secondMatch: return "second match · \(tone)"
        case .done: return "done"
        }
    }

    public func screen(now: Double, width: Int, height: Int) -> [String] {
        var out = ["Tinnitus pitch match · \(statusLine)", ""]
        switch flow.stage {
        case .firstMatch, .secondMatch:
            out += [flow.stage == .firstMatch ? "Step 1 of 3: move the tone until it sounds like your tinnitus."
                        : "Step 3 of 3: once more, from half an octave away, for consistency.",
                    "Keep it quiet: just loud enough to compare.", "",
                    "↑/↓ 1/12 octave · →/← 1/48 octave · +/- level · Enter: this is it · q quit"]
        case .octaveCheck(let round):
            let n = flow.offered(round: round).count
            out += ["Step 2 of 3: octave check, round \(round + 1) of \(TinnitusMatchFlow.rounds).",
                    "Which of these sounds closest to your tinnitus? Listen to each.", "",
                    "1-\(n) listen · Enter: the one playing · +/- level · q quit"]
        case .done:
            out.append(saved.map { "Saved: \($0.frequency) Hz, spread \($0.spreadText)." } ?? "Not saved.")
        }
        out += ["", "This is not medical advice: see docs/tinnitus.md."]
        return Array(out.prefix(max(height, 0))) + Array(repeating: "", count: max(0, height - out.count))
    }

    /// `2026-11-24T08:30:00Z`.
    static func iso(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: date)
    }
}

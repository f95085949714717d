import Control
import Engine
import TerminalUI

/// The keys of each kind of live session, as actions, and the legend each screen shows. The
/// one place keys are mapped; what an action then does is the session's controller's. Any
/// thread (pure functions and values).
public enum KeyMap {
    /// `woodshed click`'s action for `key` (`now`: when it was read, for tap tempo), if any.
    public static func click(_ key: Key, at now: Double) -> Action? {
        switch key {
        case .space: .toggleRunning
        case .up: .tempoStep(milliBPM: 1_000)
        case .down: .tempoStep(milliBPM: -1_000)
        case .pageUp: .tempoStep(milliBPM: 10_000)
        case .pageDown: .tempoStep(milliBPM: -10_000)
        case .escape, .ctrlC: .quit
        case .char(let c):
            switch c {
            case "t", "T": .tap(at: now)
            case "[": .beatsPerBarStep(-1)
            case "]": .beatsPerBarStep(1)
            case "m", "M": .toggleMute
            case "+", "=": .volumeStep(0.1)
            case "-", "_": .volumeStep(-0.1)
            case "q", "Q": .quit
            case "1"..."9": .setBeatsPerBar(Int(String(c))!)
            default: nil
            }
        default: nil
        }
    }

    /// The rehearsal player's action for `key` (`play`, `shadow`; a playlist's: `playlist(_:)`),
    /// if any. Shadowing's nudges move a bad cut by its own step (`PlayerController.perform`).
    public static func player(_ key: Key) -> Action? {
        switch key {
        case .space: .toggleRunning
        case .up: .speedStep(thousandths: 50)
        case .down: .speedStep(thousandths: -50)
        case .right: .jump(milliseconds: 5_000)
        case .left: .jump(milliseconds: -5_000)
        case .pageDown: .sectionStep(1)
        case .pageUp: .sectionStep(-1)
        case .enter: .startSectionAtCursor
        case .char(let c):
            switch c {
            // The listening filters (issue 21): --filter and --karaoke off and on.
            case "e", "E": .toggleFilter
            case "v", "V": .toggleKaraoke
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
            case "c", "C": .toggleMute
            // The learner's keys: the section again, its first pass alone slower or faster.
            case "-", "_": .sectionAgainAtSpeed(thousandths: 850)
            case "+", "=": .sectionAgainAtSpeed(thousandths: 1150)
            // The overview (issue 20): j/k the list's cursor, Enter (above) the section under it,
            // 0 the reset, w keeps the quick loop, g what follows each section.
            case "j", "J": .sectionCursorStep(1)
            case "k", "K": .sectionCursorStep(-1)
            case "0": .reset
            case "w", "W": .keepLoop
            case "g", "G": .cycleAdvance
            default: noise(key)
            }
        default: noise(key)
        }
    }

    /// A playlist's action for `key`: the player's, without the overview's (a playlist has no
    /// section list, reset, kept loop or advance: those keys do nothing there).
    public static func playlist(_ key: Key) -> Action? {
        guard let action = player(key), !isOverview(action) else { return nil }
        return action
    }

    /// The overview's actions (issue 20): the list's cursor, starting the section under it, the
    /// reset, keeping the quick loop, the session's advance; `play` and `shadow` only.
    public static func isOverview(_ action: Action) -> Bool {
        switch action {
        case .sectionCursorStep, .startSectionAtCursor, .reset, .keepLoop, .cycleAdvance: true
        default: false
        }
    }

    /// The overview's keys, as the player's footer lists them after its own.
    public static let overviewLegend: [KeyHelp] = [
        KeyHelp(keys: "j/k enter", action: "list, start"), KeyHelp(keys: "0", action: "reset"),
        KeyHelp(keys: "w", action: "keep loop"), KeyHelp(keys: "g", action: "then next/stop/all"),
    ]

    /// A playlist's keys, as its footer lists them (the section keys do not apply).
    public static let playlistLegend: [KeyHelp] = [
        KeyHelp(keys: "space", action: "play/pause"), KeyHelp(keys: "n/p", action: "next/prev track"),
        KeyHelp(keys: "a", action: "restart"), KeyHelp(keys: "←/→", action: "jump ±5 s"),
        KeyHelp(keys: "s", action: "scope"), KeyHelp(keys: "q/Esc", action: "quit"),
    ]

    /// `woodshed noise`'s action for `key`: the scope and quit (the player's keys include them).
    public static func noise(_ key: Key) -> Action? {
        switch key {
        case .escape, .ctrlC, .char("q"), .char("Q"): .quit
        case .char("s"), .char("S"): .toggleScope
        case .char("f"), .char("F"): .toggleNotch
        default: nil
        }
    }

    /// The click's keys as its display lists them.
    public static let clickLegend: [KeyHelp] = [
        KeyHelp(keys: "space", action: "start/stop"), KeyHelp(keys: "↑/↓", action: "±1 BPM"),
        KeyHelp(keys: "PgUp/PgDn", action: "±10 BPM"), KeyHelp(keys: "t", action: "tap tempo"),
        KeyHelp(keys: "[ ] 1-9", action: "beats per bar"), KeyHelp(keys: "m", action: "mute"),
        KeyHelp(keys: "+/-", action: "volume"), KeyHelp(keys: "q/Esc", action: "quit"),
    ]

    /// The player's keys as its display lists them.
    public static let playerLegend: [KeyHelp] = [
        KeyHelp(keys: "space", action: "play/pause"), KeyHelp(keys: "n/p", action: "next/prev section"),
        KeyHelp(keys: "a", action: "again"), KeyHelp(keys: "]/[", action: "pass ±1"),
        KeyHelp(keys: "↑/↓", action: "speed ±5 %"), KeyHelp(keys: "←/→", action: "jump ±5 s"),
        KeyHelp(keys: "i/o", action: "mark in/out"), KeyHelp(keys: ",/.", action: "start ∓10 ms"),
        KeyHelp(keys: "</>", action: "end ∓10 ms"), KeyHelp(keys: "c", action: "click"),
        KeyHelp(keys: "-/+", action: "again slower/faster"),
        KeyHelp(keys: "s", action: "scope"), KeyHelp(keys: "q/Esc", action: "quit"),
    ]

    /// The shadowing screen's keys (the player's, with a bad cut's nudge; the learner's again
    /// slower and faster; the overview's list, reset and advance; w, like i/o, is left unlisted).
    public static let shadowLegend: [KeyHelp] = [
        KeyHelp(keys: "space", action: "pause"), KeyHelp(keys: "a", action: "again"),
        KeyHelp(keys: "-/+", action: "again 0.85×/1.15×"), KeyHelp(keys: "n/p", action: "next/prev"),
        KeyHelp(keys: "↑/↓", action: "speed ±5 %"), KeyHelp(keys: ",/.", action: "start ∓50 ms"),
        KeyHelp(keys: "</>", action: "end ∓50 ms"), KeyHelp(keys: "]/[", action: "repeat ±1"),
    ] + overviewLegend.filter { $0.keys != "w" } + [KeyHelp(keys: "s", action: "scope"), KeyHelp(keys: "q", action: "quit")]
}

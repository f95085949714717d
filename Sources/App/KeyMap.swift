import Control
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

    /// The rehearsal player's action for `key` (`play`, `shadow`, `playlist play`), if any.
    /// Shadowing's nudges move a bad cut by its own step (`PlayerController.perform`).
    public static func player(_ key: Key) -> Action? {
        switch key {
        case .space: .toggleRunning
        case .up: .speedStep(thousandths: 50)
        case .down: .speedStep(thousandths: -50)
        case .right: .jump(milliseconds: 5_000)
        case .left: .jump(milliseconds: -5_000)
        case .pageDown: .sectionStep(1)
        case .pageUp: .sectionStep(-1)
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
            default: noise(key)
            }
        default: noise(key)
        }
    }

    // MARK: - The overview, the reset, keeping a loop and the session's advance (issue 20).

    /// The player's own key for `key` (`play`, `shadow`), if any: j/k move the list's cursor,
    /// Enter starts the section under it, 0 resets, w keeps the quick loop, g changes what
    /// follows each section. Read before `player(_:)`.
    public static func playerOwn(_ key: Key) -> PlayerKey? {
        switch key {
        case .char("j"), .char("J"): .moveCursor(1)
        case .char("k"), .char("K"): .moveCursor(-1)
        case .enter: .startCursor
        case .char("0"): .reset
        case .char("w"), .char("W"): .keepLoop
        case .char("g"), .char("G"): .cycleAdvance
        default: nil
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

    /// The shadowing screen's keys (the player's, with a bad cut's nudge).
    public static let shadowLegend: [KeyHelp] = [
        KeyHelp(keys: "space", action: "pause"), KeyHelp(keys: "a", action: "again"),
        KeyHelp(keys: "-/+", action: "again 0.85×/1.15×"), KeyHelp(keys: "n/p", action: "next/prev"),
        KeyHelp(keys: "↑/↓", action: "speed ±5 %"), KeyHelp(keys: ",/.", action: "start ∓50 ms"),
        KeyHelp(keys: "</>", action: "end ∓50 ms"), KeyHelp(keys: "]/[", action: "repeat ±1"), KeyHelp(keys: "s", action: "scope"),
        KeyHelp(keys: "q", action: "quit"),
    ]
}

import Control
import MIDI
import Player

/// The player's side of the MIDI action table: which mapped action does what to the player.
/// Control thread only.
public final class PlayerMIDI: PlayerActions {
    public let player: PlayerSession
    /// Shadowing's "mark bad cut": a nudge pedal moves the cut by this much, whatever the map's
    /// argument (nil: the argument, in milliseconds).
    public var nudgeMilliseconds: Int?
    public init(_ player: PlayerSession) { self.player = player }

    public func perform(midi action: MIDIAction, argument: Int64) -> Bool {
        if action == .start || action == .stop {
            // Play or pause only if not so already.
            if player.paused == (action == .start) { player.perform(.togglePause) }
            return true
        }
        guard let p = Self.action(for: action, argument: argument, nudgeMilliseconds: nudgeMilliseconds) else { return false }
        player.perform(p)
        return true
    }

    /// The one place a mapped MIDI action becomes a player action, with its argument (a count,
    /// percent or seconds; `nudgeMilliseconds` replaces a nudge's); nil for start and stop (see
    /// `perform`) and for actions not the player's.
    public static func action(for action: MIDIAction, argument: Int64, nudgeMilliseconds: Int? = nil) -> PlayerAction? {
        var a = max(Int(argument), 1)
        if let n = nudgeMilliseconds, [.nudgeInEarlier, .nudgeInLater, .nudgeOutEarlier, .nudgeOutLater].contains(action) { a = n }
        switch action {
        case .toggle: return .togglePause
        case .mute: return .toggleClick
        case .sectionNext: return .sectionStep(1)
        case .sectionPrev: return .sectionStep(-1)
        case .sectionAgain: return .sectionAgain
        case .repeatUp: return .repeatStep(a)
        case .repeatDown: return .repeatStep(-a)
        case .speedUp: return .speedStep(a * 10)
        case .speedDown: return .speedStep(-a * 10)
        case .markIn: return .markIn
        case .markOut: return .markOut
        case .jumpForward: return .jump(milliseconds: a * 1000)
        case .jumpBack: return .jump(milliseconds: -a * 1000)
        case .nudgeInEarlier: return .nudge(.start, milliseconds: -a)
        case .nudgeInLater: return .nudge(.start, milliseconds: a)
        case .nudgeOutEarlier: return .nudge(.end, milliseconds: -a)
        case .nudgeOutLater: return .nudge(.end, milliseconds: a)
        case .start, .stop, .tempoUp, .tempoDown, .tempoSet, .tempoCC, .tap, .meterNext, .meterPrev, .countIn, .volumeUp,
             .volumeDown, .setlistNext, .setlistPrev, .setlistSong, .preset:
            return nil
        }
    }
}

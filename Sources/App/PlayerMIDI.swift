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
        var a = max(Int(argument), 1)
        if let n = nudgeMilliseconds, [.nudgeInEarlier, .nudgeInLater, .nudgeOutEarlier, .nudgeOutLater].contains(action) { a = n }
        let p: PlayerAction
        switch action {
        case .start, .stop:
            // Play or pause only if not so already.
            if player.paused == (action == .start) { player.perform(.togglePause) }
            return true
        case .toggle: p = .togglePause
        case .mute: p = .toggleClick
        case .sectionNext: p = .sectionStep(1)
        case .sectionPrev: p = .sectionStep(-1)
        case .sectionAgain: p = .sectionAgain
        case .repeatUp: p = .repeatStep(a)
        case .repeatDown: p = .repeatStep(-a)
        case .speedUp: p = .speedStep(a * 10)
        case .speedDown: p = .speedStep(-a * 10)
        case .markIn: p = .markIn
        case .markOut: p = .markOut
        case .jumpForward: p = .jump(milliseconds: a * 1000)
        case .jumpBack: p = .jump(milliseconds: -a * 1000)
        case .nudgeInEarlier: p = .nudge(.start, milliseconds: -a)
        case .nudgeInLater: p = .nudge(.start, milliseconds: a)
        case .nudgeOutEarlier: p = .nudge(.end, milliseconds: -a)
        case .nudgeOutLater: p = .nudge(.end, milliseconds: a)
        case .tempoUp, .tempoDown, .tempoSet, .tempoCC, .tap, .meterNext, .meterPrev, .countIn, .volumeUp, .volumeDown,
             .setlistNext, .setlistPrev, .setlistSong, .preset:
            return false
        }
        player.perform(p)
        return true
    }
}

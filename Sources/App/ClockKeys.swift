import Control
import Engine
import TerminalUI

extension KeyMap {
    /// `woodshed clock`'s action for `key`: s snoozes (as any pedal does), space stops the
    /// ringing alarm, q or Esc quits.
    public static func clock(_ key: Key, at now: Double) -> Action? {
        switch key {
        case .space: .stop
        case .escape, .ctrlC: .quit
        case .char(let c):
            switch c {
            case "s", "S": .snooze
            case "q", "Q": .quit
            default: nil
            }
        default: nil
        }
    }

    /// The clock's key legend.
    public static let clockLegend = "s snooze · space stop · q/Esc quit"
}

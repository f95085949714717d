/// One `--midi-in` value. Any thread.
public enum MIDIInputSpec: Equatable {
    case alsa(String)
    case jack(String)

    public init?(_ text: String) {
        if text.hasPrefix("alsa:"), text.count > 5 { self = .alsa(String(text.dropFirst(5))) }
        else if text.hasPrefix("jack:"), text.count > 5 { self = .jack(String(text.dropFirst(5))) }
        else { return nil }
    }
}

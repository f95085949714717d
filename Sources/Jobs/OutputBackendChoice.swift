/// `--backend`: which live output a command plays through. Any thread (a value).
public enum OutputBackendChoice: String, CaseIterable, Sendable {
    /// A running JACK server, else ALSA.
    case auto
    case jack
    case alsa

    /// The one-line error for an unknown `--backend` value.
    public static func invalid(_ text: String) -> String {
        "--backend must be auto, jack or alsa, not '\(text)'"
    }
}

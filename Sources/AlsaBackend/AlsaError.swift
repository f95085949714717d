import CAlsa

/// Why the ALSA output could not be opened or set up. Any thread.
public enum AlsaError: Error, CustomStringConvertible, Equatable {
    /// `snd_pcm_open` failed: the device name and ALSA's reason.
    case openFailed(device: String, reason: String)
    /// The device refused every setting Woodshed can play with (`what`: "rate", "format", ...).
    case setupFailed(device: String, what: String, reason: String)
    /// The write thread could not be started.
    case threadFailed(reason: String)

    public var description: String {
        switch self {
        case .openFailed(let d, let r):
            return "cannot open the ALSA device '\(d)': \(r) (list devices with: aplay -L; choose one with --alsa-device NAME)"
        case .setupFailed(let d, let w, let r): return "the ALSA device '\(d)' refused the \(w): \(r)"
        case .threadFailed(let r): return "cannot start the ALSA write thread: \(r)"
        }
    }

    /// ALSA's text for a negative error code.
    static func reason(_ code: Int32) -> String { String(cString: snd_strerror(code)) }
}

/// What stops the coach from listening, in one line. Any thread.
public enum CoachError: Error, Equatable, CustomStringConvertible {
    /// libaubio.so.5 (Debian's libaubio5) could not be loaded.
    case aubioMissing
    /// libaubio refused the detector's parameters at this sample rate.
    case aubioRefused(sampleRate: Int)

    public var description: String {
        switch self {
        case .aubioMissing: "listening needs libaubio (libaubio.so.5, Debian package libaubio5), which could not be loaded"
        case .aubioRefused(let rate): "libaubio made no onset detector at \(rate) Hz"
        }
    }
}

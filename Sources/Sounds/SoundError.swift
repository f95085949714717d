import Foundation

/// Why a click sound could not be named, loaded or resampled. Control thread.
///
/// Every description is one line that names the sound or the file, ready to print after "error: ".
public enum SoundError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A name that is neither a built-in sound nor looks like a file path.
    case unknownSound(String)
    /// A `--sound` value that cannot be split into one or two files.
    case badSoundList(String, reason: String)
    /// The file could not be opened (missing, unreadable, a directory); `reason` is the system's.
    case cannotOpen(path: String, reason: String)
    /// The file opened but libsndfile does not read it as audio; `reason` is libsndfile's.
    case notAudio(path: String, reason: String)
    /// The file holds no audio frames.
    case empty(path: String)
    /// Every sample of the file is below −60 dBFS.
    case silent(path: String)
    /// The file is longer than `SampleLoader.maximumSeconds`.
    case tooLong(path: String, seconds: Double)
    /// libsamplerate refused the conversion; `reason` is its message.
    case cannotResample(path: String, from: Int, to: Int, reason: String)
    /// An output rate no sound can be made at.
    case badRate(Int)

    public var description: String {
        switch self {
        case .unknownSound(let name):
            "unknown sound '\(name)': use one of \(BuiltinSound.names.joined(separator: ", ")), "
                + "or a sound file (.wav, .flac, .ogg), or two as accent,normal"
        case .badSoundList(let value, let reason): "sound '\(value)': \(reason)"
        case .cannotOpen(let path, let reason): "cannot open sound file '\(path)': \(reason)"
        case .notAudio(let path, let reason): "cannot read sound file '\(path)': \(reason)"
        case .empty(let path): "sound file '\(path)' is empty"
        case .silent(let path): "sound file '\(path)' is silent (nothing above -60 dBFS)"
        case .tooLong(let path, let seconds):
            "sound file '\(path)' is \(SoundError.format(seconds)) s long: too long for a click "
                + "(at most \(SoundError.format(SampleLoader.maximumSeconds)) s)"
        case .cannotResample(let path, let from, let to, let reason):
            "cannot resample sound file '\(path)' from \(from) Hz to \(to) Hz: \(reason)"
        case .badRate(let rate): "cannot make click sounds at \(rate) Hz: use 8000 to 768000 Hz"
        }
    }

    /// Seconds with at most two decimals, no trailing zeros ("3", "2.5", "2.01").
    static func format(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let whole = hundredths / 100, frac = hundredths % 100
        if frac == 0 { return "\(whole)" }
        return frac % 10 == 0 ? "\(whole).\(frac / 10)" : "\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }
}

import Foundation

import RenderGraph

/// What the `--sound` option names: a built-in sound, or one or two sample files. Control thread.
///
/// A value is a file path if it contains "/" or ends in .wav, .flac or .ogg (any case); a comma
/// separates the accent file from the normal one. Anything else is a built-in sound's name.
public enum SoundSpec: Equatable, Sendable, CustomStringConvertible {
    /// A synthesized sound.
    case builtin(BuiltinSound)
    /// Sample files: `normal` nil means the accent file plays for normal clicks too.
    case files(accent: String, normal: String?)

    /// `--sound` not given: the default built-in sound.
    public static let `default` = SoundSpec.builtin(.default)

    /// File name endings that mark a value as a path rather than a sound name.
    public static let fileExtensions = [".wav", ".flac", ".ogg"]

    /// Parses an option value: "beep", "clicks/hi.wav", "accent.wav,normal.flac". Throws
    /// `SoundError` for an unknown name or a bad list of files. Files are not opened here.
    public init(parsing value: String) throws(SoundError) {
        let text = value.trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.contains(where: SoundSpec.looksLikePath) else {
            self = .builtin(try BuiltinSound(named: text))
            return
        }
        guard parts.count <= 2 else {
            throw .badSoundList(value, reason: "give one or two sound files (accent,normal)")
        }
        guard !parts.contains(where: \.isEmpty) else {
            throw .badSoundList(value, reason: "a file name is missing before or after the comma")
        }
        self = .files(accent: parts[0], normal: parts.count == 2 ? parts[1] : nil)
    }

    /// The option value that parses back to this spec.
    public var description: String {
        switch self {
        case .builtin(let sound): sound.rawValue
        case .files(let accent, let normal): normal.map { "\(accent),\($0)" } ?? accent
        }
    }

    /// The files to load, accent first; empty for a built-in sound.
    public var paths: [String] {
        switch self {
        case .builtin: []
        case .files(let accent, let normal): [accent] + (normal.map { [$0] } ?? [])
        }
    }

    /// Synthesizes or loads the click waves at the output rate. Throws `SoundError`.
    public func load(rate: Int) throws(SoundError) -> ClickSounds {
        switch self {
        case .builtin(let sound): try sound.clickSounds(rate: rate)
        case .files: try SampleLoader.clickSounds(paths: paths, rate: rate)
        }
    }

    static func looksLikePath(_ part: String) -> Bool {
        let lower = part.lowercased()
        return part.contains("/") || fileExtensions.contains { lower.hasSuffix($0) }
    }
}

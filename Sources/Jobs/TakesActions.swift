import Foundation
import Media
import Persistence
import Takes

/// `woodshed takes FILE list|play N|remove N`: the takes `--record` kept for an audio file,
/// numbered from 1 in the list's order (by sentence or section, then take). Main thread.
public struct TakesActions {
    public let audioPath: String
    public let folder: TakeFolder

    /// The takes of the audio file at `path` (reads its fingerprint).
    public init(audioPath path: String) throws {
        audioPath = path
        folder = try TakesLocation.folder(audioPath: path)
    }

    /// One line per take: `  1  section 3 take 2 · 1.84 s · PATH`, or a line saying there are none.
    public func list() -> [String] {
        let takes = folder.takes()
        guard !takes.isEmpty else { return ["no takes of '\(audioPath)' yet: record some with woodshed shadow or play --record"] }
        return takes.enumerated().map { i, t in
            let length = (try? AudioFileProbe.info(path: t.path)).map { String(format: "%.2f s", Double($0.frames) / Double(max($0.rate, 1))) } ?? "unreadable"
            return "\(i + 1 < 10 ? "  " : i + 1 < 100 ? " " : "")\(i + 1)  section \(t.section + 1) take \(t.number) · \(length) · \(t.path.escapingControlCharacters())"
        }
    }

    /// Take `n` (from 1, as listed); `ValidationErrorMessage` naming the range when there is none.
    public func take(_ n: Int) throws -> Take {
        let takes = folder.takes()
        guard takes.indices.contains(n - 1) else {
            throw ValidationErrorMessage(takes.isEmpty ? "'\(audioPath)' has no takes"
                                                       : "take \(n) is out of range: '\(audioPath)' has takes 1 to \(takes.count)")
        }
        return takes[n - 1]
    }

    /// Removes take `n`; returns the line to print.
    public func remove(_ n: Int) throws -> String {
        let t = try take(n)
        guard unlink(t.path) == 0 else {
            throw ValidationErrorMessage("cannot remove '\(t.path)': \(String(cString: strerror(errno)))")
        }
        return "removed take \(n) (section \(t.section + 1) take \(t.number)): \(t.path)"
    }

    /// Plays take `n` once through the live player on `output`.
    public func play(_ n: Int, output: LivePlayOutput, debug: (String) -> Void) throws {
        let t = try take(n)
        try PlayLaunch(output: output, midi: MIDIRequest(midiMap: nil, midiIn: [], setlist: nil))
            .play(file: t.path, practice: PlayRequest(repeat: "1", gap: "0s", advance: "stop"), countIn: 0, debug: debug)
    }
}

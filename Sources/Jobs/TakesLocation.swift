import Foundation
import Media
import Persistence
import Takes

/// Where the takes of an audio file are: its `TakeFolder`, named by the file's fingerprint (the
/// header's length and rate, as the practice files'), so a renamed or moved file keeps its
/// takes. Main thread (it reads the file).
public enum TakesLocation {
    /// The takes folder for the audio file at `path`; `ValidationErrorMessage` when it cannot be read.
    public static func folder(audioPath path: String) throws -> TakeFolder {
        do {
            let info = try AudioFileProbe.info(path: path)
            let fingerprint = try FileFingerprint.of(path: path, frames: info.frames, rate: info.rate)
            return TakeFolder(fingerprint: fingerprint.description)
        } catch {
            throw ValidationErrorMessage("\(error)")
        }
    }
}

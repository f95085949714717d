import Media
import Persistence

/// What the player's controller knows of the file it plays: its lines for the screen, its
/// rate and length, and its practice file as loaded. Built at start-up; control thread after.
public struct PlayerFile {
    /// One line: file, section, plan (the first plain line).
    public var summary: String
    /// `song.flac · FLAC stereo 44100 Hz · 3:45.000` (the screen's first line).
    public var fileLine: String
    public var info: AudioFileInfo
    /// The practice file as loaded (nil: none is kept, as for a playlist).
    public var practice: PracticeFileLoad?

    public init(summary: String, fileLine: String, info: AudioFileInfo, practice: PracticeFileLoad?) {
        self.summary = summary
        self.fileLine = fileLine
        self.info = info
        self.practice = practice
    }
}

import Foundation
import Media
import Persistence
import WoodshedCore

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
    /// The files being read (a playlist's tracks), asked where reading stopped early.
    public var sources: [AudioSource]
    /// Where the practice file is saved.
    public var store: SectionStore

    public init(summary: String, fileLine: String, info: AudioFileInfo, practice: PracticeFileLoad?, sources: [AudioSource] = [],
                store: SectionStore = SectionStore()) {
        self.store = store
        self.summary = summary
        self.fileLine = fileLine
        self.info = info
        self.practice = practice
        self.sources = sources
    }

    /// `Warning: song.wav: the file ends early (cut short, or still being written); silence
    /// from 0:05.000` for the first file whose reading stopped before its end; nil while all
    /// are well.
    public func readWarning() -> String? {
        for source in sources {
            guard let stop = source.readStop else { continue }
            let name = URL(fileURLWithPath: source.info.path).lastPathComponent
            return "Warning: \(name): \(stop.reason); silence from \(SourceTime.of(frame: stop.frame, rate: source.info.rate))"
        }
        return nil
    }
}

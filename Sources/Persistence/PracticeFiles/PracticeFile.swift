import Foundation
import WoodshedCore

/// Everything Woodshed remembers about one audio file: its sections, in order, each with its
/// repeat plan, and the settings last used with it. Any thread (a value); `SectionStore`
/// reads and writes it on the control thread.
///
/// Times are source frames: frames of the audio file itself at its own rate, whatever the
/// output rate or playing speed. See docs/player.md ("Sections file") for the JSON.
public struct PracticeFile: Sendable, Equatable {
    /// The only `schemaVersion` this version of Woodshed reads and writes.
    public static let schemaVersion = 1

    /// The audio this file belongs to; its text form is the file's name.
    public var fingerprint: FileFingerprint
    /// Where the audio was last opened (absolute), for the user's information: the file is
    /// found by its fingerprint, not by this path.
    public var lastKnownPath: String
    /// In playing order. Names are unique, one line, not a whole number (numbers pick sections
    /// by position), and every section lies inside the audio.
    public var sections: [Section]
    public var settings: PracticeSettings

    /// An empty practice file for the audio with this fingerprint, last seen at `path`.
    public init(fingerprint: FileFingerprint, lastKnownPath: String, sections: [Section] = [],
                settings: PracticeSettings = PracticeSettings()) {
        self.fingerprint = fingerprint
        self.lastKnownPath = lastKnownPath
        self.sections = sections
        self.settings = settings
    }

    /// Frames per second of the audio.
    public var rate: Int { fingerprint.rate }
    /// Frames in the audio: a section may end here, not later.
    public var frames: Int64 { fingerprint.frames }

    /// The index of the section `reference` names: its exact name, or its 1-based position
    /// written as a whole number ("2"). Nil when there is none.
    public func index(of reference: String) -> Int? {
        if PracticeFile.isNumber(reference) {
            guard let n = Int(reference), n >= 1, n <= sections.count else { return nil }
            return n - 1
        }
        return sections.firstIndex { $0.name == reference }
    }

    /// True for text that picks a section by number ("1", "12"), so no section may be named so.
    static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 18 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

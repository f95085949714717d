import Foundation

/// What `SectionStore.open` found for an audio file. Control thread (a value it hands over).
public struct PracticeFileLoad: Sendable {
    /// The practice file to play with: the saved one, or an empty one (no sections, no settings).
    public var file: PracticeFile
    /// Where it is saved.
    public var url: URL
    /// Whether a usable practice file was saved for this audio before.
    public var existed = false
    /// The saved file could not be used (it is named, with the line or field): show it as a
    /// warning and play on with `file`. It is left as it is, and `save` refuses to write over it.
    public var problem: JSONFileError?
    /// The path the audio was last seen at, when it was elsewhere (`file` has the new one,
    /// saved as `lastKnownPath` with the next change).
    public var movedFrom: String?
    /// The audio's path while its hash is left for later (`open(…, hashLater: true)`): until
    /// `SectionStore.settle` takes it, `file.fingerprint` has hash 0 and `file` must not be saved.
    public internal(set) var unhashed: String?
    /// Bytes of the audio read to fingerprint it: 0 when the cache knew it or the hash is left
    /// for later, else at most 3 MiB.
    public internal(set) var bytesHashed: Int64 = 0
}

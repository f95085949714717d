import Foundation

/// Worker threads (the thread that opens an `AudioSource`). Decoded copies of the files that
/// libsndfile cannot seek in exactly (MP3, Ogg Vorbis, Opus, ...), one per source file, in the
/// format `CacheFormat` describes.
///
/// A copy is named after its source's path and labelled inside with the source's size,
/// modification time and inode: a changed source is decoded again and its copy replaced. A copy
/// is written under a temporary name and renamed when complete; temporary files of processes
/// that died mid-decode are removed on the next decode of that source. Nothing is ever evicted:
/// the folder grows with the files played.
public enum DecodeCache {
    /// `$XDG_CACHE_HOME/woodshed/decoded` when XDG_CACHE_HOME is an absolute path, else
    /// `$HOME/.cache/woodshed/decoded` (the user's home from the system without HOME).
    public static func defaultDirectory(environment: [String: String]) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true)
                .appendingPathComponent("woodshed", isDirectory: true)
                .appendingPathComponent("decoded", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache", isDirectory: true)
            .appendingPathComponent("woodshed", isDirectory: true)
            .appendingPathComponent("decoded", isDirectory: true)
    }

    /// The decoded copy of `source` in `directory`: reused when it is there for this version of
    /// the source, else decoded now (calling `progress`). Returns the copy, open at frame 0.
    static func copy(of source: SourceFile, in directory: URL,
                     progress: ((Double) -> Void)?) throws(AudioFileError) -> (file: SoundFile, url: URL) {
        let folder = directory.path
        do {
            try CacheFolder.create(folder)
        } catch {
            throw .cacheNotWritable(path: source.info.path, directory: folder, reason: error.reason)
        }
        let entry = CacheFolder.entryName(for: source.identity)
        let path = folder + "/" + entry
        let key = source.identity.key(cacheVersion: CacheFormat.version)
        let channels = CacheFormat.channels(forSource: source.info.channels), rate = source.info.rate
        let url = URL(fileURLWithPath: path)
        if let copy = DecodedCopy.open(at: path, key: key, channels: channels, rate: rate) {
            return (copy, url)
        }
        CacheFolder.removeLeftovers(of: entry, in: folder)
        try CacheDecoder.decode(source, to: path, in: folder, key: key, progress: progress)
        guard let copy = DecodedCopy.open(at: path, key: key, channels: channels, rate: rate) else {
            throw .decodeFailed(path: source.info.path, reason: "the decoded copy \(path) cannot be read back")
        }
        return (copy, url)
    }
}

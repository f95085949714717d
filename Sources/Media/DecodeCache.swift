import Foundation

/// Worker threads (the thread that opens an `AudioSource`). Decoded copies of the files that
/// libsndfile cannot seek in exactly (Ogg Vorbis, Opus, ADPCM, ...), one per source file, in the
/// format `CacheFormat` describes.
///
/// A copy is named after its source's path and labelled inside with the source's size,
/// modification time and inode: a changed source is decoded again and its copy replaced. A copy
/// is written under a temporary name and renamed when complete; temporary files of processes
/// that died mid-decode are removed on the next decode of that source. The folder is kept
/// within a size limit: the copies least recently used are removed first (`CacheTrim`).
public enum DecodeCache {
    /// The cache's size limit when the environment sets none: 4 GiB (about three 2-hour
    /// podcasts, or sixty 10-minute songs, as 24-bit FLAC).
    public static let defaultLimit: Int64 = 4 << 30

    /// The limit in bytes from `WOODSHED_DECODE_CACHE_MIB` (a whole number of MiB, 0 keeps only
    /// the copy in use), else `defaultLimit`. Throws a one-line message for anything else.
    public static func limit(environment: [String: String]) throws(DecodeCacheLimitError) -> Int64 {
        guard let text = environment["WOODSHED_DECODE_CACHE_MIB"], !text.isEmpty else { return defaultLimit }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let mib = Int64(text), mib <= Int64.max >> 20 else {
            throw DecodeCacheLimitError(text: text)
        }
        return mib << 20
    }

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
    /// Then removes the least recently used other copies while the folder holds more than
    /// `limit` bytes.
    static func copy(of source: SourceFile, in directory: URL, limit: Int64,
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
            CacheTrim.markUsed(path)
            CacheTrim.trim(folder, keeping: entry, limit: limit)
            return (copy, url)
        }
        CacheFolder.removeLeftovers(of: entry, in: folder)
        try CacheDecoder.decode(source, to: path, in: folder, key: key, progress: progress)
        guard let copy = DecodedCopy.open(at: path, key: key, channels: channels, rate: rate) else {
            throw .decodeFailed(path: source.info.path, reason: "the decoded copy \(path) cannot be read back")
        }
        CacheTrim.trim(folder, keeping: entry, limit: limit)
        return (copy, url)
    }
}

/// Any thread (a value). `WOODSHED_DECODE_CACHE_MIB` is not a whole number of MiB.
public struct DecodeCacheLimitError: Error, Equatable, CustomStringConvertible {
    public var text: String
    public var description: String {
        "WOODSHED_DECODE_CACHE_MIB='\(text)' is not valid: give the decode cache's size limit as a whole number of MiB (e.g. 4096)"
    }
}

import Foundation
import Testing
import WoodshedCore
@testable import Persistence

/// The fingerprint is taken off the start-up path: an unchanged file is known by its stamp, and
/// a file new to Woodshed is hashed at its first save, not before it plays.
@Suite("Fingerprints off the start-up path: the cache of stamps, and a new file hashed at its first save")
struct FingerprintCacheTests {
    static let mib = 1 << 20

    /// A store with its fingerprint cache, and a 5 MiB fake audio file (hashed: 3 MiB).
    func withStore(_ body: (SectionStore, String, URL) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SectionStore(folder: folder.appendingPathComponent("data/woodshed/sections"),
                                 fingerprints: FingerprintCache(folder: folder.appendingPathComponent("cache/woodshed/fingerprints")))
        let path = folder.appendingPathComponent("music/song.wav").path
        try write(Self.content(), to: path)
        try body(store, path, folder)
    }

    static func content(flip: Int? = nil) -> Data {
        var bytes = (0..<(5 * mib)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) }
        if let flip { bytes[flip] ^= 0x01 }
        return Data(bytes)
    }

    func write(_ data: Data, to path: String) throws {
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test("the cache is $XDG_CACHE_HOME/woodshed/fingerprints, else ~/.cache/woodshed/fingerprints")
    func folder() {
        #expect(SectionStore(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"]).fingerprints?.folder.path
            == "/x/cache/woodshed/fingerprints")
        #expect(FingerprintCache(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/me"]).folder.path == "/home/me/.cache/woodshed/fingerprints")
        #expect(SectionStore(folder: URL(fileURLWithPath: "/s")).fingerprints == nil)
    }

    @Test("a file new to Woodshed plays with nothing read of it; settle hashes it (3 MiB) before the first save")
    func newFileHashedLater() throws {
        try withStore { store, path, _ in
            var load = try store.open(audioPath: path, frames: 1_000, rate: 48_000, hashLater: true)
            #expect(load.unhashed == path && load.bytesHashed == 0 && !load.existed && load.file.sections.isEmpty)
            #expect(load.file.fingerprint.hash == 0 && load.file.fingerprint.size == Int64(5 * Self.mib))
            #expect(!FileManager.default.fileExists(atPath: store.fingerprints!.folder.path))

            try store.settle(&load)
            let real = try FileFingerprint.of(path: path, frames: 1_000, rate: 48_000)
            #expect(load.unhashed == nil && load.bytesHashed == Int64(3 * Self.mib))
            #expect(load.file.fingerprint == real && load.url == store.url(for: real))
            try store.settle(&load)
            #expect(load.bytesHashed == Int64(3 * Self.mib), "settling twice reads nothing more")
            // The cache now knows the file: one entry, by its path.
            #expect(store.fingerprints!.fingerprint(path: path, stamp: try FileStamp.of(path: path), frames: 1_000, rate: 48_000) == real)
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.fingerprints!.folder.path).count == 1)
        }
    }

    @Test("an unchanged file with sections is opened with nothing read of it; without the cache it is hashed")
    func unchangedFileFromCache() throws {
        try withStore { store, path, _ in
            var first = try store.open(audioPath: path, frames: 1_000, rate: 48_000, hashLater: true)
            try store.settle(&first)
            try first.file.add(try Section(name: "verse", start: 10, end: 500))
            try store.save(first.file)

            for hashLater in [false, true] {
                let again = try store.open(audioPath: path, frames: 1_000, rate: 48_000, hashLater: hashLater)
                #expect(again.bytesHashed == 0 && again.unhashed == nil && again.existed)
                #expect(again.file.sections.map(\.name) == ["verse"])
            }
            let uncached = SectionStore(folder: store.folder)
            let hashed = try uncached.open(audioPath: path, frames: 1_000, rate: 48_000, hashLater: true)
            #expect(hashed.bytesHashed == Int64(3 * Self.mib) && hashed.existed, "a practice file of this size, length and rate exists")
            // Another length or rate is another fingerprint: the cache entry does not answer for it.
            let other = try store.open(audioPath: path, frames: 999, rate: 48_000)
            #expect(other.bytesHashed == Int64(3 * Self.mib) && !other.existed)
        }
    }

    @Test("a file written again is hashed again: the same bytes keep their sections, a changed byte loses them")
    func rewrittenFile() throws {
        try withStore { store, path, _ in
            var first = try store.open(audioPath: path, frames: 1_000, rate: 48_000)
            try first.file.add(try Section(name: "verse", start: 10, end: 500))
            try store.save(first.file)

            try write(Self.content(), to: path)   // the same bytes, a new stamp
            let same = try store.open(audioPath: path, frames: 1_000, rate: 48_000, hashLater: true)
            #expect(same.bytesHashed == Int64(3 * Self.mib) && same.existed && same.file.sections.map(\.name) == ["verse"])

            try write(Self.content(flip: 5 * Self.mib / 2), to: path)   // one byte of the middle MiB
            let changed = try store.open(audioPath: path, frames: 1_000, rate: 48_000, hashLater: true)
            #expect(changed.bytesHashed == Int64(3 * Self.mib), "a practice file of this size, length and rate exists: hashed at once")
            #expect(!changed.existed && changed.file.fingerprint != first.file.fingerprint && changed.file.sections.isEmpty)
            // And the cache follows the file: opened again, nothing is read.
            let cached = try store.open(audioPath: path, frames: 1_000, rate: 48_000, hashLater: true)
            #expect(cached.bytesHashed == 0 && cached.file.fingerprint == changed.file.fingerprint)
        }
    }

    @Test("a moved file is hashed (the cache is by path), keeps its sections, and its new path is saved with the next change")
    func movedFile() throws {
        try withStore { store, path, folder in
            var first = try store.open(audioPath: path, frames: 1_000, rate: 48_000)
            try first.file.add(try Section(name: "verse", start: 10, end: 500))
            try store.save(first.file)
            let moved = folder.appendingPathComponent("elsewhere/renamed.wav").path
            try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("elsewhere").path, withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: path, toPath: moved)

            let opened = try store.open(audioPath: moved, frames: 1_000, rate: 48_000, hashLater: true)
            #expect(opened.bytesHashed == Int64(3 * Self.mib) && opened.existed && opened.movedFrom == path)
            #expect(opened.file.lastKnownPath == moved)
            #expect(try store.load(first.file.fingerprint)?.lastKnownPath == path, "opening writes nothing")
            try store.save(opened.file)
            #expect(try store.load(first.file.fingerprint)?.lastKnownPath == moved)
            #expect(try store.open(audioPath: moved, frames: 1_000, rate: 48_000).bytesHashed == 0)
        }
    }

    @Test("a damaged, foreign or stale cache entry is a miss, and is replaced")
    func badEntries() throws {
        try withStore { store, path, _ in
            let cache = store.fingerprints!
            let stamp = try FileStamp.of(path: path)
            let real = try FileFingerprint.of(path: path, frames: 1_000, rate: 48_000)
            let entry = cache.url(for: path)
            try FileManager.default.createDirectory(at: cache.folder, withIntermediateDirectories: true)

            try Data("{\"path\": \"\(path)\", \"stamp\": ".utf8).write(to: entry)   // cut short
            #expect(cache.fingerprint(path: path, stamp: stamp, frames: 1_000, rate: 48_000) == nil)
            #expect(try store.open(audioPath: path, frames: 1_000, rate: 48_000).bytesHashed == Int64(3 * Self.mib))
            #expect(cache.fingerprint(path: path, stamp: stamp, frames: 1_000, rate: 48_000) == real, "replaced")

            // An entry of another path in this one's place (a hash collision) does not answer.
            cache.remember(real, path: "/another/file.wav", stamp: stamp)
            try FileManager.default.moveItem(at: cache.url(for: "/another/file.wav"), to: entry.appendingPathExtension("x"))
            try FileManager.default.removeItem(at: entry)
            try FileManager.default.moveItem(at: entry.appendingPathExtension("x"), to: entry)
            #expect(cache.fingerprint(path: path, stamp: stamp, frames: 1_000, rate: 48_000) == nil)

            // A stamp that differs in any way is a miss.
            cache.remember(real, path: path, stamp: stamp)
            var later = stamp
            later.changed += 1
            #expect(cache.fingerprint(path: path, stamp: later, frames: 1_000, rate: 48_000) == nil)
            #expect(cache.fingerprint(path: path, stamp: stamp, frames: 1_000, rate: 48_000) == real)
            // What is stored: one line of JSON naming the path, the stamp and the fingerprint.
            let text = try String(contentsOf: entry, encoding: .utf8)
            #expect(text == #"{"fingerprint":"\#(real)","path":"\#(path)","stamp":{"changed":\#(stamp.changed),"device":\#(stamp.device),"inode":\#(stamp.inode),"modified":\#(stamp.modified),"size":\#(5 * Self.mib)}}"# + "\n")
        }
    }

    @Test("a stamp is taken without reading: a directory or a missing file is an error naming it")
    func stamps() throws {
        try withStore { _, path, folder in
            let s = try FileStamp.of(path: path)
            #expect(s.size == Int64(5 * Self.mib) && s.inode != 0 && s.modified > 1_700_000_000_000_000_000)
            #expect(throws: FileFingerprintError(path: folder.path, reason: "not a regular file")) { try FileStamp.of(path: folder.path) }
            let missing = folder.appendingPathComponent("nope.wav").path
            #expect(throws: FileFingerprintError(path: missing, reason: "No such file or directory")) { try FileStamp.of(path: missing) }
        }
    }
}

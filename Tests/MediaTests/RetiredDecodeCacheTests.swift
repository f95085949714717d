import Foundation
import Media
import Testing

/// The names in a folder, sorted (nil when it is not there). Test thread.
private func names(in url: URL) -> [String]? {
    (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted()
}

@Suite("The retired decode cache")
struct RetiredDecodeCacheTests {
    @Test("the old cache folder is XDG_CACHE_HOME's woodshed/decoded, else ~/.cache's")
    func directory() {
        #expect(RetiredDecodeCache.directory(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]).path
                == "/var/cache/me/woodshed/decoded")
        #expect(RetiredDecodeCache.directory(environment: ["HOME": "/home/me"]).path == "/home/me/.cache/woodshed/decoded")
        #expect(RetiredDecodeCache.directory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/me"]).path
                == "/home/me/.cache/woodshed/decoded")
    }

    @Test("its copies and the partial copies of dead processes are removed, then the folder; a live partial copy and other files stay")
    func removal() throws {
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("woodshed/decoded", isDirectory: true)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let copy = "song.ogg-1f0c3a5e9b7d2c41.flac", other = "lesson.opus-00000000000000ab.flac"
        // PID 2^22 + 1 is above Linux's largest (pid_max ≤ 2^22): never a live process.
        let dead = copy + ".partial-4194305-9a", live = other + ".partial-\(getpid())-7f"
        for name in [copy, other, dead, live, "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: cache.appendingPathComponent(name).path, contents: Data([1, 2, 3])))
        }
        #expect(RetiredDecodeCache.remove(cache) == [other, copy, dead].sorted())
        #expect(names(in: cache) == [live, "notes.txt"].sorted())

        try FileManager.default.removeItem(at: cache.appendingPathComponent("notes.txt"))
        try FileManager.default.removeItem(at: cache.appendingPathComponent(live))
        #expect(FileManager.default.createFile(atPath: cache.appendingPathComponent(copy).path, contents: Data([1])))
        #expect(RetiredDecodeCache.remove(cache) == [copy])
        #expect(names(in: cache) == nil)
        #expect(names(in: cache.deletingLastPathComponent()) == [])
        #expect(RetiredDecodeCache.remove(cache) == [])
    }
}

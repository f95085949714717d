import Foundation
import Testing
@testable import Media

/// Test thread. Writes `bytes` bytes at `path`, last used at `seconds` after 2020-01-01.
private func copy(_ path: String, bytes: Int, usedAt seconds: Int) throws {
    try Data(repeating: 0x5A, count: bytes).write(to: URL(fileURLWithPath: path))
    var times = [timespec(tv_sec: 1_577_836_800 + seconds, tv_nsec: 0), timespec(tv_sec: 1_577_836_800 + seconds, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
}

private func names(in url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

@Suite("The decode cache keeps within its size: least recently used copies go first, the one in use stays")
struct CacheTrimTests {
    static let mib = 1 << 20

    @Test("copies are removed oldest use first until the rest fit; partial copies and other files are not touched")
    func leastRecentlyUsedFirst() throws {
        let folder = try TemporaryFolder()
        let dir = folder.cache.path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try copy(dir + "/a.mp3-01.flac", bytes: Self.mib, usedAt: 10)
        try copy(dir + "/b.mp3-02.flac", bytes: 2 * Self.mib, usedAt: 30)
        try copy(dir + "/c.mp3-03.flac", bytes: Self.mib, usedAt: 20)
        try copy(dir + "/d.mp3-04.flac.partial-1-ab", bytes: 8 * Self.mib, usedAt: 0)
        try copy(dir + "/notes.txt", bytes: 8 * Self.mib, usedAt: 0)
        #expect(CacheTrim.copies(in: dir).reduce(0) { $0 + $1.bytes } == Int64(4 * Self.mib))

        // 4 MiB within 4 MiB: nothing to do.
        #expect(CacheTrim.trim(dir, keeping: "b.mp3-02.flac", limit: Int64(4 * Self.mib)) == [])
        // Within 3 MiB: a (used first) goes.
        #expect(CacheTrim.trim(dir, keeping: "b.mp3-02.flac", limit: Int64(3 * Self.mib)) == ["a.mp3-01.flac"])
        // Within 1 MiB, keeping b (the newest): c goes, and b stays though it alone is 2 MiB.
        #expect(CacheTrim.trim(dir, keeping: "b.mp3-02.flac", limit: Int64(Self.mib)) == ["c.mp3-03.flac"])
        #expect(names(in: folder.cache) == ["b.mp3-02.flac", "d.mp3-04.flac.partial-1-ab", "notes.txt"])
        // Marking a copy used makes it the newest.
        try copy(dir + "/e.mp3-05.flac", bytes: Self.mib, usedAt: 40)
        CacheTrim.markUsed(dir + "/b.mp3-02.flac")
        #expect(CacheTrim.trim(dir, keeping: "x", limit: Int64(2 * Self.mib)) == ["e.mp3-05.flac"])
    }

    @Test("the limit is WOODSHED_DECODE_CACHE_MIB whole MiB, else 4 GiB; anything else is a one-line error")
    func limitFromEnvironment() throws {
        #expect(try DecodeCache.limit(environment: [:]) == 4 << 30)
        #expect(try DecodeCache.limit(environment: ["WOODSHED_DECODE_CACHE_MIB": ""]) == 4 << 30)
        #expect(try DecodeCache.limit(environment: ["WOODSHED_DECODE_CACHE_MIB": "512"]) == 512 << 20)
        #expect(try DecodeCache.limit(environment: ["WOODSHED_DECODE_CACHE_MIB": "0"]) == 0)
        for bad in ["1.5", "-1", "4G", "99999999999999999999"] {
            #expect(throws: DecodeCacheLimitError(text: bad)) { try DecodeCache.limit(environment: ["WOODSHED_DECODE_CACHE_MIB": bad]) }
        }
        #expect(DecodeCacheLimitError(text: "4G").description
            == "WOODSHED_DECODE_CACHE_MIB='4G' is not valid: give the decode cache's size limit as a whole number of MiB (e.g. 4096)")
    }
}

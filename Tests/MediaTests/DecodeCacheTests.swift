import Foundation
import Synchronization
import Media
import Testing

/// Records progress calls. Test thread.
private final class ProgressLog {
    var values: [Double] = []
    func record(_ value: Double) { values.append(value) }
}

/// The names in a folder, sorted. Test thread.
private func names(in url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

@Suite("The decode cache")
struct DecodeCacheTests {
    static let song = Fixture(format: .wav, rate: 48_000, channels: 2, seconds: 3, imaADPCM: true)

    @Test("the first open decodes once with progress from 0 to 1; the next open reuses the copy without decoding")
    func secondOpenReuses() throws {
        let folder = try TemporaryFolder()
        let path = try Self.song.write(in: folder, name: "song.wav")
        let first = ProgressLog()
        let opener = pthread_self()
        var otherThreads = 0
        let source = try AudioSource.open(path: path, cacheDirectory: folder.cache) { value in
            first.record(value)
            if pthread_equal(pthread_self(), opener) == 0 { otherThreads += 1 }
        }
        #expect(otherThreads == 0)
        #expect(source.usesDecodeCache)
        let copy = try #require(source.cacheFile)
        #expect(copy.deletingLastPathComponent().standardizedFileURL.path == folder.cache.standardizedFileURL.path)
        #expect(copy.lastPathComponent.hasPrefix("song.wav-") && copy.pathExtension == "flac")
        #expect(names(in: folder.cache) == [copy.lastPathComponent])
        #expect(first.values.first == 0)
        #expect(first.values.last == 1)
        #expect(first.values.count > 10)
        #expect(zip(first.values, first.values.dropFirst()).allSatisfy { $0 < $1 })
        let written = try #require(modification(copy.path))
        let frames = source.sequentialFrames(count: Self.song.frames)

        let second = ProgressLog()
        let again = try AudioSource.open(path: path, cacheDirectory: folder.cache, progress: second.record)
        #expect(second.values == [])
        #expect(again.cacheFile == copy)
        // The same file, not written again (a new copy would be a new inode), marked as used now.
        let reused = try #require(modification(copy.path))
        #expect(reused.inode == written.inode && reused.nanoseconds > written.nanoseconds)
        #expect(again.info == source.info)
        #expect(again.sequentialFrames(count: Self.song.frames) == frames)
    }

    @Test("a changed file is decoded again, and its old copy replaced")
    func changedFileDecodesAgain() throws {
        let folder = try TemporaryFolder()
        let path = try Self.song.write(in: folder, name: "song.wav")
        let before = try AudioSource.open(path: path, cacheDirectory: folder.cache)
        let oldFrames = before.sequentialFrames(count: Self.song.frames)
        let sourceBefore = try #require(modification(path))

        var changed = Self.song
        changed.seed = 2
        try changed.write(in: folder, name: "song.wav")
        #expect(modification(path)!.nanoseconds != sourceBefore.nanoseconds)
        let progress = ProgressLog()
        let after = try AudioSource.open(path: path, cacheDirectory: folder.cache, progress: progress.record)
        #expect(progress.values.first == 0 && progress.values.last == 1)
        #expect(after.cacheFile == before.cacheFile)
        #expect(names(in: folder.cache) == [after.cacheFile!.lastPathComponent])
        let newFrames = after.sequentialFrames(count: Self.song.frames)
        #expect(newFrames != oldFrames)
        // IMA ADPCM pads the last block: the decode runs on past the samples written.
        #expect(newFrames == Array(stereo(try decodeAll(path).samples, channels: 2).map(cacheQuantised).prefix(2 * Self.song.frames)))
    }

    @Test("a decode cut off by a killed process leaves nothing that breaks the next open")
    func interruptedDecode() throws {
        let folder = try TemporaryFolder()
        let path = try Self.song.write(in: folder, name: "song.wav")
        let copy = try #require(try AudioSource.open(path: path, cacheDirectory: folder.cache).cacheFile)
        let expected = try AudioSource.open(path: path, cacheDirectory: folder.cache).sequentialFrames(count: Self.song.frames)

        // A process that no longer exists left half a copy; one still alive (us) is writing one.
        let half = try Data(contentsOf: copy).prefix(20_000)
        try FileManager.default.removeItem(at: copy)
        let dead = copy.path + ".partial-999999999-5eed"
        let alive = copy.path + ".partial-\(getpid())-a11ve"
        try half.write(to: URL(fileURLWithPath: dead))
        try half.write(to: URL(fileURLWithPath: alive))
        let progress = ProgressLog()
        let source = try AudioSource.open(path: path, cacheDirectory: folder.cache, progress: progress.record)
        #expect(progress.values.last == 1)
        #expect(source.sequentialFrames(count: Self.song.frames) == expected)
        #expect(names(in: folder.cache) == [copy.lastPathComponent, copy.lastPathComponent + ".partial-\(getpid())-a11ve"])
    }

    @Test("a copy damaged on disk is decoded again")
    func damagedCopy() throws {
        let folder = try TemporaryFolder()
        let path = try Self.song.write(in: folder, name: "song.wav")
        let first = try AudioSource.open(path: path, cacheDirectory: folder.cache)
        let copy = try #require(first.cacheFile)
        let expected = first.sequentialFrames(count: Self.song.frames)
        try Data(contentsOf: copy).prefix(50_000).write(to: copy)
        let progress = ProgressLog()
        let source = try AudioSource.open(path: path, cacheDirectory: folder.cache, progress: progress.record)
        #expect(progress.values.last == 1)
        #expect(source.sequentialFrames(count: Self.song.frames) == expected)
        #expect(names(in: folder.cache) == [copy.lastPathComponent])
    }

    @Test("a cache folder that cannot be made is a one-line error naming the file and the folder")
    func unwritableFolder() throws {
        let folder = try TemporaryFolder()
        let path = try Self.song.write(in: folder, name: "song.wav")
        let blocker = folder.path("file")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let cache = URL(fileURLWithPath: blocker).appendingPathComponent("decoded")
        #expect(throws: AudioFileError.cacheNotWritable(path: path, directory: cache.path, reason: "Not a directory")) {
            try AudioSource.open(path: path, cacheDirectory: cache)
        }
        do {
            _ = try AudioSource.open(path: path, cacheDirectory: cache)
        } catch {
            #expect(error.description == "\(path): cannot write the decoded copy into \(cache.path) (Not a directory)")
        }
    }

    @Test("WAV and FLAC are read in place: nothing is decoded or written", arguments: [FixtureFormat.wav, .flac])
    func losslessNeedsNoCache(format: FixtureFormat) throws {
        let folder = try TemporaryFolder()
        let path = try Fixture(format: format, rate: 48_000, channels: 2, seconds: 1).write(in: folder)
        let progress = ProgressLog()
        let source = try AudioSource.open(path: path, cacheDirectory: folder.cache, progress: progress.record)
        #expect(!source.usesDecodeCache)
        #expect(source.cacheFile == nil)
        #expect(progress.values == [])
        #expect(!FileManager.default.fileExists(atPath: folder.cache.path))
    }

    @Test("the cache lives in XDG_CACHE_HOME, else in ~/.cache")
    func defaultDirectory() {
        #expect(DecodeCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]).path
                == "/var/cache/me/woodshed/decoded")
        #expect(DecodeCache.defaultDirectory(environment: ["HOME": "/home/me"]).path == "/home/me/.cache/woodshed/decoded")
        // The XDG rule: a relative or empty XDG_CACHE_HOME is ignored.
        #expect(DecodeCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/me"]).path
                == "/home/me/.cache/woodshed/decoded")
        #expect(DecodeCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/me"]).path
                == "/home/me/.cache/woodshed/decoded")
    }
}

@Suite("The decode cache, shared")
struct SharedDecodeCacheTests {
    @Test("two threads opening the same IMA ADPCM WAV at once both get a complete, identical copy")
    func twoThreadsAtOnce() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: .wav, rate: 48_000, channels: 2, seconds: 3, imaADPCM: true)
        let path = try fixture.write(in: folder, name: "song.wav")
        let cache = folder.cache, frames = fixture.frames
        let results = Mutex<[Int: [Float]]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let read = (try? AudioSource.open(path: path, cacheDirectory: cache))?.sequentialFrames(count: frames) ?? []
            results.withLock { $0[i] = read }
        }
        let both = results.withLock { $0 }
        #expect(both[0]?.count == 2 * frames)
        #expect(both[0] == both[1])
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).count == 1)
    }
}

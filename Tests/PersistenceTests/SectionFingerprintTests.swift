import Foundation
import Testing
@testable import Persistence

@Suite("An audio file's fingerprint: cheap, and the same wherever the file is")
struct SectionFingerprintTests {
    static let mib = 1 << 20

    /// Bytes that differ from place to place, so a moved region would change the hash.
    func bytes(_ count: Int, seed: UInt32 = 1) -> Data {
        var x = seed
        return Data((0..<count).map { _ in
            x = x &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: x >> 24)
        })
    }

    func write(_ data: Data, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test("the hash is 64-bit FNV-1a: the published values for \"\" and \"a\"")
    func fnv() {
        var h = FNV1a()
        #expect(h.value == 0xcbf2_9ce4_8422_2325)
        Data("a".utf8).withUnsafeBytes { h.add($0) }
        #expect(h.value == 0xaf63_dc4c_8601_ec8c)
        var foobar = FNV1a()
        Data("foobar".utf8).withUnsafeBytes { foobar.add($0) }
        #expect(foobar.value == 0x8594_4171_f739_67e8)
    }

    @Test("the text form is s<size>-f<frames>-r<rate>-<16 hex>, and reads back")
    func text() {
        let f = FileFingerprint(size: 1_920_044, frames: 480_000, rate: 48_000, hash: 0x5c0a_3e1f_9d72_b846)
        #expect(f.description == "s1920044-f480000-r48000-5c0a3e1f9d72b846")
        #expect(FileFingerprint(f.description) == f)
        let small = FileFingerprint(size: 4, frames: 1, rate: 8000, hash: 0xff)
        #expect(small.description == "s4-f1-r8000-00000000000000ff")
        #expect(FileFingerprint(small.description) == small)
        for bad in ["", "s4-f1-r8000-ff", "s4-f1-r8000-00000000000000FF", "s04-f1-r8000-00000000000000ff",
                    "s4-f1-r0-00000000000000ff", "x4-f1-r8000-00000000000000ff", "s4-f1-r8000-00000000000000ff-",
                    "s-4-f1-r8000-00000000000000ff", "s4-f1-r8000-0000000000000g0f"] {
            #expect(FileFingerprint(bad) == nil, "\(bad)")
        }
    }

    @Test("the same content under another name, in another folder, has the same fingerprint")
    func sameContent() throws {
        try withFolder { folder in
            let data = bytes(5 * Self.mib + 123)
            let a = try write(data, "song.wav", in: folder)
            let b = try write(data, "elsewhere/renamed copy.wav", in: folder)
            let fa = try FileFingerprint.of(path: a, frames: 1_000_000, rate: 44_100)
            let fb = try FileFingerprint.of(path: b, frames: 1_000_000, rate: 44_100)
            #expect(fa == fb)
            #expect(fa.size == Int64(5 * Self.mib + 123))
            // The frames and rate the caller measured are part of it.
            #expect(try FileFingerprint.of(path: b, frames: 1_000_001, rate: 44_100) != fa)
            #expect(try FileFingerprint.of(path: b, frames: 1_000_000, rate: 48_000) != fa)
        }
    }

    @Test("one changed byte in the start, middle or end region changes it; a byte outside them does not")
    func oneByte() throws {
        try withFolder { folder in
            let size = 5 * Self.mib + 7
            let original = bytes(size)
            let base = try FileFingerprint.of(path: write(original, "a.wav", in: folder), frames: 100, rate: 48_000)
            #expect(FileFingerprint.regions(size: Int64(size)) == [0..<1_048_576, 2_097_155..<3_145_731, 4_194_311..<5_242_887])
            for (offset, changes) in [(0, true), (Self.mib - 1, true), (size / 2, true), (size - 1, true),
                                      (Self.mib, false), (size - Self.mib - 1, false)] {
                var edited = original
                edited[offset] ^= 0x01
                let f = try FileFingerprint.of(path: write(edited, "b.wav", in: folder), frames: 100, rate: 48_000)
                #expect((f != base) == changes, "byte \(offset)")
            }
            // A file of 3 MiB or less is hashed whole: every byte counts.
            let small = bytes(3 * Self.mib)
            let fs = try FileFingerprint.measure(path: write(small, "s.wav", in: folder), frames: 1, rate: 8000)
            #expect(fs.bytesRead == Int64(3 * Self.mib))
            var edited = small
            edited[Self.mib + 17] ^= 0x80
            #expect(try FileFingerprint.of(path: write(edited, "t.wav", in: folder), frames: 1, rate: 8000) != fs.fingerprint)
        }
    }

    @Test("a 2 GB file is fingerprinted from 3 MiB of reads: the start, the middle and the end")
    func hugeFile() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent("huge.wav").path
            let size: Int64 = 2_000_000_000
            let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
            #expect(fd >= 0)
            #expect(ftruncate(fd, off_t(size)) == 0)  // sparse: no blocks written
            var marker: UInt8 = 0x5a
            #expect(pwrite(fd, &marker, 1, off_t(size / 2)) == 1)
            close(fd)

            let (fingerprint, bytesRead, _) = try FileFingerprint.measure(path: path, frames: 20_000_000, rate: 44_100)
            #expect(bytesRead == 3 * 1_048_576)
            #expect(fingerprint.size == size)
            #expect(fingerprint.description.hasPrefix("s2000000000-f20000000-r44100-"))

            // The marker sits in the middle region: without it the fingerprint differs.
            let fd2 = open(path, O_WRONLY)
            marker = 0
            #expect(pwrite(fd2, &marker, 1, off_t(size / 2)) == 1)
            close(fd2)
            #expect(try FileFingerprint.of(path: path, frames: 20_000_000, rate: 44_100) != fingerprint)
        }
    }

    @Test("a file that can't be read is named with the system's reason")
    func errors() throws {
        try withFolder { folder in
            let missing = folder.appendingPathComponent("gone.wav").path
            #expect(throws: FileFingerprintError(path: missing, reason: "No such file or directory")) {
                try FileFingerprint.of(path: missing, frames: 1, rate: 48_000)
            }
            #expect(FileFingerprintError(path: "gone.wav", reason: "No such file or directory").description
                == "can't read 'gone.wav': No such file or directory")
            #expect(throws: FileFingerprintError(path: folder.path, reason: "not a regular file")) {
                try FileFingerprint.of(path: folder.path, frames: 1, rate: 48_000)
            }
        }
    }
}

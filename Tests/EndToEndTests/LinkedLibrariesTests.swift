import Foundation
import Testing
import WoodshedTestSupport

/// What every woodshed command pays for at start-up: the libraries only one feature needs are
/// loaded with dlopen when it is used (docs/architecture.md, C libraries), not linked.
@Suite("Linked libraries: FFmpeg, libsystemd, liblo, libopusfile and libvorbisfile are loaded on first use, not by every command", .serialized)
struct LinkedLibrariesTests {
    @Test("the binary links neither libsystemd (nor its libgcrypt, libzstd, liblz4), FFmpeg's libraries, liblo, libopusfile nor libvorbisfile")
    func lazyLibrariesNotLinked() throws {
        let r = try E2E.run("ldd", [E2E.woodshed])
        #expect(r.status == 0, "\(r.stderr)")
        let linked = r.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        #expect(linked.contains("libjack.so.0"), "\(linked)")
        for lazy in ["libsystemd.so.0", "libgcrypt.so.20", "libzstd.so.1", "liblz4.so.1", "libavcodec", "libavformat", "libavutil",
                     "liblo.so.7", "libopusfile.so.0", "libvorbisfile.so.3"] {
            #expect(!linked.contains { $0.hasPrefix(lazy) }, "\(lazy) is linked: \(linked)")
        }
    }

    @Test("the binary carries the Swift runtime and Foundation in itself (make build's --static-swift-stdlib): no libswiftCore, libFoundation nor ICU to load at every start, nothing from the toolchain needed once installed")
    func swiftRuntimeLinkedIn() throws {
        let r = try E2E.run("ldd", [E2E.woodshed])
        #expect(r.status == 0, "\(r.stderr)")
        for shared in ["libswiftCore.so", "libFoundation.so", "libFoundationEssentials.so", "lib_FoundationICU.so", "libdispatch.so"] {
            #expect(!r.stdout.contains(shared), "\(shared) is linked: \(r.stdout)")
        }
        #expect(!r.stdout.contains("not found"), "\(r.stdout)")
    }

    @Test("a live click with no session bus to find maps no libsystemd (nor liblo, libopusfile, libvorbisfile); one shown on a bus (MPRIS) maps libsystemd", .timeLimit(.minutes(2)))
    func libsystemdOnlyForMPRIS() throws {
        // Read to its end: String(contentsOfFile:) reads a /proc file's first 4 kB only (its size is 0).
        func maps(_ p: Process) -> String {
            let file = FileHandle(forReadingAtPath: "/proc/\(p.processIdentifier)/maps")
            defer { try? file?.close() }
            return (try? file?.readToEnd()).flatMap { $0.map { String(decoding: $0, as: UTF8.self) } } ?? ""
        }
        let server = try PrivateJackServer()
        defer { server.stop() }
        let alone = try MPRISLiveTests.click(server, bus: nil, name: "wslibsnone", ["120"])
        defer { PrivateJackServer.terminate(alone) }
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let shown = try MPRISLiveTests.click(server, bus: bus, name: "wslibsbus", ["120"])
        defer { PrivateJackServer.terminate(shown) }
        #expect(try MPRISLiveTests.await(bus, "woodshed\n", "-l") == "woodshed\n")
        #expect(!maps(alone).isEmpty && !maps(alone).contains("libsystemd.so"), "\(maps(alone))")
        for lazy in ["liblo.so", "libopusfile.so", "libvorbisfile.so"] {
            #expect(!maps(alone).contains(lazy), "\(lazy) is mapped: \(maps(alone))")
        }
        #expect(maps(shown).contains("libsystemd.so.0"))
    }

    @Test("rendering an M4A (one AAC track) loads libavcodec and libavutil but not libavformat; an MP4 with two audio tracks loads libavformat too")
    func libavformatOnlyForOtherMP4() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("song.wav").path, one = dir.appendingPathComponent("one.m4a").path
        let two = dir.appendingPathComponent("two.m4a").path
        for (program, args) in [("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "2", "sine", "440"]),
                                ("ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "aac", "-f", "mp4", one]),
                                ("ffmpeg", ["-v", "error", "-y", "-i", one, "-map", "0:a", "-map", "0:a", "-c", "copy", "-f", "mp4", two])] {
            let r = try E2E.run(program, args)
            #expect(r.status == 0, "\(program): \(r.stderr)")
        }
        // ld.so names each library it loads ("file=libavcodec.so.59 [0];  dynamically loaded by ...")
        // in LD_DEBUG_OUTPUT.PID (a file: on stderr it would fill the pipe E2E.run reads last).
        func loaded(_ path: String) throws -> [String] {
            let log = dir.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent + ".ld")
            let r = try E2E.run(E2E.woodshed, ["render", dir.appendingPathComponent("out.wav").path, "--play", path],
                                environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log.path,
                                              "XDG_DATA_HOME": dir.appendingPathComponent("data").path,
                                              "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
            #expect(r.status == 0, "\(r.stderr)")
            let written = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(log.lastPathComponent + ".") }
            #expect(written.count == 1, "\(written)")
            let text = try written.map { try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }.joined()
            let names = text.split(separator: "\n").compactMap { line -> String? in
                guard let at = line.range(of: "file=libav") else { return nil }
                return String(line[at.lowerBound...].dropFirst(5).prefix { !$0.isWhitespace })
            }
            return Array(Set(names)).sorted()
        }
        #expect(try loaded(one) == ["libavcodec.so.59", "libavutil.so.57"])
        #expect(try loaded(two) == ["libavcodec.so.59", "libavformat.so.59", "libavutil.so.57"])
    }
}

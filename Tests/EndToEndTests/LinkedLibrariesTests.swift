import Foundation
import Testing
import WoodshedTestSupport

/// What every woodshed command pays for at start-up: the libraries only one feature needs are
/// loaded with dlopen when it is used (docs/architecture.md, C libraries), not linked.
@Suite("Linked libraries: FFmpeg and libsystemd are loaded on first use, not by every command", .serialized)
struct LinkedLibrariesTests {
    @Test("the binary links neither libsystemd (nor its libgcrypt, libzstd, liblz4) nor FFmpeg's libraries")
    func lazyLibrariesNotLinked() throws {
        let r = try E2E.run("ldd", [E2E.woodshed])
        #expect(r.status == 0, "\(r.stderr)")
        let linked = r.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        #expect(linked.contains("libjack.so.0"), "\(linked)")
        for lazy in ["libsystemd.so.0", "libgcrypt.so.20", "libzstd.so.1", "liblz4.so.1", "libavcodec", "libavformat", "libavutil"] {
            #expect(!linked.contains { $0.hasPrefix(lazy) }, "\(lazy) is linked: \(linked)")
        }
    }

    @Test("a live click with no session bus to find maps no libsystemd; one shown on a bus (MPRIS) does", .timeLimit(.minutes(2)))
    func libsystemdOnlyForMPRIS() throws {
        func maps(_ p: Process) -> String { (try? String(contentsOfFile: "/proc/\(p.processIdentifier)/maps", encoding: .utf8)) ?? "" }
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
        #expect(maps(shown).contains("libsystemd.so.0"))
    }
}

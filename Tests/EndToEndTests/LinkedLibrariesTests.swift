import Testing

/// What every woodshed command pays for at start-up: the libraries only one feature needs are
/// loaded with dlopen when it is used (docs/architecture.md, C libraries), not linked.
@Suite("Linked libraries: FFmpeg and libsystemd are loaded on first use, not by every command")
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
}

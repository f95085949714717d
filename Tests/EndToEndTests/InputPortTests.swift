import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed:in` on `click`: `--input PORT` connects it, without it the port is there and not
/// connected; a port that does not exist is one event line, and the click goes on.
@Suite("woodshed:in: the input port on click, connected by --input", .serialized)
struct InputPortTests {
    /// `jack_lsp -c` for `port`: the ports connected to it.
    static func connections(_ server: PrivateJackServer, _ port: String) throws -> [String] {
        let r = try server.run("jack_lsp", ["-s", server.name, "-c", port], timeout: 10)
        return r.stdout.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("click --input system:capture_1: woodshed:in is connected to it; without --input it is not; a missing port is said")
    func clickInput() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let a = try Live.start(server, name: "wsin", ["120", "--no-connect", "--input", "system:capture_1"])
        defer { PrivateJackServer.terminate(a) }
        let connected = PrivateJackServer.wait(timeout: 5) { (try? Self.connections(server, "wsin:in")) == ["system:capture_1"] }
        let now = try Self.connections(server, "wsin:in")
        #expect(connected, "\(now)")
        let b = try Live.start(server, name: "wsin2", ["120", "--no-connect"])
        defer { PrivateJackServer.terminate(b) }
        #expect(server.ports().contains("wsin2:in"))
        #expect(try Self.connections(server, "wsin2:in") == [])
        let c = try Live.start(server, name: "wsin3", ["120", "--no-connect", "--input", "nosuch:port"])
        let said = PrivateJackServer.wait(timeout: 15) { server.output(of: c).stdout.contains("could not connect nosuch:port to in") }
        #expect(said, "\(server.output(of: c))")
        #expect(PrivateJackServer.terminate(c) == 0)
        #expect(server.output(of: c).stdout.split(separator: "\n").contains("woodshed click: could not connect nosuch:port to in"),
                "\(server.output(of: c))")
    }
}

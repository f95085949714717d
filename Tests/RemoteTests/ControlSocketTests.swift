import Foundation
import Glibc
import Remote
import Testing

/// A private instance folder under /tmp for one test.
func privateFolder() throws -> InstanceFolder {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-ctl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return InstanceFolder(environment: ["XDG_RUNTIME_DIR": dir.path])
}

/// Answers one `woodshed ctl` request on `socket` from a thread of its own (as the control loop would).
func serveOne(_ socket: ControlSocket, target: FakeTarget) -> Thread {
    nonisolated(unsafe) let s = socket, t = target
    let thread = Thread {
        var p = pollfd(fd: s.descriptor, events: Int16(POLLIN), revents: 0)
        // Connections that close without a request (another ctl that gave up) are skipped.
        while poll(&p, 1, 2000) == 1 {
            guard let c = s.accept() else { continue }
            var q = pollfd(fd: c.descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&q, 1, 2000) == 1 {
                guard let packets = c.read() else { break }
                if let packet = packets.first { c.send(ControlRequests.replies(to: packet, target: t, now: 0)); return }
            }
        }
    }
    thread.start()
    return thread
}

@Suite("woodshed ctl finds the instance through its Unix socket, and only the same user may use it")
struct ControlSocketTests {
    @Test("a round trip: the action is performed and the new state comes back")
    func roundTrip() throws {
        let folder = try privateFolder()
        let socket = try ControlSocket(folder: folder, pid: getpid())
        var st = stat()
        #expect(stat(socket.path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(stat(folder.path, &st) == 0 && st.st_mode & 0o777 == 0o700)
        let target = FakeTarget()
        _ = serveOne(socket, target: target)
        let reply = try ControlClient(folder: folder).request(OSCMessage("/woodshed/tempo-set", [.double(132)]))
        #expect(target.commands.map(\.action) == [.setTempo(milliBPM: 132_000)])
        #expect(reply == target.state.message)
        #expect(StateText.json(reply) == #"{"tempo": 132, "meter": "4/4", "running": false, "bar": 0, "beat": 0, "line": "120 BPM · 4/4 · stopped"}"#)
        #expect(StateText.line(reply) == "120 BPM · 4/4 · stopped")
        socket.close()
        #expect(access(socket.path, F_OK) != 0)
    }

    @Test("a refused action comes back as the one-line error")
    func refusedAction() throws {
        let folder = try privateFolder()
        let socket = try ControlSocket(folder: folder, pid: getpid())
        _ = serveOne(socket, target: FakeTarget())
        #expect(throws: ControlClientError.refused("/woodshed/tempo-set 0: the tempo must be 1–1000 BPM")) {
            try ControlClient(folder: folder).request(OSCMessage("/woodshed/tempo-set", [.double(0)]))
        }
    }

    @Test("no instance: one clear line")
    func noInstance() throws {
        let folder = try privateFolder()
        #expect(throws: ControlClientError.noInstance(folder.path)) { try ControlClient(folder: folder).request(OSCMessage("/woodshed/state")) }
        #expect(ControlClientError.noInstance("/run/user/1000/woodshed").description
                == "no running woodshed instance (no socket answers in /run/user/1000/woodshed)")
    }

    @Test("a stale socket of a killed instance is removed")
    func stale() throws {
        let folder = try privateFolder()
        try folder.prepare()
        // a socket bound and never listened on, by a PID that does not run: what a killed instance leaves
        let deadPID: Int32 = 4_194_000
        #expect(kill(deadPID, 0) != 0)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var a = sockaddr_un()
        a.sun_family = sa_family_t(AF_UNIX)
        let path = folder.socketPath(pid: deadPID)
        withUnsafeMutableBytes(of: &a.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0)
        close(fd)
        #expect(folder.socketPIDs() == [deadPID])
        #expect(throws: ControlClientError.noInstance(folder.path)) { try ControlClient(folder: folder).request(OSCMessage("/woodshed/state")) }
        #expect(folder.socketPIDs() == [])
    }

    @Test("two instances: ctl asks which, and --instance PID chooses")
    func twoInstances() throws {
        let folder = try privateFolder()
        let a = try ControlSocket(folder: folder, pid: 100), b = try ControlSocket(folder: folder, pid: 200)
        #expect(throws: ControlClientError.several([100, 200])) { try ControlClient(folder: folder).request(OSCMessage("/woodshed/state")) }
        #expect(ControlClientError.several([100, 200]).description == "2 woodshed instances run (PIDs 100, 200): choose one with --instance PID")
        let target = FakeTarget()
        target.state.milliBPM = 90_000
        _ = serveOne(b, target: target)
        let reply = try ControlClient(folder: folder).request(OSCMessage("/woodshed/state"), instance: 200)
        #expect(reply.arguments[1] == .float(90))
        withExtendedLifetime(a) {}
    }

    @Test("another user is refused: the folder is 0700, and a connection from another uid is closed (SO_PEERCRED)")
    func otherUser() throws {
        guard getuid() == 0 else { return }  // needs root to run a client as nobody
        let folder = try privateFolder()
        let socket = try ControlSocket(folder: folder, pid: 300)
        // Open the way on purpose, to see the peer check itself refuse.
        chmod(folder.path, 0o755); chmod(URL(fileURLWithPath: folder.path).deletingLastPathComponent().path, 0o755); chmod(socket.path, 0o666)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c",
                       "import socket; s = socket.socket(socket.AF_UNIX); s.connect('\(socket.path)'); s.send(b'x'); s.close()"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        var q = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&q, 1, 1000)
        #expect(socket.accept() == nil)
        #expect(socket.refused == 1)
        // and with the folder as woodshed makes it, another user cannot even reach the socket
        chmod(folder.path, 0o700)
        #expect(throws: ControlSocketError.unsafeFolder("\(folder.path) may be entered by other users (mode 755; it must be 700)")) {
            chmod(folder.path, 0o755)
            try folder.prepare()
        }
    }
}

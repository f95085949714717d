import Foundation
import Remote

/// The remote controls of a live session: the OSC socket (`--osc PORT`, bound to 127.0.0.1
/// unless `--osc-bind ADDR`) and `woodshed ctl`'s Unix socket, opened before JACK so a port
/// in use is said first, then handed to the engine. Main thread (the control thread).
public final class RemoteSurfaces {
    public let osc: OSCServer?
    public let controlSocket: ControlSocket?
    /// Why `woodshed ctl` cannot reach this instance (its socket could not be made), if so.
    public let controlProblem: String?

    /// Opens OSC when asked (a socket that cannot be bound throws `RemoteSetupError`) and the
    /// ctl socket (a problem there is only a warning).
    public init(oscPort: UInt16?, oscBind: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(RemoteSetupError) {
        if let oscPort {
            do throws(OSCSocketError) {
                osc = try OSCServer(host: oscBind ?? "127.0.0.1", port: oscPort) { writeStderr($0 + "\n") }
            } catch {
                throw RemoteSetupError(description: error.description)
            }
        } else {
            guard oscBind == nil else { throw RemoteSetupError(description: "--osc-bind needs --osc PORT") }
            osc = nil
        }
        do throws(ControlSocketError) {
            controlSocket = try ControlSocket(folder: InstanceFolder(environment: environment))
            controlProblem = nil
        } catch {
            controlSocket = nil
            controlProblem = "woodshed ctl cannot reach this instance: \(error)"
        }
    }

    /// No OSC, and no ctl socket: for tests and offline runs.
    public init() {
        osc = nil
        controlSocket = nil
        controlProblem = nil
    }

    /// Gives the sockets to `engine` as surfaces (its loop reads them while it runs); warns
    /// when ctl cannot reach it, or when OSC listens beyond this computer.
    public func attach(to engine: LiveEngine) {
        if let osc { engine.surfaces.append(OSCSurface(osc)) }
        if let controlSocket { engine.surfaces.append(ControlSocketSurface(controlSocket)) }
        if let controlProblem { writeStderr("Warning: \(controlProblem)\n") }
        if let warning = osc.flatMap({ OSCSurface.warning(listening: $0.socket.local) }) { writeStderr(warning + "\n") }
    }

    /// Every mode's full screen (click, player, shadowing, noise, playlist) with `warning` on
    /// its last row, the mode's own lines above it; the screen as it is without a warning.
    public static func screen(_ screen: @escaping (Int) -> [String], warning: String?) -> (Int) -> [String] {
        guard let warning else { return screen }
        return { rows in rows < 2 ? screen(rows) : Array(screen(rows - 1).prefix(rows - 1)) + [warning] }
    }
}

/// A remote control that cannot be opened, in one line. Any thread.
public struct RemoteSetupError: Error, CustomStringConvertible {
    public let description: String
}

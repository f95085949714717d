import App
import Control
import JackBackend
import RenderGraph
import WoodshedCore

/// `woodshed noise` live: the noise generated on the render thread on music_L and music_R (or
/// ALSA's two channels), its display and keys, until the time is up or the user quits. Main thread.
public struct NoiseLaunch {
    public var color: String
    public var level: Double?
    public var duration: String?
    public var fade: String?
    /// Ports for music_L and music_R, each possibly comma-separated; empty for the default.
    public var connect: [String]
    public var noConnect: Bool
    public var jackName: String
    public var server: String?
    public var scope: Bool
    /// `--osc PORT` and `--osc-bind ADDR` (nil: no OSC).
    public var oscPort: UInt16?
    public var oscBind: String?
    /// `--backend` and `--alsa-device`.
    public var backend = OutputBackendChoice.auto
    public var alsaDevice = "default"
    /// `--notch`: the band-stop over the noise, if any.
    public var notch: Notch?

    public init(color: String, level: Double?, duration: String?, fade: String?, connect: [String], noConnect: Bool,
                jackName: String, server: String?, scope: Bool) {
        self.color = color
        self.level = level
        self.duration = duration
        self.fade = fade
        self.connect = connect
        self.noConnect = noConnect
        self.jackName = jackName
        self.server = server
        self.scope = scope
    }

    /// Starts the output (JACK, or ALSA: see `backend`) and runs the live loop until the end.
    public func run() throws {
        let remote = try RemoteSurfaces(oscPort: oscPort, oscBind: oscBind)
        let choice = try NoiseChoice(name: color, level: level, duration: duration, fade: fade)
        let noiseColor = choice.color, level = choice.level
        let timer = NoiseTimer(seconds: choice.seconds, fadeSeconds: choice.fadeSeconds)
        let options = JackBackend.Options.musicOnly(clientName: jackName, server: server, noConnect: noConnect, connect: connect)
        var parts = OutputParts()
        parts.scope = true
        parts.notch = notch
        nonisolated(unsafe) let t = timer
        parts.makeNoise = { rate in try t.generator(color: noiseColor, rate: rate, level: level) }
        let session = LiveSession(settings: ClickSettings())
        let outputStart = LiveOutputStart(backend: backend, alsaDevice: alsaDevice,
                                          jackOnly: connect.isEmpty ? [] : ["--connect"])
        let output = try outputStart.start(jack: options, session: session, parts: parts)
        installQuitSignals()
        let engine = LiveEngine(output: output, session: session, stopAfter: nil)
        remote.attach(to: engine)
        let controller = NoiseController(engine: engine, timer: timer, title: "\(noiseColor) noise".capitalized, level: level)
        controller.showsScope = scope
        if notch != nil { controller.notchSwitch = parts.notchSwitch }
        engine.run(controller)
    }
}

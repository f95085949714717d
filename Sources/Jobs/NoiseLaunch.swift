import Alarms
import App
import Control
import JackBackend
import Persistence
import RenderGraph
import WoodshedCore

/// `woodshed noise` live: the noise (or catalog sound) generated on the render thread on music_L and music_R (or
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
    /// The MPRIS object on the session bus (`--no-mpris`: false).
    public var mpris = true
    /// `--osc PORT` and `--osc-bind ADDR` (nil: no OSC).
    public var oscPort: UInt16?
    public var oscBind: String?
    /// `--backend` and `--alsa-device`.
    public var backend = OutputBackendChoice.auto
    public var alsaDevice = "default"
    /// `--notch`: the band-stop over the noise, if any.
    public var notch: Notch?
    /// `--scope spectrum`: the spectrum under the scope's trace.
    public var scopeSpectrum = false
    /// `--until HH:MM`: play until that time (fading out over the last minute) while the alarms ring.
    public var until: String?

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
        let keeper = until == nil ? nil : AlarmKeeper()
        var duration = self.duration, fade = self.fade
        if let until, let keeper {
            guard let time = AlarmTime(until) else { throw OptionProblem("--until takes a time of day such as 07:00, not '\(until)'") }
            let now = keeper.wall.secondsSince1970
            let end = keeper.ringer.schedule.next(Alarm(id: 0, time: time, days: .daily), after: now) ?? Int64(now)
            duration = String(format: "%.3fs", max(Double(end) - now, 1))
            fade = fade ?? "\(Int(ClockLaunch.fadeSeconds))s"
        }
        let choice = try NoiseChoice(name: color, level: level, duration: duration, fade: fade)
        let level = choice.level
        let timer = NoiseTimer(seconds: choice.seconds, fadeSeconds: choice.fadeSeconds)
        let options = JackBackend.Options.musicOnly(clientName: jackName, server: server, noConnect: noConnect, connect: connect)
        var parts = OutputParts()
        parts.scope = true
        parts.spectrum = scopeSpectrum
        parts.notch = notch
        nonisolated(unsafe) let t = timer
        // The closure keeps the sound (a looped file's samples) for as long as the output runs.
        nonisolated(unsafe) let sound = choice.sound
        parts.makeNoise = { rate in try t.generator(recipe: try sound.recipe(rate: rate), rate: rate, level: level) }
        if let keeper {
            nonisolated(unsafe) let k = keeper
            parts.makeBell = { rate in k.makeBell(rate: rate) }
        }
        let session = LiveSession(settings: ClickSettings())
        let outputStart = LiveOutputStart(backend: backend, alsaDevice: alsaDevice,
                                          jackOnly: connect.isEmpty ? [] : ["--connect"])
        let output = try outputStart.start(jack: options, session: session, parts: parts)
        installQuitSignals()
        let engine = LiveEngine(output: output, session: session, stopAfter: nil)
        engine.mpris = mpris
        remote.attach(to: engine)
        let controller = NoiseController(engine: engine, timer: timer, title: choice.sound.title, level: level)
        controller.showsScope = scope || scopeSpectrum
        controller.showsSpectrum = scopeSpectrum
        controller.practiceLog = PracticeLog()
        controller.alarms = keeper
        if !engine.fullScreen { keeper?.sayNotes { writeStderr($0 + "\n") } }
        keeper?.keepAwake()
        if notch != nil { controller.notchSwitch = parts.notchSwitch }
        engine.run(controller)
    }
}

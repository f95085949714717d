import Alarms
import App
import Engine
import JackBackend
import MPRIS
import Persistence
import RenderGraph
import WoodshedCore

/// `woodshed noise` live: the noise (or catalog sound) generated on the render thread on music_L and music_R (or
/// ALSA's two channels), its display and keys, until the time is up or the user quits. Main thread.
public struct NoiseLaunch {
    public var color: String
    public var level: Double?
    public var fade: String?
    public var scope: Bool
    /// The output options every live command shares (`connect`: music_L's and music_R's).
    public var output: LiveOutputRequest
    /// `--notch`: the band-stop over the noise, if any.
    public var notch: Notch?
    /// `--scope spectrum`: the spectrum under the scope's trace.
    public var scopeSpectrum = false
    /// `--until HH:MM`: play until that time (fading out over the last minute) while the alarms ring.
    public var until: String?

    public init(color: String, level: Double?, fade: String?, scope: Bool, output: LiveOutputRequest, notch: Notch? = nil,
                scopeSpectrum: Bool = false, until: String? = nil) {
        self.color = color
        self.level = level
        self.fade = fade
        self.scope = scope
        self.output = output
        self.notch = notch
        self.scopeSpectrum = scopeSpectrum
        self.until = until
    }

    /// The options checked before a preset is read or anything opens, in this order: `--level`
    /// and `--fade`, the output options, then `--until` (a time of day, never with `--for`).
    public func check() throws(OptionProblem) {
        try NoiseChoice.check(level: level, fade: fade)
        try output.check()
        try NoiseChoice.check(until: until, duration: output.duration)
    }

    /// Starts the output (JACK, or ALSA: see `backend`) and runs the live loop until the end.
    public func run() throws {
        let remote = try RemoteSurfaces(oscPort: output.oscPort, oscBind: output.oscBind)
        let keeper = until == nil ? nil : AlarmKeeper()
        var duration = output.duration, fade = self.fade
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
        let options = JackBackend.Options.musicOnly(clientName: output.jackName, server: output.server, noConnect: output.noConnect,
                                                    connect: output.connect)
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
        let outputStart = LiveOutputStart(backend: output.backendChoice, alsaDevice: output.alsaDevice,
                                          jackOnly: output.connect.isEmpty ? [] : ["--connect"])
        try outputStart.launch(jack: options, session: nil, parts: parts, surfaces: output.mpris ? [MPRISSurface(warn: writeStderr)] : [],
                               remote: remote) { engine in
            let controller = NoiseController(engine: engine, timer: timer, title: choice.sound.title, level: level)
            controller.showsScope = scope || scopeSpectrum
            controller.showsSpectrum = scopeSpectrum
            controller.practiceLog = PracticeLog()
            controller.alarms = keeper
            if !engine.fullScreen { keeper?.sayNotes { writeStderr($0 + "\n") } }
            keeper?.keepAwake()
            if notch != nil { controller.notchSwitch = parts.notchSwitch }
            return controller
        }
    }
}

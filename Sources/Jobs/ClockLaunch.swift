import Alarms
import App
import Engine
import Foundation
import Glibc
import JackBackend
import Persistence
import RenderGraph
import TerminalUI

/// `woodshed clock` live: the clock screen (or plain lines with `--background`), the alarms of
/// `alarms.json` ringing on music_L and music_R, and a sound until the next alarm. Main thread.
public struct ClockLaunch {
    /// `--sound NAME`: played until quit, or with `untilAlarm` until the next alarm (fading
    /// out over its last minute).
    public var sound: String?
    public var untilAlarm = false
    /// `--24h`; nil: as the locale says.
    public var twentyFourHours = false
    /// `--background`: no screen and no keys (the systemd user unit).
    public var background = false
    /// The output options every live command shares (`connect`: music_L's and music_R's;
    /// `--for` is the command's to refuse; MPRIS is not used).
    public var output: LiveOutputRequest

    /// The fade-out of `--until-alarm`: the last minute before the alarm.
    public static let fadeSeconds = 60.0

    public init(output: LiveOutputRequest = LiveOutputRequest(), sound: String? = nil, untilAlarm: Bool = false,
                twentyFourHours: Bool = false, background: Bool = false) {
        self.output = output
        self.sound = sound
        self.untilAlarm = untilAlarm
        self.twentyFourHours = twentyFourHours
        self.background = background
    }

    /// The output options, then `--for` (the clock runs until it is quit), then `--until-alarm`
    /// without `--sound`; each a one-line problem.
    public func check() throws(OptionProblem) {
        try output.check()
        if output.duration != nil { throw OptionProblem("the clock runs until you quit it; --for is for noise and the player") }
        if untilAlarm && sound == nil { throw OptionProblem("--until-alarm needs --sound NAME (the sound to play until the alarm)") }
    }

    public func run() throws {
        try check()
        let remote = try RemoteSurfaces(oscPort: output.oscPort, oscBind: output.oscBind)
        let keeper = AlarmKeeper()
        // The sound until the alarm: a colour, a noise preset or a catalog sound, as `noise` takes it.
        var noise: NoiseSound?
        if let sound {
            do { noise = try NoiseSound(name: sound) } catch { throw ValidationErrorMessage("--sound: \(error)") }
        }
        var seconds: Double?
        if untilAlarm {
            guard let next = keeper.ringer.nextRing else {
                throw ValidationErrorMessage("--until-alarm: no alarm is set (add one with: woodshed alarm add 07:00)")
            }
            seconds = max(next.at - keeper.wall.secondsSince1970, 1)
        }
        let timer = noise.map { _ in NoiseTimer(seconds: seconds, fadeSeconds: seconds.map { min(ClockLaunch.fadeSeconds, $0 / 2) } ?? 0) }
        let options = JackBackend.Options.musicOnly(clientName: output.jackName, server: output.server, noConnect: output.noConnect,
                                                    connect: output.connect)
        var parts = OutputParts()
        nonisolated(unsafe) let k = keeper
        parts.makeBell = { rate in k.makeBell(rate: rate) }
        if let noise, let timer {
            nonisolated(unsafe) let t = timer
            // The closure keeps the sound (a looped file's samples) for as long as the output runs.
            nonisolated(unsafe) let sound = noise
            parts.makeNoise = { rate in try t.generator(recipe: try sound.recipe(rate: rate), rate: rate, level: sound.level) }
        }
        let keys = background ? KeyInput(fileDescriptor: open("/dev/null", O_RDONLY | O_CLOEXEC)) : KeyInput()
        try LiveOutputStart(backend: output.backendChoice, alsaDevice: output.alsaDevice, jackOnly: output.connect.isEmpty ? [] : ["--connect"])
            .launch(jack: options, session: nil, parts: parts, keys: keys, fullScreen: !background && Terminal.stdoutIsTerminal) { engine in
                if !engine.fullScreen { keeper.sayNotes { writeStderr($0 + "\n") } }
                keeper.keepAwake()
                remote.attach(to: engine)  // after the alarms' notes, as they were said before
                return ClockController(engine: engine, alarms: keeper, twelveHours: !twentyFourHours && ClockFace.localeUses12Hours(),
                                       noise: timer, soundTitle: noise?.title ?? "")
            }
    }
}

import Alarms
import App
import Control
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
    public var connect: [String] = []
    public var noConnect = false
    public var jackName = "woodshed"
    public var server: String?
    public var backend = OutputBackendChoice.auto
    public var alsaDevice = "default"

    /// The fade-out of `--until-alarm`: the last minute before the alarm.
    public static let fadeSeconds = 60.0

    public init() {}

    public func run() throws {
        let remote = try RemoteSurfaces(oscPort: nil, oscBind: nil)
        let keeper = AlarmKeeper()
        var noise: (color: NoiseColor, level: Double)?
        if let sound {
            let resolved: AlarmSound
            do { resolved = try AlarmSound.resolve(sound) } catch { throw ValidationErrorMessage("--sound: \(error)") }
            guard case .noise(let color, let level) = resolved.source else {
                throw ValidationErrorMessage("--sound \(sound) is an alarm sound; the clock plays white, pink, brown or a noise preset until the alarm")
            }
            noise = (color, level)
        }
        if untilAlarm && noise == nil { throw ValidationErrorMessage("--until-alarm needs --sound NAME (the sound to play until the alarm)") }
        var seconds: Double?
        if untilAlarm {
            guard let next = keeper.ringer.nextRing else {
                throw ValidationErrorMessage("--until-alarm: no alarm is set (add one with: woodshed alarm add 07:00)")
            }
            seconds = max(next.at - keeper.wall.secondsSince1970, 1)
        }
        let timer = noise.map { _ in NoiseTimer(seconds: seconds, fadeSeconds: seconds.map { min(ClockLaunch.fadeSeconds, $0 / 2) } ?? 0) }
        var options = JackBackend.Options()
        options.clientName = jackName
        options.server = server
        options.noConnect = noConnect
        options.musicConnect = JackPortList.ports(connect)
        options.connect = []
        var parts = OutputParts()
        nonisolated(unsafe) let k = keeper
        parts.makeBell = { rate in k.makeBell(rate: rate) }
        if let noise, let timer {
            nonisolated(unsafe) let t = timer
            parts.makeNoise = { rate in try t.generator(color: noise.color, rate: rate, level: noise.level) }
        }
        let session = LiveSession(settings: ClickSettings())
        let output = try LiveOutputStart(backend: backend, alsaDevice: alsaDevice, jackOnly: connect.isEmpty ? [] : ["--connect"])
            .start(jack: options, session: session, parts: parts)
        installQuitSignals()
        let keys = background ? KeyInput(fileDescriptor: open("/dev/null", O_RDONLY | O_CLOEXEC)) : KeyInput()
        let engine = LiveEngine(output: output, session: session, stopAfter: nil,
                                fullScreen: !background && Terminal.stdoutIsTerminal, keys: keys)
        if !engine.fullScreen { keeper.sayNotes { writeStderr($0 + "\n") } }
        keeper.keepAwake()
        remote.attach(to: engine)
        let title = sound.map { ($0 == "white" || $0 == "pink" || $0 == "brown") ? "\($0) noise".capitalized : $0 } ?? ""
        let controller = ClockController(engine: engine, alarms: keeper,
                                         twelveHours: !twentyFourHours && ClockFace.localeUses12Hours(),
                                         noise: timer, soundTitle: title)
        engine.run(controller)
    }
}

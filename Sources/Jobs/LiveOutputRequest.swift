import RenderGraph
import WoodshedCore

/// Where a live command's sound goes and how it is reached, as the user asked (the output
/// options `click`, `noise`, `play`, `shadow` and `playlist play` share): the JACK ports to
/// connect, the client and server names, the backend, `--for`, MPRIS and OSC. Values are the
/// user's text. Any thread (a value).
public struct LiveOutputRequest: Sendable, Equatable {
    /// `--connect`: ports, each possibly comma-separated; empty for the default.
    public var connect: [String]
    public var noConnect: Bool
    public var jackName: String
    public var server: String?
    /// `--backend`: auto, jack or alsa.
    public var backend: String
    public var alsaDevice: String
    /// `--for`: a duration (`DurationText`).
    public var duration: String?
    /// The MPRIS object on the session bus (`--no-mpris`: false).
    public var mpris: Bool
    /// `--mpris-step`: the BPM the media keys' Next/Previous add or take (click only).
    public var mprisStep: Double
    /// `--osc PORT` and `--osc-bind ADDR` (nil: no OSC).
    public var oscPort: UInt16?
    public var oscBind: String?

    public init(connect: [String] = [], noConnect: Bool = false, jackName: String = "woodshed", server: String? = nil,
                backend: String = "auto", alsaDevice: String = "default", duration: String? = nil, mpris: Bool = true, mprisStep: Double = 1,
                oscPort: UInt16? = nil, oscBind: String? = nil) {
        self.connect = connect
        self.noConnect = noConnect
        self.jackName = jackName
        self.server = server
        self.backend = backend
        self.alsaDevice = alsaDevice
        self.duration = duration
        self.mpris = mpris
        self.mprisStep = mprisStep
        self.oscPort = oscPort
        self.oscBind = oscBind
    }

    /// `--mpris-step` in thousandths of a BPM.
    public var mprisStepMilliBPM: Int64 { Int64((mprisStep * 1000).rounded()) }

    /// The `--backend` choice (auto for a value `check` refuses).
    public var backendChoice: OutputBackendChoice { OutputBackendChoice(rawValue: backend) ?? .auto }

    /// Every value checked before anything opens; the first wrong one is a one-line problem
    /// naming the option. `musicConnect`: the live player's `--music-connect` (nil where the
    /// command has no such option).
    public func check(musicConnect: [String]? = nil) throws(OptionProblem) {
        if let musicConnect {
            if noConnect && !(connect.isEmpty && musicConnect.isEmpty) {
                throw OptionProblem("give --connect/--music-connect or --no-connect, not both")
            }
        } else if noConnect && !connect.isEmpty {
            throw OptionProblem("give --connect or --no-connect, not both")
        }
        if let duration, DurationText.seconds(duration) == nil { throw OptionProblem(DurationText.invalid("--for", duration)) }
        if jackName.isEmpty || jackName.utf8.count > 63 { throw OptionProblem("--jack-name must be 1 to 63 bytes") }
        guard OutputBackendChoice(rawValue: backend) != nil else { throw OptionProblem(OutputBackendChoice.invalid(backend)) }
        if alsaDevice.isEmpty { throw OptionProblem("--alsa-device must name an ALSA PCM, e.g. default or hw:1") }
        if !(mprisStep.isFinite && mprisStep >= 0.001 && mprisStep <= 100) {
            throw OptionProblem("--mpris-step must be 0.001–100 BPM, not \(mprisStep)")
        }
        if oscPort == 0 { throw OptionProblem("--osc must be a UDP port 1–65535, not 0") }
        if oscBind != nil && oscPort == nil { throw OptionProblem("--osc-bind needs --osc PORT") }
    }
}

extension LivePlayOutput {
    /// The live player's output with its shared options (`output.connect`: the click port's).
    public init(sound: String, volume: Float, musicConnect: [String], pause: Bool, keepOpen: Bool, scope: Bool,
                scopeSpectrum: Bool = false, notch: Notch? = nil, output: LiveOutputRequest) {
        self.init(sound: sound, volume: volume, connect: output.connect, musicConnect: musicConnect, noConnect: output.noConnect,
                  jackName: output.jackName, server: output.server, duration: output.duration, pause: pause, keepOpen: keepOpen,
                  scope: scope, mpris: output.mpris, oscPort: output.oscPort, oscBind: output.oscBind)
        backend = output.backendChoice
        alsaDevice = output.alsaDevice
        self.scopeSpectrum = scopeSpectrum
        self.notch = notch
    }
}

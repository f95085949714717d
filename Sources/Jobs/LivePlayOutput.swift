import App
import JackBackend
import RenderGraph
import Sounds

/// Where a live player's sound goes and how long it runs (the output options of `play`,
/// `shadow` and `playlist play`): JACK ports, client and server names, the click's sound and
/// volume, start paused, `--for`, stay open at the end, the scope, MPRIS and OSC. Main thread.
public struct LivePlayOutput: Sendable {
    public var sound: String
    public var volume: Float
    /// Ports for the click port, each possibly comma-separated; empty for the default.
    public var connect: [String]
    /// Ports for music_L and music_R, each possibly comma-separated; empty for the default.
    public var musicConnect: [String]
    public var noConnect: Bool
    public var jackName: String
    public var server: String?
    /// `--for`, already checked by `DurationText.seconds`.
    public var duration: String?
    public var pause: Bool
    public var keepOpen: Bool
    public var scope: Bool
    /// `--scope spectrum`: the spectrum under the scope's trace.
    public var scopeSpectrum = false
    /// The MPRIS object on the session bus (`--no-mpris`: false).
    public var mpris: Bool
    /// `--osc PORT` and `--osc-bind ADDR` (nil: no OSC).
    public var oscPort: UInt16?
    public var oscBind: String?
    /// `--backend` and `--alsa-device`.
    public var backend = OutputBackendChoice.auto
    public var alsaDevice = "default"
    /// `--notch`: the band-stop over the music (never the click), if any.
    public var notch: Notch?
    /// `--filter` and `--karaoke` (`play`): over the music, never the click.
    public var filter: FilterChoice?
    public var karaoke = false
    /// `--input`, `--record`, `--keep` (`play` and `shadow`).
    public var listen = ListenRequest()

    public init(sound: String, volume: Float, connect: [String], musicConnect: [String], noConnect: Bool, jackName: String,
                server: String?, duration: String?, pause: Bool, keepOpen: Bool, scope: Bool, mpris: Bool = true,
                oscPort: UInt16? = nil, oscBind: String? = nil) {
        self.sound = sound
        self.volume = volume
        self.connect = connect
        self.musicConnect = musicConnect
        self.noConnect = noConnect
        self.jackName = jackName
        self.server = server
        self.duration = duration
        self.pause = pause
        self.keepOpen = keepOpen
        self.scope = scope
        self.mpris = mpris
        self.oscPort = oscPort
        self.oscBind = oscBind
    }

    /// Checks what the parser cannot (the click sound) before anything is opened.
    public func check() throws {
        _ = try SoundSpec(parsing: sound)
    }

    /// The JACK client's options: names, the click's and the music's ports, MIDI sources to
    /// connect.
    public func jackOptions(midiSources: [String]) -> JackBackend.Options {
        var options = JackBackend.Options()
        options.clientName = jackName
        options.server = server
        options.noConnect = noConnect
        options.connect = JackPortList.ports(connect)
        options.musicConnect = JackPortList.ports(musicConnect)
        options.midiConnect = midiSources
        options.inputConnect = listen.input
        return options
    }

    /// How the output is chosen (`--backend`): ALSA refuses the port options, and `auto` does
    /// not fall back with them or with JACK MIDI sources.
    public func outputStart(midiSources: [String]) -> LiveOutputStart {
        var jackOnly: [String] = []
        if !connect.isEmpty { jackOnly.append("--connect") }
        if !musicConnect.isEmpty { jackOnly.append("--music-connect") }
        if let port = midiSources.first { jackOnly.append("--midi-in \(port)") }
        jackOnly += listen.jackOnly
        return LiveOutputStart(backend: backend, alsaDevice: alsaDevice, jackOnly: jackOnly)
    }

    /// The graph's parts every live player has: the scope always tapped (key s shows it). The
    /// launcher adds the deck and any noise to follow.
    public func outputParts() -> OutputParts {
        var parts = OutputParts()
        parts.scope = true
        parts.spectrum = scopeSpectrum
        parts.notch = notch
        parts.filters = FilterToggles(filter: filter, karaoke: karaoke)
        return parts
    }
}

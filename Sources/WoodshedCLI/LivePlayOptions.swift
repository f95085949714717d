import ArgumentParser
import Jobs

/// Where the live player's sound goes and how long it runs: JACK ports, client and server
/// names, click sound, start paused, a time limit, stay open at the end. Shared by `play`,
/// `shadow` and `playlist play`. Main thread.
struct LivePlayOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(OptionHelp.playClickSound), completion: .sounds) var sound: String = "beep"
    @Option(name: .long, parsing: .unconditional, help: "Click volume, 0 to 4 (1 = unity).") var volume: Float = 1
    @Option(name: .customLong("music-connect"), parsing: .singleValue, help: ArgumentHelp(OptionHelp.musicConnect)) var musicConnect: [String] = []
    @OptionGroup var output: LiveOutputOptions
    @Flag(name: .long, help: "Start paused (space, or a MIDI toggle, plays).") var pause = false
    @Flag(name: .customLong("keep-open"), help: ArgumentHelp(OptionHelp.keepOpen)) var keepOpen = false
    @Option(name: .customLong("notch"), help: NotchOption.help) var notch: String?
    @Flag(name: .long, help: ArgumentHelp(OptionHelp.scope)) var scope = false
    @Flag(name: .customLong("scope-spectrum"), help: ArgumentHelp(OptionHelp.scopeSpectrum, visibility: .hidden)) var scopeSpectrum = false

    func validate() throws {
        try usage { try output.request.check(musicConnect: musicConnect) }
        _ = try NotchOption.parse(notch)
        try usage { try ClickLevels.checkVolume(volume) }
    }

    /// The options as a request for `PlayLaunch`.
    var request: LivePlayOutput {
        LivePlayOutput(sound: sound, volume: volume, musicConnect: musicConnect, pause: pause, keepOpen: keepOpen, scope: scope,
                       scopeSpectrum: scopeSpectrum, notch: try? NotchOption.parse(notch), output: output.request)  // notch: checked by validate()
    }
}

import ArgumentParser
import Jobs
import RenderGraph

/// `woodshed noise COLOUR`: white, pink or brown noise live on music_L and music_R (or ALSA's two
/// channels), generated on the render thread, for a set time with a fade-out at the end. Main thread.
struct NoiseSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "noise", help: .noise)

    @Argument(help: "white, pink or brown, a noise preset's name, or a sound of the catalog (rain, ocean, fan, ...).", completion: .noise) var color: String
    // Values are taken as they are, even with a leading "-" (a level is negative), rather than
    // read as an option.
    @Option(name: .long, parsing: .unconditional, help: "Level in dBFS RMS, -90 to -12 (default -18, or the preset's).") var level: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(OptionHelp.noiseFade)) var fade: String?
    @Option(name: .long, help: ArgumentHelp(OptionHelp.noiseUntil)) var until: String?
    @OptionGroup(title: "Output") var output: LiveOutputOptions
    @Flag(name: .long, help: ArgumentHelp(OptionHelp.scope)) var scope = false
    @Flag(name: .customLong("scope-spectrum"), help: ArgumentHelp(OptionHelp.scopeSpectrum, visibility: .hidden)) var scopeSpectrum = false
    @Option(name: .customLong("notch"), help: NotchOption.help) var notch: String?

    func validate() throws {
        try usage { try launch(notch: nil).check() }
        _ = try NotchOption.parse(notch)
    }

    /// The options as a launch with `notch` (`--notch` read; nil while the others are checked).
    func launch(notch: Notch?) -> NoiseLaunch {
        NoiseLaunch(color: color, level: level, fade: fade, scope: scope, output: output.request, notch: notch, scopeSpectrum: scopeSpectrum,
                    until: until)
    }

    func run() throws { try usage { try launch(notch: NotchOption.parse(notch)).run() } }
}

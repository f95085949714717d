import Jobs
import ArgumentParser

/// `woodshed render FILE [TEMPO]`: writes a click track offline, with the same renderer the
/// live client uses. Main thread.
struct RenderSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", help: .render)

    @Argument(help: ArgumentHelp(OptionHelp.renderOutput), completion: .file(extensions: ["wav", "flac", "mp3", "ogg", "opus"])) var output: String
    @OptionGroup var click: ClickOptions
    // Numbers are taken as they are, even with a leading "-" (then refused, naming the value and
    // the range), rather than read as an option.
    @Option(name: .long, parsing: .unconditional, help: "Sample rate in Hz.") var rate: Int = 48_000
    @Option(name: .long, help: "File format: wav16, wav24, wav32f, flac16, flac24, mp3, ogg, opus (default: from the extension).") var format: String?
    @Option(name: .long, parsing: .unconditional, help: "With mp3, ogg or opus: the encoder's quality, 0 (smallest) to 10 (best).") var quality: Int?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(OptionHelp.renderSeconds)) var seconds: Double?
    @Option(name: .long, help: "Render a practice program of this audio file instead of a click track.", completion: .audioFiles) var play: String?
    @OptionGroup(title: "Practice (with --play)") var practice: PlayOptions
    @Flag(name: .long, help: "With --play: write three channels (music L, music R, click) instead of a stereo mix.") var stems = false
    @Option(name: .long, help: "Render a saved playlist (gapless, in its order; shuffle is ignored offline).", completion: .playlists) var playlist: String?
    @Option(name: .long, help: ArgumentHelp(OptionHelp.renderNoise), completion: .noise) var noise: String?
    @Option(name: .long, parsing: .unconditional, help: "With --noise: its level in dBFS RMS, -90 to -12 (default: -18).") var noiseLevel: Double?
    @Option(name: .long, parsing: .unconditional, help: "With --noise: fade out to silence over the last SECONDS.") var fade: Double?
    @Option(name: .customLong("then-sound"), help: ArgumentHelp(OptionHelp.renderThenSound)) var thenSound: String?
    @Option(name: .customLong("notch"), help: NotchOption.help) var notch: String?
    @OptionGroup(title: "Listening filters (with --play)") var filters: FilterOptions
    @OptionGroup var diagnostics: DiagnosticsOptions

    /// The options checked together (see `RenderChoice`).
    func choice() throws -> RenderChoice {
        try usage {
            try RenderChoice(output: output, format: format, rate: rate, seconds: seconds, tempo: click.tempo, map: click.map,
                             preset: click.preset, play: play, playlist: playlist, noise: noise, noiseLevel: noiseLevel, fade: fade,
                             notch: notch, quality: quality, thenSound: thenSound, filter: filters.filter, karaoke: filters.karaoke)
        }
    }

    func validate() throws { _ = try choice() }

    func run() throws {
        let debug = diagnostics.start()
        try RenderRequest(choice: choice(), output: output, rate: rate, seconds: seconds, click: click.request, levels: click.levelVolumes(),
                          volume: click.volume, play: play, practice: practice.request, stems: stems, playlist: playlist, quality: quality,
                          karaoke: filters.karaoke).run(debug: debug)
    }
}

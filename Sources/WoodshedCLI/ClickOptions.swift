import ArgumentParser
import Jobs

/// What to click (`ClickGridOptions`: tempo, meter, pattern, or a tempo map or preset) and how
/// it sounds. Shared by `render` and `click`. Main thread.
struct ClickOptions: ParsableArguments {
    @OptionGroup var grid: ClickGridOptions
    @Option(name: .long, help: "Click sound: beep, woodblock, cowbell, clave, stick, hihat, square; or accent.wav,normal.wav.", completion: .sounds) var sound: String?
    @Option(name: .long, parsing: .unconditional, help: "Master volume, 0 to 4 (1 = unity).") var volume: Float = 1
    @Option(name: .long, parsing: .unconditional, help: "Volume of accent,normal,subdivision clicks, e.g. 1,0.8,0.5.") var levels: String?

    var tempo: String? { grid.tempo }
    var map: String? { grid.map }
    var preset: String? { grid.preset }

    func validate() throws { try usage { try request.check(volume: volume, levels: levels) } }

    /// The options as a request for `ClickSetup`.
    var request: ClickRequest { grid.request(sound: sound) }

    /// The three level volumes from `--levels`.
    func levelVolumes() throws -> (accent: Float, normal: Float, subdivision: Float) { try usage { try ClickLevels.volumes(levels) } }
}

import Jobs
import ArgumentParser
import Foundation
import RenderGraph

/// `playlist play NAME`: the playlist live, gapless, one track after the other (shuffled or
/// repeated as the playlist says, or as the options say), optionally followed by noise for a
/// set time. Main thread.
struct PlaylistPlay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a playlist live through JACK, gapless, then optionally noise for a while.",
        discussion: """
            Examples:
              woodshed playlist play warmups
              woodshed playlist play warmups --then-noise brown:15m
              woodshed playlist play warmups --shuffle --repeat-all --for 45m
            Keys: space play/pause, n/p next/previous track, a restart the track, q quit.
            A missing or unreadable track is skipped with a warning.
            """)

    @Argument(help: "The playlist's name.", completion: .playlists) var name: String

    @Flag(inversion: .prefixedNo, help: "Shuffle the tracks (default: as the playlist says).")
    var shuffle: Bool?

    @Flag(name: .customLong("repeat-all"), help: "Start again after the last track (default: as the playlist says).")
    var repeatAll = false

    @Option(name: .customLong("then-noise"), help: "After the last track: noise COLOUR:DURATION, e.g. brown:15m (fades out over its last 10 s).")
    var thenNoise: String?

    @OptionGroup(title: "Output") var output: LivePlayOptions

    @OptionGroup(title: "MIDI") var midi: MIDIOptions

    @Flag(name: .long, help: "Print debug diagnostics to stderr.")
    var verbose = false

    /// `brown:15m` → the colour and seconds.
    static func noise(_ text: String) throws -> (color: NoiseColor, seconds: Double) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let seconds = DurationText.seconds(parts[1]) else {
            throw ValidationError("--then-noise takes COLOUR:DURATION such as brown:15m, not '\(text)'")
        }
        do { return (try NoiseColor(parsing: parts[0]), seconds) } catch { throw ValidationError("--then-noise: \(error)") }
    }

    func validate() throws {
        if let thenNoise { _ = try Self.noise(thenNoise) }
        if thenNoise != nil && repeatAll { throw ValidationError("--repeat-all never ends, so --then-noise would never start") }
    }

    func run() throws {
        let log = Diagnostics.start(verbose: verbose)
        try output.check()
        let progress = ProgressLine(label: "decoding", rate: 1, enabled: ProgressLine.stderrIsTerminal)
        let setup = try PlaySetup(playlist: name, shuffle: shuffle, repeatAll: repeatAll ? true : nil) { _, f in progress.update(fraction: f) }
        progress.finish()
        try LivePlayLauncher(setup: setup, output: output, midi: midi, log: log)
            .run(shadow: nil, playlist: true, thenNoise: try thenNoise.map(Self.noise))
    }
}

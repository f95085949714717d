import Jobs
import ArgumentParser

/// `woodshed render-cost` (hidden, for `make bench`): times the render function alone on
/// blocks of a JACK period's size, offline, and prints one JSON line. Main thread.
///
/// With `--play FILE` (and the practice options of `render --play`) it times the rehearsal
/// player instead: `MusicDeck.render` per block, which is what the JACK callback runs for the
/// music, and separately the worker's fill (`PlayerWorker.fillAvailable`) per ring block it
/// wrote, both on this thread, one after the other, as fast as they go.
struct RenderCostSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render-cost", help: .renderCost, shouldDisplay: false)

    @Option(parsing: .unconditional, help: "Frames per block (the JACK period).") var block = 64
    @Option(parsing: .unconditional, help: "Seconds of output to render (with --play: at most; the program may end first).") var seconds = 600.0
    @Option(parsing: .unconditional, help: "Sample rate.") var rate = 48_000
    @Option(help: "Tempo.") var tempo = "120"
    @Option(help: "Time the rehearsal player on this audio file instead of the click.") var play: String?
    @Option(help: "Time the noise generator (white, pink, brown) instead of the click.") var noise: String?
    @Flag(help: "Time the input capture (woodshed:in into its ring) instead of the click.") var input = false
    @Flag(help: "Also time the oscilloscope's tap on the block (3 ports), as the live callback runs it.") var scope = false
    @OptionGroup(title: "Practice (with --play)") var practice: PlayOptions

    func validate() throws { try usage { try cost.check() } }

    private var cost: RenderCost { RenderCost(block: block, seconds: seconds, rate: rate) }

    func run() throws { print(try cost.line(tempo: tempo, play: play, practice: practice.request, noise: noise, input: input, scope: scope)) }
}

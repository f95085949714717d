import ArgumentParser
import Jobs

/// `woodshed shadow FILE`: sentence after sentence, each played, then a pause to say it back,
/// N times, then the next — the rehearsal player with a shadowing plan, screen and log.
/// Main thread.
struct ShadowSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shadow", help: .shadow)

    @Argument(help: "The lesson: WAV, FLAC, OGG/Vorbis, Opus, MP3 or M4A.", completion: .audioFiles) var file: String
    @Option(name: .long, help: "Import sentences from subtitles (.srt, .vtt) or Audacity labels (.txt) first.", completion: .file(extensions: ["srt", "vtt", "txt"])) var subs: String?
    @Option(name: .long, help: "Find the sentences on pauses first: silence.") var split: String?
    // Values are taken as they are, even with a leading "-" (then refused, naming the value and
    // the range), rather than read as an option.
    @Option(name: .long, parsing: .unconditional, help: "Passes of each sentence: 1 to 10000, or endless (default 3).") var `repeat`: String = "3"
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(OptionHelp.shadowGap)) var gap: String = "1.2x"
    @Option(name: .long, parsing: .unconditional, help: "Playback speed with pitch kept: 0.25 to 2.0 (or 90%).") var speed: String?
    @Option(name: .long, parsing: .unconditional, help: "A speed per pass, e.g. \"0.7,0.85,1.0\".") var plan: String?
    @Flag(name: .customLong("listen-first"), help: "The first pass has no pause after it: just listen.") var listenFirst = false
    @Flag(name: .long, help: "After the last pass, one more pause without the sentence: say it blind.") var blind = false
    @Flag(name: .long, help: "Auto-advance off: wait for a key or pedal (next, again) after each sentence.") var wait = false
    @Option(name: .long, help: "Start at this sentence (number or name; default: where you stopped).", completion: .sections) var sentence: String?
    @Option(name: .long, parsing: .unconditional, help: "Equal-power crossfade at each seam in milliseconds (default 5).") var crossfade: Int?
    @OptionGroup(title: "Output") var output: LivePlayOptions
    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Recording") var record: RecordOptions
    @OptionGroup(title: "MIDI") var midi: MIDIOptions
    @OptionGroup var diagnostics: DiagnosticsOptions

    func validate() throws { try usage { try request.check(split: split) } }

    /// The options as a request for `PlayLaunch.shadow`.
    var request: ShadowRequest {
        ShadowRequest(file: file, subs: subs, split: split != nil, repeat: `repeat`, gap: gap, speed: speed, plan: plan,
                      listenFirst: listenFirst, blind: blind, wait: wait, sentence: sentence, crossfade: crossfade)
    }

    func run() throws {
        var out = output.request
        out.listen = record.request(input: input)
        try PlayLaunch(output: out, midi: midi.request).shadow(request, debug: diagnostics.start())
    }
}

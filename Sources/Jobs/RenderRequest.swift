import App
import OfflineBackend
import RenderGraph

/// `woodshed render OUT`: what to write (noise, a playlist, a practice program of `play`, or a
/// click track) and how, already checked by the command line. `run` refuses an output that is
/// one of the inputs, then renders. Main thread.
public struct RenderRequest {
    public var output: String
    public var format: OutputFormat
    public var rate: Int
    public var seconds: Double?
    public var click: ClickRequest
    public var levels: (accent: Float, normal: Float, subdivision: Float)
    public var volume: Float
    public var play: String?
    public var practice: PlayRequest
    public var stems: Bool
    public var playlist: String?
    public var noise: RenderNoise?
    /// `--notch`: a band-stop over the music or noise (never the click); checked against `rate`.
    public var notch: Notch?
    /// `--filter` and `--karaoke` over `--play`'s music (never the click); checked against `rate`.
    public var filter: FilterChoice?
    public var karaoke = false
    /// `--quality` of a lossy format (0–10); nil: the encoder's default.
    public var quality: Int?
    /// `--then-sound`: a sound after `--play`'s program or `--playlist`.
    public var thenSound: ThenNoise?

    public init(output: String, format: OutputFormat, rate: Int, seconds: Double?, click: ClickRequest,
                levels: (accent: Float, normal: Float, subdivision: Float), volume: Float, play: String?, practice: PlayRequest,
                stems: Bool, playlist: String?, noise: RenderNoise?) {
        self.output = output
        self.format = format
        self.rate = rate
        self.seconds = seconds
        self.click = click
        self.levels = levels
        self.volume = volume
        self.play = play
        self.practice = practice
        self.stems = stems
        self.playlist = playlist
        self.noise = noise
    }

    /// The request of `choice` (render's options checked together: the format, `--noise`,
    /// `--then-sound`, `--notch` and `--filter` read), with `--quality`, `--karaoke` and the rest of
    /// the command line as given.
    public init(choice: RenderChoice, output: String, rate: Int, seconds: Double?, click: ClickRequest,
                levels: (accent: Float, normal: Float, subdivision: Float), volume: Float, play: String?, practice: PlayRequest,
                stems: Bool, playlist: String?, quality: Int?, karaoke: Bool) {
        self.init(output: output, format: choice.format, rate: rate, seconds: seconds, click: click, levels: levels, volume: volume,
                  play: play, practice: practice, stems: stems, playlist: playlist, noise: choice.noise)
        notch = choice.notch
        filter = choice.filter
        thenSound = choice.thenSound
        self.quality = quality
        self.karaoke = karaoke
    }

    /// Writes the file and prints what it wrote; `debug` gets the `--verbose` lines.
    public func run(debug: (String) -> Void) throws {
        try OutputGuard.check(output: output, inputs: RenderInputs.list(play: play, map: click.map, sound: click.sound,
                                                                          preset: click.preset, playlist: playlist))
        if let noise {
            var job = try NoiseRenderJob(recipe: try noise.sound.recipe(rate: rate), name: noise.sound.summaryName,
                                         levelDecibels: noise.level, seconds: noise.seconds, fadeSeconds: noise.fade, rate: rate)
            job.notch = notch
            try job.write(to: output, format: format, quality: quality)
            return
        }
        if let playlist {
            let setup = try PlaySetup(playlist: playlist, shuffle: false, repeatAll: false)
            for w in setup.warnings { writeStderr("Warning: \(w)\n") }
            var job = PlayRenderJob(setup: setup, rate: rate, seconds: seconds, stems: stems, sound: click.sound, volume: volume)
            job.notch = notch
            job.thenSound = thenSound
            try job.write(to: output, format: format, quality: quality)
            return
        }
        if let play {
            let setup = try PlaySetup(path: play, options: practice, countIn: click.countIn)
            for w in setup.warnings { writeStderr("Warning: \(w)\n") }
            var job = PlayRenderJob(setup: setup, rate: rate, seconds: seconds, stems: stems, sound: click.sound, volume: volume)
            job.notch = notch
            job.filter = filter
            job.karaoke = karaoke
            job.thenSound = thenSound
            try job.write(to: output, format: format, quality: quality)
            return
        }
        let job = try RenderJob(click: click, levels: levels, volume: volume, rate: rate, seconds: seconds)
        debug(job.debugDescription)
        try job.write(to: output, format: format, quality: quality)
    }
}

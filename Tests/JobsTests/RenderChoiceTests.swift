import Jobs
import OfflineBackend
import RenderGraph
import Testing

/// `woodshed render`'s options checked together: one kind of render, rate, format, length.
@Suite("RenderChoice: render's options checked together")
struct RenderChoiceTests {
    private func problem(output: String = "out.wav", format: String? = nil, rate: Int = 48_000, seconds: Double? = nil,
                         tempo: String? = "120", play: String? = nil, playlist: String? = nil, noise: String? = nil,
                         noiseLevel: Double? = nil, fade: Double? = nil, quality: Int? = nil) -> String? {
        do {
            _ = try RenderChoice(output: output, format: format, rate: rate, seconds: seconds, tempo: tempo, map: nil, preset: nil,
                                 play: play, playlist: playlist, noise: noise, noiseLevel: noiseLevel, fade: fade, quality: quality)
            return nil
        } catch let p as OptionProblem { return p.description } catch { return "other: \(error)" }
    }

    @Test("each conflict and each value out of range is one line, in the order the command line checks them")
    func problems() {
        #expect(problem() == nil)
        #expect(problem(fade: 2) == "--fade goes with --noise")
        #expect(problem(noiseLevel: -20) == "--noise-level goes with --noise")
        #expect(problem(noise: "brown") == "--noise renders noise alone: leave out the tempo, --map, --preset and --play")
        #expect(problem(tempo: nil, noise: "brown") == "--noise needs a length: give --seconds (e.g. --noise brown --seconds 600)")
        #expect(problem(playlist: "p") == "--playlist renders the playlist alone: leave out the tempo, --map, --preset, --play and --noise")
        #expect(problem(tempo: nil) == "give a tempo (e.g. 120), --map FILE or --preset NAME")
        #expect(problem(rate: 7_999) == "rate 7999 is not supported: use 8000 to 384000 Hz")
        #expect(problem(format: "aac") == "unknown format 'aac': use wav16, wav24, wav32f, flac16, flac24, mp3, ogg or opus")
        #expect(problem(output: "out.aac") == "cannot tell the format of 'out.aac': name it .wav, .flac, .mp3, .ogg or .opus, or give --format")
        #expect(problem(seconds: 0) == "--seconds 0.0 is out of range: use more than 0 and at most 86400")
    }

    @Test("export: mp3, ogg and opus from the name or --format; --quality 0 to 10 with them only; opus at 48 kHz only")
    func lossyFormats() throws {
        func format(_ output: String, _ option: String? = nil) throws -> OutputFormat {
            try RenderChoice(output: output, format: option, rate: 48_000, seconds: nil, tempo: "120", map: nil, preset: nil,
                             play: nil, playlist: nil, noise: nil, noiseLevel: nil, fade: nil).format
        }
        #expect(try format("loop.mp3") == .mp3)
        #expect(try format("loop.OGG") == .ogg)
        #expect(try format("loop.opus") == .opus)
        #expect(try format("loop.wav", "opus") == .opus)
        #expect(try format("loop.x", "vorbis") == .ogg)
        #expect(problem(output: "loop.mp3", quality: 0) == nil)
        #expect(problem(output: "loop.ogg", quality: 10) == nil)
        #expect(problem(output: "loop.wav", quality: 5) == "--quality goes with --format mp3, ogg or opus, not wav16")
        #expect(problem(output: "loop.mp3", quality: 11) == "--quality 11 is out of range: use 0 (smallest) to 10 (best)")
        #expect(problem(output: "loop.mp3", quality: -1) == "--quality -1 is out of range: use 0 (smallest) to 10 (best)")
        #expect(problem(output: "loop.opus", rate: 44_100)
            == "opus is written at 48000 Hz only, not 44100: leave out --rate (the music is resampled to it)")
        #expect(problem(output: "loop.mp3", rate: 44_100) == nil)
    }

    @Test("the format comes from --format, else from the output's name; --noise gives its settings")
    func choices() throws {
        let flac = try RenderChoice(output: "x.flac", format: nil, rate: 48_000, seconds: nil, tempo: "120", map: nil, preset: nil,
                                    play: nil, playlist: nil, noise: nil, noiseLevel: nil, fade: nil)
        #expect(flac.format == OutputFormat.forPath("x.flac") && flac.noise == nil)
        let noise = try RenderChoice(output: "x.wav", format: "wav32f", rate: 48_000, seconds: 10, tempo: nil, map: nil, preset: nil,
                                     play: nil, playlist: nil, noise: "pink", noiseLevel: -30, fade: 2)
        #expect(noise.format == OutputFormat(option: "wav32f"))
        #expect(noise.noise?.level == -30 && noise.noise?.seconds == 10 && noise.noise?.fade == 2)
    }

    @Test("what goes with the music: --then-sound after --play or --playlist, --notch read at the rate, --filter and --karaoke with --play, in that order")
    func musicOptions() {
        func choice(tempo: String? = nil, play: String? = "song.flac", playlist: String? = nil, rate: Int = 48_000, notch: String? = nil,
                    thenSound: String? = nil, filter: String? = nil, karaoke: Bool = false) -> String {
            do {
                let c = try RenderChoice(output: "out.wav", format: nil, rate: rate, seconds: nil, tempo: tempo, map: nil, preset: nil,
                                         play: play, playlist: playlist, noise: nil, noiseLevel: nil, fade: nil, notch: notch,
                                         thenSound: thenSound, filter: filter, karaoke: karaoke)
                return "then \(c.thenSound.map { "\($0.sound.name) \($0.seconds)" } ?? "-"), notch \(c.notch.map { "\($0.frequency)" } ?? "-"), "
                    + "filter \(c.filter.map { "\($0)" } ?? "-")"
            } catch let p as OptionProblem { return p.description } catch { return "other: \(error)" }
        }
        #expect(choice() == "then -, notch -, filter -")
        #expect(choice(notch: "6k", thenSound: "brown:1m") == "then brown 60.0, notch 6000.0, filter -")
        #expect(choice(play: nil, playlist: "p", thenSound: "brown:1m") == "then brown 60.0, notch -, filter -")
        #expect(choice(filter: "lowpass:300") == "then -, notch -, filter lowpass(300.0)")
        #expect(choice(tempo: "120", play: nil, thenSound: "brown:1m") == "--then-sound follows --play or --playlist")
        #expect(choice(thenSound: "zz", filter: "zz") == "--then-sound takes SOUND:DURATION such as brown:15m, not 'zz'")
        #expect(choice(rate: 8_000, notch: "6k", filter: "zz")
                == "--notch frequency 6000 Hz is too high for 8000 Hz: use at most 2800 Hz (0.35 × the rate)")
        #expect(choice(tempo: "120", play: nil, karaoke: true) == "--filter and --karaoke go with --play")
        #expect(choice(tempo: "120", play: nil, filter: "lowpass:300") == "--filter and --karaoke go with --play")
        #expect(choice(filter: "lowpass:30000")
                == "--filter frequency 30000 Hz is out of range at 48000 Hz: use 20 Hz to 21600 Hz (0.45 × the rate)")
        #expect(choice(tempo: "120", play: nil, notch: "6k")
                == "--notch filters music and noise, never the click: give --play, --playlist or --noise")
    }

    @Test("the request of a choice: its format, noise, then-sound, notch and filter, with --quality and --karaoke as given")
    func request() throws {
        let play = try RenderChoice(output: "out.mp3", format: nil, rate: 48_000, seconds: nil, tempo: nil, map: nil, preset: nil,
                                    play: "song.flac", playlist: nil, noise: nil, noiseLevel: nil, fade: nil, notch: "6k:1/2", quality: 6,
                                    thenSound: "brown:1m", filter: "lowpass:300", karaoke: true)
        let request = RenderRequest(choice: play, output: "out.mp3", rate: 48_000, seconds: nil, click: ClickRequest(),
                                    levels: (1, 0.8, 0.5), volume: 1, play: "song.flac", practice: PlayRequest(), stems: false,
                                    playlist: nil, quality: 6, karaoke: true)
        #expect(request.format == .mp3)
        #expect(request.noise == nil)
        #expect(request.thenSound == play.thenSound)
        #expect(request.thenSound?.seconds == 60)
        #expect(request.notch == play.notch)
        #expect(request.notch?.frequency == 6000)
        #expect(request.filter == .lowpass(300))
        #expect(request.quality == 6)
        #expect(request.karaoke)
        let noise = try RenderChoice(output: "rain.wav", format: "flac24", rate: 48_000, seconds: 600, tempo: nil, map: nil, preset: nil,
                                     play: nil, playlist: nil, noise: "brown", noiseLevel: -20, fade: 5)
        let noiseRequest = RenderRequest(choice: noise, output: "rain.wav", rate: 48_000, seconds: 600, click: ClickRequest(),
                                         levels: (1, 0.8, 0.5), volume: 1, play: nil, practice: PlayRequest(), stems: false,
                                         playlist: nil, quality: nil, karaoke: false)
        #expect(noiseRequest.format == .flac24)
        #expect(noiseRequest.noise == noise.noise)
        #expect(noiseRequest.noise?.level == -20)
        #expect(noiseRequest.thenSound == nil && noiseRequest.notch == nil && noiseRequest.filter == nil && noiseRequest.quality == nil)
    }
}

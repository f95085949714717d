import Jobs
import RenderGraph
import Remote
import Testing
import WoodshedCore

/// The checks the command line used to make in its `validate()`, now the requests' own: each
/// wrong value is one `OptionProblem` (a usage error) naming the option and the value.
@Suite("Option checks: the requests refuse a wrong value with one line naming it")
struct OptionCheckTests {
    /// The problem `body` throws, or "no problem" (another error: "not an OptionProblem: …").
    private func problem(_ body: () throws -> Void) -> String {
        do { try body(); return "no problem" } catch let problem as OptionProblem { return problem.description } catch {
            return "not an OptionProblem: \(error)"
        }
    }

    @Test("the live output options: connect with --no-connect, --for, --jack-name, --backend, --alsa-device, --osc, --osc-bind")
    func liveOutput() {
        #expect(problem { try LiveOutputRequest().check() } == "no problem")
        #expect(problem { try LiveOutputRequest(connect: ["a:b"], noConnect: true).check() } == "give --connect or --no-connect, not both")
        #expect(problem { try LiveOutputRequest(noConnect: true).check(musicConnect: ["x:l"]) }
                == "give --connect/--music-connect or --no-connect, not both")
        #expect(problem { try LiveOutputRequest(noConnect: true).check(musicConnect: []) } == "no problem")
        #expect(problem { try LiveOutputRequest(duration: "2d").check() }
                == "--for takes a duration such as 90s, 10m or 1h30m (at most 24h), not '2d'")
        #expect(problem { try LiveOutputRequest(jackName: "").check() } == "--jack-name must be 1 to 63 bytes")
        #expect(problem { try LiveOutputRequest(jackName: String(repeating: "w", count: 64)).check() } == "--jack-name must be 1 to 63 bytes")
        #expect(problem { try LiveOutputRequest(jackName: String(repeating: "w", count: 63)).check() } == "no problem")
        #expect(problem { try LiveOutputRequest(backend: "pulse").check() } == "--backend must be auto, jack or alsa, not 'pulse'")
        #expect(problem { try LiveOutputRequest(alsaDevice: "").check() } == "--alsa-device must name an ALSA PCM, e.g. default or hw:1")
        #expect(problem { try LiveOutputRequest(oscPort: 0).check() } == "--osc must be a UDP port 1–65535, not 0")
        #expect(problem { try LiveOutputRequest(oscBind: "0.0.0.0").check() } == "--osc-bind needs --osc PORT")
        #expect(problem { try LiveOutputRequest(oscPort: 9000, oscBind: "0.0.0.0").check() } == "no problem")
    }

    @Test("the live output options reach click, noise and the live player as given")
    func liveOutputInLaunches() {
        let output = LiveOutputRequest(connect: ["a:b,c:d"], noConnect: false, jackName: "ws", server: "studio", backend: "alsa",
                                       alsaDevice: "hw:1", duration: "10m", mpris: false, oscPort: 9000, oscBind: "127.0.0.2")
        let click = ClickLaunch(click: ClickRequest(tempo: "120"), volume: 0.5, midi: MIDIRequest(midiMap: nil, midiIn: [], setlist: nil),
                                midiClock: true, transport: .follow, note: "hi", output: output)
        #expect(click.output == output)
        #expect(click.output.backendChoice == .alsa)
        #expect(click.output.mprisStepMilliBPM == 1_000)
        #expect(click.transport == .follow)
        #expect(click.input == nil && click.song == nil)
        let setlistClick = ClickLaunch(click: ClickRequest(tempo: "120"), volume: 1, midi: MIDIRequest(midiMap: nil, midiIn: [], setlist: nil),
                                       midiClock: false, transport: .free, note: nil, output: output, input: "system:capture_1", song: 3)
        #expect(setlistClick.input == "system:capture_1" && setlistClick.song == 3)
        let noise = NoiseLaunch(color: "pink", level: -30, fade: "20s", scope: true, output: output)
        #expect(noise.output == output)
        #expect(noise.fade == "20s")
        #expect(noise.notch == nil && !noise.scopeSpectrum && noise.until == nil)
        let untilNoise = NoiseLaunch(color: "brown", level: nil, fade: nil, scope: false, output: output, scopeSpectrum: true, until: "07:00")
        #expect(untilNoise.scopeSpectrum && untilNoise.until == "07:00")
        let clock = ClockLaunch(output: output, sound: "brown", untilAlarm: true, twentyFourHours: true, background: true)
        #expect(clock.output == output)
        #expect(clock.sound == "brown" && clock.untilAlarm && clock.twentyFourHours && clock.background)
        let match = TinnitusMatchLaunch(output: output, seed: 7, noiseBand: true)
        #expect(match.output == output)
        #expect(match.seed == 7 && match.noiseBand)
        let player = LivePlayOutput(sound: "clave", volume: 2, musicConnect: ["m:l"], pause: true, keepOpen: true, scope: false,
                                    output: output)
        #expect(player.connect == ["a:b,c:d"])
        #expect(player.musicConnect == ["m:l"])
        #expect(player.duration == "10m")
        #expect(player.mpris == false)
        #expect(player.oscBind == "127.0.0.2")
        #expect(player.backend == .alsa)
        #expect(player.alsaDevice == "hw:1")
        #expect(player.pause && player.keepOpen && !player.scope)
    }

    @Test("the live player's output takes --scope spectrum and the --notch read, as the command line gives them; without them: off, none")
    func livePlayerScopeAndNotch() throws {
        let notch = try #require(try Notch.option("6.2kHz:1/2"))
        let player = LivePlayOutput(sound: "beep", volume: 1, musicConnect: [], pause: false, keepOpen: false, scope: true,
                                    scopeSpectrum: true, notch: notch, output: LiveOutputRequest())
        #expect(player.scope && player.scopeSpectrum)
        #expect(player.notch == notch)
        #expect(player.notch?.frequency == 6200 && player.notch?.width == 0.5)
        let plain = LivePlayOutput(sound: "beep", volume: 1, musicConnect: [], pause: false, keepOpen: false, scope: false,
                                   output: LiveOutputRequest())
        #expect(!plain.scopeSpectrum && plain.notch == nil)
    }

    @Test("--notch, --filter and --then-sound read once for every command: a wrong value is one line naming it, with the rate when given")
    func musicOptions() {
        #expect(problem { _ = try Notch.option(nil) } == "no problem")
        #expect((try? Notch.option(nil)) == .some(nil))
        #expect((try? Notch.option("6.2kHz:1/2"))??.frequency == 6200)
        #expect(problem { _ = try Notch.option("20") } == "--notch frequency 20 is out of range: use 250 Hz to 12 kHz (e.g. 6000 or 6.2kHz)")
        #expect(problem { _ = try Notch.option("zz") } == "--notch frequency 'zz' is not a frequency: use 250 Hz to 12 kHz (e.g. 6000 or 6.2kHz)")
        #expect(problem { _ = try Notch.option("6k:1/3") } == "--notch width '1/3' is not offered: use 1, 1/2 or 1/4 (octaves)")
        #expect(problem { _ = try Notch.option("6k") } == "no problem")
        #expect(problem { _ = try Notch.option("6k", rate: 8000) }
                == "--notch frequency 6000 Hz is too high for 8000 Hz: use at most 2800 Hz (0.35 × the rate)")
        #expect((try? FilterChoice.option(nil)) == .some(nil))
        #expect(problem { _ = try FilterChoice.option("lowpass:300", rate: 48_000) } == "no problem")
        #expect(problem { _ = try FilterChoice.option("zz") }
                == "--filter kind 'zz' is unknown: use lowpass:FREQ, highpass:FREQ or band:LO-HI (e.g. lowpass:800 or band:200-2000)")
        #expect(problem { _ = try FilterChoice.option("lowpass:30000") } == "no problem")
        #expect(problem { _ = try FilterChoice.option("lowpass:30000", rate: 48_000) }
                == "--filter frequency 30000 Hz is out of range at 48000 Hz: use 20 Hz to 21600 Hz (0.45 × the rate)")
        #expect((try? ThenNoise.option(nil)) == .some(nil))
        #expect((try? ThenNoise.option("brown:15m"))??.seconds == 900)
        #expect(problem { _ = try ThenNoise.option("zz") } == "--then-sound takes SOUND:DURATION such as brown:15m, not 'zz'")
        #expect(problem { _ = try ThenNoise.option("brown") } == "--then-sound takes SOUND:DURATION such as brown:15m, not 'brown'")
        #expect(problem { _ = try ThenNoise.option("zz", repeatAll: true) } == "--then-sound takes SOUND:DURATION such as brown:15m, not 'zz'")
        #expect(problem { _ = try ThenNoise.option("brown:1m", repeatAll: true) } == "--repeat-all never ends, so --then-sound would never start")
        #expect(problem { _ = try ThenNoise.option(nil, repeatAll: true) } == "no problem")
    }

    @Test("takes: list takes no number, play and remove need one from 1, other actions are named")
    func takes() {
        #expect(problem { try TakesRequest(file: "a.wav").check() } == "no problem")
        #expect(problem { try TakesRequest(file: "a.wav", action: "list", number: 3).check() } == "list takes no number")
        #expect(problem { try TakesRequest(file: "a.wav", action: "play").check() } == "play needs the take's number, e.g. woodshed takes FILE play 1")
        #expect(problem { try TakesRequest(file: "a.wav", action: "remove").check() }
                == "remove needs the take's number, e.g. woodshed takes FILE remove 1")
        #expect(problem { try TakesRequest(file: "a.wav", action: "play", number: 0).check() } == "take 0 is out of range: takes are numbered from 1")
        #expect(problem { try TakesRequest(file: "a.wav", action: "remove", number: 2).check() } == "no problem")
        #expect(problem { try TakesRequest(file: "a.wav", action: "frob").check() } == "the action is list, play or remove, not 'frob'")
    }

    @Test("noise --until and sounds preview: a time of day, not with --for; a preview has its own length and a level in range")
    func untilAndPreview() {
        #expect(problem { try NoiseChoice.check(until: "07:00", duration: nil) } == "no problem")
        #expect(problem { try NoiseChoice.check(until: nil, duration: "1m") } == "no problem")
        #expect(problem { try NoiseChoice.check(until: "7", duration: nil) } == "--until takes a time of day such as 07:00, not '7'")
        #expect(problem { try NoiseChoice.check(until: "07:00", duration: "1m") } == "give --for or --until, not both")
        #expect(problem { try SoundPreview(name: "rain").check() } == "no problem")
        #expect(problem { try SoundPreview(name: "rain", level: -5).check() } == "noise level -5 dBFS is out of range: use -90 to -12 dBFS RMS")
        #expect(problem { try SoundPreview(name: "rain", output: LiveOutputRequest(duration: "3s")).check() }
                == "a preview plays 3s; to play longer: woodshed noise rain --for TIME")
        #expect(problem { try SoundPreview(name: "rain", output: LiveOutputRequest(backend: "oss")).check() }
                == problem { try LiveOutputRequest(backend: "oss").check() })
        #expect(SoundPreview.duration == "3s" && SoundPreview.fade == "1s")
    }

    @Test("clock and tinnitus match: the output options, then no --for; --until-alarm needs --sound; MIDI inputs, recording and midi learn")
    func launchesAndInputs() {
        #expect(problem { try ClockLaunch().check() } == "no problem")
        #expect(problem { try ClockLaunch(output: LiveOutputRequest(duration: "1m")).check() }
                == "the clock runs until you quit it; --for is for noise and the player")
        #expect(problem { try ClockLaunch(untilAlarm: true).check() } == "--until-alarm needs --sound NAME (the sound to play until the alarm)")
        #expect(problem { try ClockLaunch(sound: "brown", untilAlarm: true).check() } == "no problem")
        #expect(problem { try ClockLaunch(output: LiveOutputRequest(jackName: ""), untilAlarm: true).check() } == "--jack-name must be 1 to 63 bytes")
        #expect(problem { try TinnitusMatchLaunch().check() } == "no problem")
        #expect(problem { try TinnitusMatchLaunch(output: LiveOutputRequest(duration: "1m")).check() }
                == "the match ends when you press Enter or q; --for is for noise and the player")
        #expect(problem { try TinnitusMatchLaunch(output: LiveOutputRequest(duration: "1m", oscPort: 0)).check() }
                == "--osc must be a UDP port 1–65535, not 0")
        #expect(problem { try MIDIRequest(midiMap: nil, midiIn: ["alsa:pedal", "jack:a:b"], setlist: nil).check() } == "no problem")
        #expect(problem { try MIDIRequest(midiMap: nil, midiIn: ["alsa:pedal", "zz", "yy"], setlist: nil).check() }
                == "--midi-in takes alsa:NAME or jack:PORT, not 'zz'")
        #expect(problem { try ListenRequest(record: true, compare: true, keep: 1000).check() } == "no problem")
        #expect(problem { try ListenRequest(compare: true).check() } == "--compare plays back your takes: give --record too")
        #expect(problem { try ListenRequest(keep: 0).check() } == "--keep 0 is out of range: use 1 to 1000")
        #expect(problem { try ListenRequest(keep: 1001).check() } == "--keep 1001 is out of range: use 1 to 1000")
        #expect(problem { try MIDIListen.checkLearning(action: "tap", timeout: "30s") } == "no problem")
        #expect(problem { try MIDIListen.checkLearning(action: "tap", timeout: "zz") } == "--timeout takes a duration such as 30s, not 'zz'")
        #expect(problem { try MIDIListen.checkLearning(action: "zz", timeout: "zz") } == """
            unknown action 'zz' (known: start, stop, toggle, tempo-up, tempo-down, tempo-set, tempo-cc, tap, meter-next, meter-prev, \
            count-in, mute, volume-up, volume-down, setlist-next, setlist-prev, setlist-song, preset, section-next, section-prev, \
            section-again, repeat-up, repeat-down, speed-up, speed-down, mark-in, mark-out, jump-forward, jump-back, nudge-in-earlier, \
            nudge-in-later, nudge-out-earlier, nudge-out-later, notch, section-cursor-next, section-cursor-prev, section-start-cursor, \
            reset, keep-loop, advance-mode, again-slower, again-faster, filter, karaoke)
            """)
    }

    @Test("what to click: a map or a preset with what it sets itself, bars, count-in, subdivision, --volume and --levels")
    func click() {
        func check(_ r: ClickRequest, volume: Float = 1, levels: String? = nil) -> String { problem { try r.check(volume: volume, levels: levels) } }
        #expect(check(ClickRequest(tempo: "120")) == "no problem")
        #expect(check(ClickRequest(map: "a.klick", preset: "rock")) == "give --map or --preset, not both")
        #expect(check(ClickRequest(tempo: "120", map: "a.klick"))
                == "--map sets tempo, meter and pattern itself; leave out the tempo, --meter and --pattern")
        #expect(check(ClickRequest(pattern: "X..", preset: "rock")) == "--preset sets meter and pattern itself; leave out --meter and --pattern")
        #expect(check(ClickRequest(tempo: "120", bars: 0)) == "--bars 0 is out of range: use 1 to 1000000")
        #expect(check(ClickRequest(tempo: "120", countIn: 65)) == "--count-in 65 is out of range: use 0 to 64 bars")
        #expect(check(ClickRequest(tempo: "120", subdivide: 17)) == "--subdivide 17 is out of range: use 1 to 16")
        #expect(check(ClickRequest(tempo: "120"), volume: 4.5) == "--volume 4.5 is out of range: use 0 to 4")
        #expect(check(ClickRequest(tempo: "120"), levels: "1,5")
                == "--levels '1,5' is not valid: give 1 to 3 volumes from 0 to 4, e.g. 1,0.8,0.5")
    }

    @Test("what to play: --repeat, --crossfade, --beats-per-bar, --engine, --section with times, a time, --transpose, --advance")
    func play() {
        #expect(problem { try PlayRequest().check() } == "no problem")
        #expect(problem { try PlayRequest(repeat: "0").check() } == "--repeat 0 is out of range: use 1 to 10000, or endless")
        #expect(problem { try PlayRequest(crossfade: 501).check() } == "--crossfade 501 is out of range: use 0 to 500 ms")
        #expect(problem { try PlayRequest(beatsPerBar: 0).check() } == "--beats-per-bar 0 is out of range: use 1 to 64")
        #expect(problem { try PlayRequest(engine: "best").check() } == "--engine must be faster or finer")
        #expect(problem { try PlayRequest(from: "1", section: "verse").check() } == "give --section NAME or --from/--to, not both")
        #expect(problem { try PlayRequest(click: "2000").check() } == "tempo 2000 is out of range: use 1 to 1000 BPM")
        #expect(problem { try PlayRequest(transpose: "13").check() } == "--transpose '13' is not valid: use -12 to 12 semitones")
        #expect(problem { try PlayRequest(advance: "never").check() } == "--advance 'never' is not valid: use next, stop or loop-all")
    }

    @Test("shadowing: --repeat, --split (silence only, not with --subs), --crossfade")
    func shadow() {
        func request(subs: String? = nil, repeat: String = "3", crossfade: Int? = nil) -> ShadowRequest {
            ShadowRequest(file: "lesson.mp3", subs: subs, split: false, repeat: `repeat`, gap: "1.2x", speed: nil, plan: nil,
                          listenFirst: false, blind: false, wait: false, sentence: nil, crossfade: crossfade)
        }
        #expect(problem { try request().check(split: "silence") } == "no problem")
        #expect(problem { try request(repeat: "many").check(split: nil) } == "--repeat 'many' is not valid: use 1 to 10000, or endless")
        #expect(problem { try request().check(split: "words") } == "--split takes silence, not 'words'")
        #expect(problem { try request(subs: "l.srt").check(split: "silence") } == "give --subs or --split, not both")
        #expect(problem { try request(crossfade: -1).check(split: nil) } == "--crossfade -1 is out of range: use 0 to 500 ms")
    }

    @Test("noise: --level within -90 to -12 dBFS, --fade a time or 0; --transport; render-cost's block, length and rate")
    func noiseTransportAndCost() {
        #expect(problem { try NoiseChoice.check(level: -18, fade: "0") } == "no problem")
        #expect(problem { try NoiseChoice.check(level: -6, fade: nil) } == "noise level -6 dBFS is out of range: use -90 to -12 dBFS RMS")
        #expect(problem { try NoiseChoice.check(level: nil, fade: "soon") } == "--fade takes a time such as 20s, or 0, not 'soon'")
        #expect((try? ClickLaunch.transportMode("master")) == .master)
        #expect(problem { _ = try ClickLaunch.transportMode("slave") } == "--transport must be free, follow or master, not 'slave'")
        #expect(problem { try RenderCost(block: 64, seconds: 600, rate: 48_000).check() } == "no problem")
        #expect(problem { try RenderCost(block: 64, seconds: 0, rate: 48_000).check() }
                == "--seconds 0.0 is out of range: use more than 0 and at most 86400")
        #expect(problem { try RenderCost(block: 8193, seconds: 1, rate: 48_000).check() } == "--block 8193 is out of range: use 1 to 8192")
        #expect(problem { try RenderCost(block: 64, seconds: 1, rate: 4_000).check() } == "rate 4000 is not supported: use 8000 to 384000 Hz")
    }

    @Test("--then-sound (--then-noise): read when given, never after --repeat-all")
    func thenNoise() throws {
        #expect(try ThenNoise.option(nil, repeatAll: true) == nil)
        #expect(try ThenNoise.option("brown:15m", repeatAll: false) == (try ThenNoise(parsing: "brown:900s")))
        #expect(problem { _ = try ThenNoise.option("brown:15m", repeatAll: true) } == "--repeat-all never ends, so --then-sound would never start")
        #expect(problem { _ = try ThenNoise.option("brown", repeatAll: false) }
                == "--then-sound takes SOUND:DURATION such as brown:15m, not 'brown'")
    }

    @Test("woodshed ctl: status asks for the state, an action is /woodshed/ACTION with a number as a double, else a string")
    func ctl() throws {
        func message(_ action: String, _ argument: String?) throws(OptionProblem) -> OSCMessage {
            try CtlRequest(action: action, argument: argument, instance: nil, json: false).message()
        }
        #expect(try message("status", nil) == OSCMessage("/woodshed/state", []))
        #expect(try message("tempo-set", "97.5") == OSCMessage("/woodshed/tempo-set", [.double(97.5)]))
        #expect(try message("preset", "son-clave") == OSCMessage("/woodshed/preset", [.string("son-clave")]))
        #expect(try message("start", nil) == OSCMessage("/woodshed/start", []))
        #expect(problem { _ = try message("status", "now") } == "status takes no argument")
    }
}

import CSndFile
import Foundation
import Testing

/// A folder with a 10 s mono WAV (`song.wav`) and its own data and cache homes.
private struct RangeFolder {
    let dir: URL

    init() throws {
        dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("song.wav").path
        var info = SF_INFO(frames: 0, samplerate: 48_000, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), sections: 0, seekable: 0)
        guard let f = sf_open(path, Int32(SFM_WRITE), &info) else { throw CocoaError(.fileWriteUnknown) }
        let samples = (0..<480_000).map { Float(sin(Double($0) * 2 * Double.pi * 220 / 48_000) * 0.25) }
        _ = samples.withUnsafeBufferPointer { sf_writef_float(f, $0.baseAddress, 480_000) }
        sf_close(f)
    }

    func run(_ args: [String]) throws -> E2E.Result {
        try E2E.run(E2E.woodshed, args, cwd: dir, environment: [
            "XDG_DATA_HOME": dir.appendingPathComponent("data").path, "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path, "JACK_DEFAULT_SERVER": "woodshed-no-such-server",
        ])
    }

    /// Everything in the folder but the cache (`sections` remembers a file's fingerprint there).
    var contents: [String] {
        get throws { try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix("cache") }.sorted() }
    }

    /// Runs `args`: it must fail with `status`, `error` as the first line of stderr, nothing on
    /// stdout, and leave the folder as it was (no output file, no practice file).
    func refused(_ args: [String], _ error: String, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try contents
        let r = try run(args)
        #expect(r.status == status, "\(args): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stdout == "", "\(args)", sourceLocation: sourceLocation)
        #expect(r.stderr.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) == "Error: \(error)",
                "\(args): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(try contents == before, "\(args) wrote something",
                sourceLocation: sourceLocation)
    }
}

@Suite("Numbers on the command line: negative values are values, one range per option, errors in times, typos named")
struct OptionRangeCommandTests {
    @Test("a negative value is taken as the option's value, not as an option ('Missing value' no more)")
    func negativeValues() throws {
        let f = try RangeFolder()
        // --level -24 is taken: the next problem reported is the bad --for after it.
        try f.refused(["noise", "brown", "--level", "-24", "--for", "soon"],
                      "--for takes a duration such as 90s, 10m or 1h30m (at most 24h), not 'soon'", status: 64)
        try f.refused(["noise", "brown", "--level", "-6"], "noise level -6 dBFS is out of range: use -90 to -12 dBFS RMS", status: 64)
        try f.refused(["render", "x.wav", "120", "--meter", "-1/4"],
                      "meter '-1/4' is not valid: write beats/denominator, e.g. 7/8 (1-64 beats, denominator 1-64)", status: 1)
        try f.refused(["render", "x.wav", "120", "--count-in", "-1"], "--count-in -1 is out of range: use 0 to 64 bars", status: 64)
        try f.refused(["render", "x.wav", "120", "--bars", "-2"], "--bars -2 is out of range: use 1 to 1000000", status: 64)
        try f.refused(["render", "x.wav", "120", "--seconds", "-5"], "--seconds -5.0 is out of range: use more than 0 and at most 86400", status: 64)
        // A positional number that cannot be negative is named, not read as an option.
        try f.refused(["render", "x.wav", "-120"], "tempo -120 is out of range: use 1 to 1000 BPM", status: 1)
        try f.refused(["render", "x.wav", "-120", "--bars", "2", "--verbose"], "tempo -120 is out of range: use 1 to 1000 BPM", status: 1)
        try f.refused(["click", "-120"], "tempo -120 is out of range: use 1 to 1000 BPM", status: 1)
        try f.refused(["sections", "song.wav", "add", "a", "-1", "5"], "'a' would start before the audio does (at -0:01.000)", status: 1)
        try f.refused(["sections", "song.wav", "add", "a", "-1", "5", "--repeat", "2"],
                      "'a' would start before the audio does (at -0:01.000)", status: 1)
    }

    @Test("--repeat and --count-in: the same range and the same message in play, render --play, shadow and sections")
    func sameRangeEverywhere() throws {
        let f = try RangeFolder()
        let commands: [(args: [String], status: Int32)] = [
            (["play", "song.wav"], 64),
            (["render", "out.wav", "--play", "song.wav"], 64),
            (["shadow", "song.wav"], 64),
            (["sections", "song.wav", "add", "a", "1", "2"], 1),
        ]
        for (args, status) in commands {
            for bad in ["-1", "0", "10001"] {
                try f.refused(args + ["--repeat", bad], "--repeat \(bad) is out of range: use 1 to 10000, or endless", status: status)
            }
            try f.refused(args + ["--repeat", "many"], "--repeat 'many' is not valid: use 1 to 10000, or endless", status: status)
        }
        for (args, status) in [(["play", "song.wav"], Int32(64)), (["render", "out.wav", "--play", "song.wav"], 64),
                               (["render", "out.wav", "120"], 64), (["sections", "song.wav", "add", "a", "1", "2"], 1)] {
            for bad in ["-1", "65"] {
                try f.refused(args + ["--count-in", bad], "--count-in \(bad) is out of range: use 0 to 64 bars", status: status)
            }
        }
        for args in [["play", "song.wav"], ["shadow", "song.wav"]] {
            try f.refused(args + ["--crossfade", "501"], "--crossfade 501 is out of range: use 0 to 500 ms", status: 64)
        }
    }

    @Test("every practice value is checked before anything opens: the bad value is named even when the file is missing too")
    func checkedFirst() throws {
        let f = try RangeFolder()
        let speed = "speed '3' is not valid: use 0.25 to 2.0 (or 25% to 200%), at most three decimals"
        for args in [["play", "missing.wav"], ["render", "out.wav", "--play", "missing.wav"], ["shadow", "missing.wav"]] {
            try f.refused(args + ["--speed", "3"], speed, status: 64)
            try f.refused(args + ["--repeat", "10001"], "--repeat 10001 is out of range: use 1 to 10000, or endless", status: 64)
            try f.refused(args + ["--gap", "-2s"], "gap '-2s' is not valid: write a time (2s, 1500ms) or a multiple of the pass (1.5x)", status: 64)
        }
        for args in [["play", "missing.wav"], ["render", "out.wav", "--play", "missing.wav"]] {
            try f.refused(args + ["--transpose", "-13"], "--transpose '-13' is not valid: use -12 to 12 semitones", status: 64)
            try f.refused(args + ["--from", "soon"],
                          "time 'soon' is not valid: write seconds (62.5), m:ss.fff (1:02.5), h:mm:ss, or milliseconds (350ms)", status: 64)
            try f.refused(args + ["--advance", "never"], "--advance 'never' is not valid: use next, stop or loop-all", status: 64)
        }
        // A negative transpose is a value: this one renders.
        let r = try f.run(["render", "out.wav", "--play", "song.wav", "--transpose", "-3", "--from", "1", "--to", "2"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("the top of each range is taken and saved: --repeat 10000 --count-in 64 reads back; render --play takes them")
    func topOfRange() throws {
        let f = try RangeFolder()
        let add = try f.run(["sections", "song.wav", "add", "a", "1", "2", "--repeat", "10000", "--count-in", "64"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "added section 1 'a': 0:01.000 to 0:02.000 (0:01.000); 10000 passes, count-in 64 bars, then next\n")
        let list = try f.run(["sections", "song.wav", "list"])
        #expect(list.stdout.contains("10000 passes, count-in 64 bars, then next"), "\(list.stdout)\(list.stderr)")
        let render = try f.run(["render", "out.wav", "--play", "song.wav", "--from", "1", "--to", "1.01", "--repeat", "10000",
                                "--crossfade", "0", "--seconds", "2"])
        #expect(render.status == 0, "\(render.stderr)")
    }

    @Test("section bounds are said in times: --from/--to past the end or the wrong way round")
    func times() throws {
        let f = try RangeFolder()
        let play = ["render", "out.wav", "--play", "song.wav"]
        try f.refused(play + ["--from", "5", "--to", "4"], "--to 0:04.000 is before --from 0:05.000", status: 1)
        try f.refused(play + ["--from", "5", "--to", "5"], "--from and --to are both 0:05.000: a section needs a length", status: 1)
        try f.refused(play + ["--from", "12"], "--from 0:12.000 is past the end of song.wav (0:10.000)", status: 1)
        try f.refused(play + ["--to", "10.5"], "--to 0:10.500 is past the end of song.wav (0:10.000)", status: 1)
    }

    @Test("a mistyped command: one line with the closest command, or the list; never another command's usage")
    func typos() throws {
        let f = try RangeFolder()
        try f.refused(["rendr", "x.wav", "120"], "unknown command 'rendr' for 'woodshed'; did you mean 'render'?", status: 64)
        try f.refused(["presets", "shwo", "x"], "unknown command 'shwo' for 'woodshed presets'; did you mean 'show'?", status: 64)
        try f.refused(["midi", "lern", "tap"], "unknown command 'lern' for 'woodshed midi'; did you mean 'learn'?", status: 64)
        try f.refused(["playlist", "creat", "a"], "unknown command 'creat' for 'woodshed playlist'; did you mean 'create'?", status: 64)
        try f.refused(["xyzzy"], "unknown command 'xyzzy' for 'woodshed': use click, render, presets, midi, sections, play, shadow, "
                      + "noise, sounds, log, playlist, ctl, alarm, clock, tinnitus, takes, coach or calibrate", status: 64)
        try f.refused(["presets", "xyzzy"], "unknown command 'xyzzy' for 'woodshed presets': use list or show", status: 64)
        try f.refused(["sections", "song.wav", "ad", "a", "1", "2"],
                      "unknown action 'ad' for 'woodshed sections FILE'; did you mean 'add'?", status: 1)
        for args in [["rendr", "x.wav"], ["presets", "shwo", "x"]] {
            let r = try f.run(args)
            #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
        // Known commands still work, `help` included.
        #expect(try f.run(["presets"]).status == 0)
        #expect(try f.run(["help", "presets"]).stdout.contains("USAGE:"))
    }
}

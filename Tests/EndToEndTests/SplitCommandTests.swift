import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

/// A folder with audio files and its own `XDG_DATA_HOME` and `XDG_CACHE_HOME`, and
/// `woodshed sections` run in it.
private struct SplitFolder {
    let dir: URL
    var data: URL { dir.appendingPathComponent("data") }
    var sections: URL { data.appendingPathComponent("woodshed/sections") }

    init() throws {
        dir = try E2E.tempDir()
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// A mono 16-bit WAV at 48 kHz, `seconds` long: square-wave "speech" (±0.25) in each of
    /// `bursts` (from and to, in milliseconds), and quiet noise (below −54 dBFS on every sample)
    /// everywhere, so the content is the same every run.
    func speech(_ name: String, seconds: Int, bursts: [(Int, Int)]) throws {
        let rate = 48, frames = seconds * 48_000
        var random = UInt64(6)
        var samples = (0..<frames).map { _ -> Int16 in
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int16(Int(random >> 57) - 64)   // −64…63
        }
        for (a, b) in bursts { for i in (a * rate)..<(b * rate) { samples[i] = i % 2 == 0 ? 8_192 : -8_192 } }
        try TestAudio.write(path(name), samples)
    }

    func run(_ args: String...) throws -> E2E.Result { try run(args) }

    /// `woodshed ARGS` in this folder, with its data and cache homes.
    func run(_ args: [String]) throws -> E2E.Result {
        try E2E.run(E2E.woodshed, args, cwd: dir, environment: ["XDG_DATA_HOME": data.path, "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
    }

    /// The saved sections as name, from and to (frames), read from the one practice file.
    var savedSections: [(name: String, from: Int64, to: Int64)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: sections.path)) ?? []).sorted()
        guard let name = names.first(where: { $0.hasSuffix(".json") && !$0.hasPrefix(".") }),
              let data = FileManager.default.contents(atPath: sections.appendingPathComponent(name).path),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["sections"] as? [[String: Any]] else { return [] }
        return list.compactMap { s in
            guard let n = s["name"] as? String, let a = s["from"] as? NSNumber, let b = s["to"] as? NSNumber else { return nil }
            return (n, a.int64Value, b.int64Value)
        }
    }
}

@Suite("`woodshed sections FILE split`: sentences found on pauses, previewed or saved as s1, s2, …")
struct SplitCommandTests {
    /// Speech from 1.0 to 2.5 s with a 200 ms comma pause inside, then pauses of 600, 400, 400
    /// and 1000 ms; the 300 ms bit at 5.6 s is shorter than a sentence and joins the one 400 ms
    /// before it (the next is 1000 ms away).
    static let bursts = [(1000, 1700), (1900, 2500), (3100, 4000), (4400, 5200), (5600, 5900), (6900, 8000)]

    @Test("--preview lists the sentences exactly and saves nothing; -40dB parses as a value")
    func preview() throws {
        let f = try SplitFolder()
        try f.speech("lesson.wav", seconds: 9, bursts: Self.bursts)
        let table = """
            #  from      to        length
            1  0:00.850  0:02.650  0:01.800
            2  0:02.950  0:04.150  0:01.200
            3  0:04.250  0:06.050  0:01.800
            4  0:06.750  0:08.150  0:01.400
            4 sentences; nothing saved (--preview)

            """
        for args in [["--preview"], ["--threshold", "-40dB", "--preview"], ["--preview", "--threshold=-40dB", "--min-silence", "350ms"],
                     ["--threshold", "-40", "--min-sentence", "0.5", "--pad", "150ms", "--preview"]] {
            let r = try f.run(["sections", "lesson.wav", "split"] + args)
            #expect(r.status == 0 && r.stderr == "", "\(args): \(r)")
            #expect(r.stdout == table, "\(args)")
        }
        #expect(f.savedSections.isEmpty)
        #expect(try f.run("sections", "lesson.wav", "list").stdout == "no sections yet\n")

        // Pads of 250 ms meet in the 400 ms pause after sentence 2: it is cut in the middle.
        let r = try f.run("sections", "lesson.wav", "split", "--pad", "250ms", "--threshold", "-30dB", "--preview")
        #expect(r.status == 0 && r.stderr == "", "\(r)")
        #expect(r.stdout == """
            #  from      to        length
            1  0:00.750  0:02.750  0:02.000
            2  0:02.850  0:04.200  0:01.350
            3  0:04.200  0:06.150  0:01.950
            4  0:06.650  0:08.250  0:01.600
            4 sentences; nothing saved (--preview)

            """)
    }

    @Test("saving: s1, s2, … merged by name like a subtitle import; plans kept; leftovers reported")
    func save() throws {
        let f = try SplitFolder()
        try f.speech("lesson.wav", seconds: 9, bursts: Self.bursts)
        var r = try f.run("sections", "lesson.wav", "split")
        #expect(r.status == 0 && r.stderr == "", "\(r)")
        #expect(r.stdout == """
            added 's1': 0:00.850 to 0:02.650 (0:01.800); 1 pass, then next
            added 's2': 0:02.950 to 0:04.150 (0:01.200); 1 pass, then next
            added 's3': 0:04.250 to 0:06.050 (0:01.800); 1 pass, then next
            added 's4': 0:06.750 to 0:08.150 (0:01.400); 1 pass, then next
            split into 4 sentences: 4 added, 0 replaced

            """)
        #expect(f.savedSections.map(\.from) == [40_800, 141_600, 204_000, 324_000])
        #expect(f.savedSections.map(\.to) == [127_200, 199_200, 290_400, 391_200])
        #expect(try f.run("sections", "lesson.wav", "set", "s1", "--repeat", "3").status == 0)
        #expect(try f.run("sections", "lesson.wav", "add", "mine", "0", "1").status == 0)

        // Only the 1000 ms pause is long enough now: two sentences replace s1 and s2.
        r = try f.run("sections", "lesson.wav", "split", "--min-silence", "700ms")
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr == "Warning: 's3', 's4' are left from before (remove them with rm if not wanted)\n")
        #expect(r.stdout == """
            replaced 's1': 0:00.850 to 0:06.050 (0:05.200); 3 passes, then next
            replaced 's2': 0:06.750 to 0:08.150 (0:01.400); 1 pass, then next
            split into 2 sentences: 0 added, 2 replaced

            """)
        // The table, then (after a blank line) the file's timeline, shown in SectionsCommandTests.
        let listed = try f.run("sections", "lesson.wav", "list").stdout.components(separatedBy: "\n\n")
        #expect(listed.count == 2 && listed[1].hasPrefix("0:00.000 [") && listed[1].hasSuffix("] 0:09.000\n"), "\(listed)")
        #expect(listed[0] + "\n" == """
            #  name  from      to        length    plan
            1  s1    0:00.850  0:06.050  0:05.200  3 passes, then next
            2  s2    0:06.750  0:08.150  0:01.400  1 pass, then next
            3  s3    0:04.250  0:06.050  0:01.800  1 pass, then next
            4  s4    0:06.750  0:08.150  0:01.400  1 pass, then next
            5  mine  0:00.000  0:01.000  0:01.000  1 pass, then next

            """)
    }

    @Test("espeak-ng sentences with comma pauses: one section per sentence, saved, holding all of its speech and none of its neighbours'")
    func spokenLesson() throws {
        let f = try SplitFolder()
        let lesson = try SpokenLesson(["Good morning, everyone.", "The weather is lovely today, and the sun is warm.",
                                       "Where is the station?", "I would like a cup of coffee, please."],
                                      pauses: [0.4, 0.7, 0.6, 0.85, 1.0], noise: -60, folder: f.dir)
        try lesson.writeWAV(to: f.path("spoken.wav"))
        let r = try f.run("sections", "spoken.wav", "split")
        #expect(r.status == 0 && r.stderr == "", "\(r)")
        let table = try f.run("sections", "spoken.wav", "list").stdout.components(separatedBy: "\n\n")[0]
        let list = table.split(separator: "\n")
        #expect(list.count == 5 && list.dropFirst().map { $0.split(separator: " ")[1] } == ["s1", "s2", "s3", "s4"], "\(list)")
        let saved = f.savedSections
        #expect(saved.map(\.name) == ["s1", "s2", "s3", "s4"])
        guard saved.count == 4 else { return }
        let most = Int64(lesson.rate) * 150 / 1000   // whole frames, 150 ms at most
        for (k, (s, said)) in zip(saved, lesson.sentences).enumerated() {
            #expect(s.from <= Int64(said.speechStart) && s.to >= Int64(said.speechEnd), "s\(k + 1) clips its speech")
            #expect(Int64(said.speechStart) - s.from <= most && s.to - Int64(said.speechEnd) <= most, "s\(k + 1) pads too much")
            if k > 0 { #expect(s.from >= Int64(lesson.sentences[k - 1].speechEnd), "s\(k + 1) reaches back") }
            if k < 3 { #expect(s.to <= Int64(lesson.sentences[k + 1].speechStart), "s\(k + 1) reaches forward") }
        }
    }

    @Test("bad options and silent files: one line on stderr, exit 1, nothing saved")
    func refused() throws {
        let f = try SplitFolder()
        try f.speech("lesson.wav", seconds: 9, bursts: Self.bursts)
        try f.speech("silent.wav", seconds: 2, bursts: [])
        let cases: [([String], String)] = [
            (["lesson.wav", "split", "--threshold", "loud"],
             "--threshold takes a level in dBFS such as -40dB, or one below the loudest part such as peak-30dB, not 'loud'"),
            (["lesson.wav", "split", "--threshold", "6dB"], "--threshold: a level must be below 0 dBFS and at least -120 dBFS, not '6dB'"),
            (["lesson.wav", "split", "--min-silence", "soon"], "--min-silence takes a time such as 350ms or 0.35, not 'soon'"),
            (["lesson.wav", "split", "--min-silence", "0ms"], "--min-silence must be more than 0"),
            (["lesson.wav", "split", "--pad", "-5ms"], "--pad must be 0 or more"),
            (["lesson.wav", "split", "--threshold"], "split: Missing value for '--threshold <threshold>' (see woodshed sections FILE split --help)"),
            (["lesson.wav", "split", "--frob"], "split: Unknown option '--frob' (see woodshed sections FILE split --help)"),
            (["lesson.wav", "split", "--threshold", "-10dB"], "no speech found in lesson.wav above -10dB (its loudest 10 ms is -12.0 dBFS): try a lower --threshold, or peak-30dB"),
            (["silent.wav", "split", "--preview"], "no speech found in silent.wav above -40dB (its loudest 10 ms is -58.2 dBFS): try a lower --threshold, or peak-30dB"),
        ]
        for (args, error) in cases {
            let r = try f.run(["sections"] + args)
            #expect(r.status == 1, "\(args)")
            #expect(r.stdout == "", "\(args)")
            #expect(r.stderr == "Error: \(error)\n", "\(args)")
        }
        #expect(f.savedSections.isEmpty)
    }
}

import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

/// A folder with audio files, its own `XDG_DATA_HOME` and `XDG_STATE_HOME`, and `woodshed` run
/// in it in UTC.
private struct ShadowFolder {
    let dir: URL
    var data: URL { dir.appendingPathComponent("data") }
    var state: URL { dir.appendingPathComponent("state") }
    var sections: URL { data.appendingPathComponent("woodshed/sections") }
    var log: URL { state.appendingPathComponent("woodshed/practice-log.jsonl") }
    /// The folder as the binary sees it (symbolic links resolved, as getcwd gives it).
    var realDir: String { dir.resolvingSymlinksInPath().path }

    init() throws {
        dir = try E2E.tempDir()
    }

    /// A mono 16-bit WAV of `seconds` of silence at `rate`.
    func wav(_ name: String, seconds: Int = 10, rate: Int = 48_000) throws {
        try TestAudio.write(dir.appendingPathComponent(name).path, [Int16](repeating: 0, count: seconds * rate), rate: rate)
    }

    /// Writes `text` (UTF-8, after a byte order mark when `bom`) to `name` in the folder.
    func write(_ name: String, _ text: String, bom: Bool = false) throws {
        try ((bom ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(text.utf8)).write(to: dir.appendingPathComponent(name))
    }

    func text(_ name: String) -> String? { try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) }

    /// The one practice file's text and its fingerprint (its name without `.json`).
    var practiceFile: (text: String, fingerprint: String)? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: sections.path)) ?? []).sorted()
        guard let name = names.first(where: { $0.hasSuffix(".json") && !$0.hasPrefix(".") }),
              let text = try? String(contentsOf: sections.appendingPathComponent(name), encoding: .utf8) else { return nil }
        return (text, String(name.dropLast(5)))
    }

    func run(_ args: String...) throws -> E2E.Result { try run(args) }
}

@Suite("Shadowing files: subtitles and Audacity labels in and out of `woodshed sections`, and `woodshed log`")
struct ShadowImportTests {
    static let srt = [
        "1", "00:00:01,000 --> 00:00:03,500", "<i>Bonjour</i> tout le monde.", "",
        "2", "00:00:03,000 --> 00:00:05,250", "Comment ça va ?", "- Très bien,", "merci.", "",
        "3", "00:00:09,000 --> 00:00:11,000", "{\\an8}À bientôt !", "",
        "4", "00:00:12,000 --> 00:00:13,000", "Trop tard.", "",
    ].joined(separator: "\r\n")

    static let srtWarnings = """
        Warning: lesson.srt:12: cue 3 ends at 0:11.000, after the end of the audio (0:10.000): cut there
        Warning: lesson.srt:16: cue 4 starts at 0:12.000, at or after the end of the audio (0:10.000): left out

        """

    @Test("import .srt: one section per cue with its text, overlaps cut, the end reported; labels out, fixed by hand, back in; plans kept")
    func srtAndLabels() throws {
        let f = try ShadowFolder()
        try f.wav("lesson.wav")
        try f.write("lesson.srt", Self.srt, bom: true)
        var r = try f.run("sections", "lesson.wav", "import", "lesson.srt")
        #expect(r.status == 0)
        #expect(r.stderr == Self.srtWarnings)
        #expect(r.stdout == """
            added 's1': 0:01.000 to 0:03.000 (0:02.000); 1 pass, then stop
            added 's2': 0:03.000 to 0:05.250 (0:02.250); 1 pass, then stop
            added 's3': 0:09.000 to 0:10.000 (0:01.000); 1 pass, then stop
            imported 3 sections from lesson.srt: 3 added, 0 replaced

            """)
        guard let saved = f.practiceFile else { Issue.record("no practice file"); return }
        #expect(saved.text == """
            {
              "schemaVersion": 1,
              "fingerprint": "\(saved.fingerprint)",
              "lastKnownPath": "\(f.realDir)/lesson.wav",
              "rate": 48000,
              "frames": 480000,
              "sections": [
                {
                  "name": "s1",
                  "from": 48000,
                  "to": 144000,
                  "text": "Bonjour tout le monde.",
                  "repeat": 1,
                  "countIn": 0,
                  "advance": "stop"
                },
                {
                  "name": "s2",
                  "from": 144000,
                  "to": 252000,
                  "text": "Comment ça va ?\\n- Très bien,\\nmerci.",
                  "repeat": 1,
                  "countIn": 0,
                  "advance": "stop"
                },
                {
                  "name": "s3",
                  "from": 432000,
                  "to": 480000,
                  "text": "À bientôt !",
                  "repeat": 1,
                  "countIn": 0,
                  "advance": "stop"
                }
              ],
              "settings": {}
            }

            """)

        #expect(try f.run("sections", "lesson.wav", "set", "s1", "--repeat", "3").status == 0)
        r = try f.run("sections", "lesson.wav", "export", "labels.txt")
        #expect(r.status == 0 && r.stderr == "" && r.stdout == "exported 3 sections to labels.txt\n", "\(r)")
        #expect(f.text("labels.txt") == "1.000000\t3.000000\tBonjour tout le monde.\n3.000000\t5.250000\tComment ça va ? / - Très bien, / merci.\n"
            + "9.000000\t10.000000\tÀ bientôt !\n")

        // Fixed by hand in Audacity: s1 ends earlier, s2 starts there, a point label added.
        try f.write("labels.txt", "1.000000\t2.900000\ts1\r\n2.900000\t5.250000\ts2\r\n\\\t100.000000\t3000.000000\r\n"
            + "9.000000\t10.000000\ts3\r\n7.000000\t7.000000\tpoint\r\n")
        r = try f.run("sections", "lesson.wav", "import", "labels.txt")
        #expect(r.status == 0 && r.stderr == "", "\(r)")
        #expect(r.stdout == """
            replaced 's1': 0:01.000 to 0:02.900 (0:01.900); 3 passes, then stop
            replaced 's2': 0:02.900 to 0:05.250 (0:02.350); 1 pass, then stop
            replaced 's3': 0:09.000 to 0:10.000 (0:01.000); 1 pass, then stop
            added 'point': 0:07.000 to 0:09.000 (0:02.000); 1 pass, then stop
            imported 4 sections from labels.txt: 1 added, 3 replaced

            """)
        #expect(try f.run("sections", "lesson.wav").stdout == """
            #  name   from      to        length    plan                 text
            1  s1     0:01.000  0:02.900  0:01.900  3 passes, then stop  Bonjour tout le monde.
            2  s2     0:02.900  0:05.250  0:02.350  1 pass, then stop    Comment ça va ? / - Très bien, / merci.
            3  s3     0:09.000  0:10.000  0:01.000  1 pass, then stop    À bientôt !
            4  point  0:07.000  0:09.000  0:02.000  1 pass, then stop

            0:00.000 [·····1──────────2─────────────··········4───────────3─────] 0:10.000

            """)
        // Labels carry no text: the cue's text stays.
        #expect(f.practiceFile?.text.contains("""
                  "name": "s1",
                  "from": 48000,
                  "to": 139200,
                  "text": "Bonjour tout le monde.",
                  "repeat": 3,
            """) == true)

        // The subtitles again: the cuts go back, the plans stay.
        r = try f.run("sections", "lesson.wav", "import", "lesson.srt")
        #expect(r.status == 0 && r.stderr == Self.srtWarnings, "\(r)")
        #expect(r.stdout == """
            replaced 's1': 0:01.000 to 0:03.000 (0:02.000); 3 passes, then stop
            replaced 's2': 0:03.000 to 0:05.250 (0:02.250); 1 pass, then stop
            replaced 's3': 0:09.000 to 0:10.000 (0:01.000); 1 pass, then stop
            imported 3 sections from lesson.srt: 0 added, 3 replaced

            """)
    }

    @Test("import .vtt into a 44.1 kHz file; its sections export as labels and as JSON with the text")
    func webVTT() throws {
        let f = try ShadowFolder()
        try f.wav("lesson.wav", seconds: 5, rate: 44_100)
        try f.write("Lesson.VTT", """
            WEBVTT

            NOTE made by hand

            intro
            00:00.500 --> 00:02.000 align:start
            <c.yellow>Guten Tag</c>

            00:02.000 --> 00:04.000
            Wie geht's?

            """)
        var r = try f.run("sections", "lesson.wav", "import", "Lesson.VTT")
        #expect(r.status == 0 && r.stderr == "", "\(r)")
        #expect(r.stdout == """
            added 's1': 0:00.500 to 0:02.000 (0:01.500); 1 pass, then stop
            added 's2': 0:02.000 to 0:04.000 (0:02.000); 1 pass, then stop
            imported 2 sections from Lesson.VTT: 2 added, 0 replaced

            """)
        r = try f.run("sections", "lesson.wav", "export", "labels.TXT")
        #expect(r.status == 0 && r.stdout == "exported 2 sections to labels.TXT\n", "\(r)")
        #expect(f.text("labels.TXT") == "0.500000\t2.000000\tGuten Tag\n2.000000\t4.000000\tWie geht's?\n")
        r = try f.run("sections", "lesson.wav", "export", "out.json")
        #expect(r.status == 0, "\(r)")
        #expect(f.text("out.json")?.contains("""
                  "name": "s1",
                  "from": 22050,
                  "to": 88200,
                  "fromTime": "0:00.500",
                  "toTime": "0:02.000",
                  "text": "Guten Tag",
            """) == true, "\(f.text("out.json") ?? "")")
    }

    @Test("bad subtitle and label files: one error line naming the file and line, exit 1, nothing written; a bad cue is skipped with a warning")
    func refusals() throws {
        let f = try ShadowFolder()
        try f.wav("lesson.wav")
        let lines = ["1", "00:00:01,000 --> 00:00:02,000", "one", "",
                     "2", "00:00:03,000 --> 00:00:04,000", "two", "",
                     "3", "00:00:05,000 --> 00:00:06,000", "three", "",
                     "4", "00:01:02.5x --> 00:01:04,000", "four", ""]
        try f.write("bad.srt", lines.joined(separator: "\n"))
        try f.write("allbad.srt", "1\n00:00:01;000 --> 00:00:02,000\none\n\n2\n00:00:03,000 -> 00:00:04,000\ntwo\n")
        try f.write("bad.txt", "1.000000\t2.000000\tok\n2.000000\t1.000000\tbackwards\n")
        try f.write("empty.vtt", "WEBVTT\n\nNOTE nothing yet\n")
        try f.write("novtt.vtt", "00:01.000 --> 00:02.000\nhi\n")
        let cases: [([String], String)] = [
            (["import", "bad.txt"], "bad.txt:2: the label ends (1.000000) before it starts (2.000000)"),
            (["import", "empty.vtt"], "empty.vtt: no cues in the file"),
            (["import", "novtt.vtt"], "novtt.vtt:1: a WebVTT file starts with 'WEBVTT', not '00:01.000 --> 00:02.000'"),
            (["import", "missing.srt"], "can't read 'missing.srt': No such file or directory"),
            (["export", "out.srt"], "export writes Audacity labels (.txt) or JSON (any other name), not subtitles (.srt)"),
        ]
        for (args, error) in cases {
            let r = try f.run(["sections", "lesson.wav"] + args)
            #expect(r.status == 1 && r.stdout == "", "\(args)")
            #expect(r.stderr == "Error: \(error)\n", "\(args)")
        }
        var r = try f.run("sections", "lesson.wav", "import", "allbad.srt")
        #expect(r.status == 1 && r.stdout == "", "\(r)")
        #expect(r.stderr == """
            Warning: allbad.srt:2: bad timestamp '00:00:01;000': cue skipped
            Warning: allbad.srt:6: expected a cue's times ('00:00:01,000 --> 00:00:02,500'), not '00:00:03,000 -> 00:00:04,000': skipped
            Error: allbad.srt: no cue could be read (2 skipped)

            """)
        try f.write("late.srt", "1\n00:00:12,000 --> 00:00:13,000\nlate\n")
        r = try f.run("sections", "lesson.wav", "import", "late.srt")
        #expect(r.status == 1 && r.stdout == "")
        #expect(r.stderr == """
            Warning: late.srt:2: cue 1 starts at 0:12.000, at or after the end of the audio (0:10.000): left out
            Error: late.srt: no cues inside the audio

            """)
        #expect(!FileManager.default.fileExists(atPath: f.sections.path))
        #expect(!FileManager.default.fileExists(atPath: f.dir.appendingPathComponent("out.srt").path))

        // One bad cue among good ones: the others are imported, the bad one named on stderr.
        r = try f.run("sections", "lesson.wav", "import", "bad.srt")
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr == "Warning: bad.srt:14: bad timestamp '00:01:02.5x': cue skipped\n")
        #expect(r.stdout.hasSuffix("imported 3 sections from bad.srt: 3 added, 0 replaced\n"), "\(r)")
    }

    @Test("woodshed log: per file and overall; a torn last line is a warning; --file and --days pick entries")
    func log() throws {
        let f = try ShadowFolder()
        #expect(try f.run("log").stdout == "nothing practised yet (the log is \(f.log.path))\n")
        let lesson = f.realDir + "/lesson.wav", song = f.realDir + "/song.wav"
        func line(_ date: String, _ file: String, _ section: String, _ index: Int, _ passes: Int, _ speed: String, _ seconds: String) -> String {
            #"{"date":"\#(date)","file":"\#(file)","section":"\#(section)","index":\#(index),"passes":\#(passes),"speed":\#(speed),"seconds":\#(seconds)}"#
        }
        let recent = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-3600))
        let text = [
            line("2025-03-01T18:00:00Z", lesson, "s1", 1, 3, "0.9", "20"),
            line("2025-03-01T18:01:00Z", lesson, "s2", 2, 5, "0.9", "35.5"),
            line("2025-03-01T18:05:00Z", song, "verse", 1, 2, "1", "60"),
            line("2025-03-02T09:00:00Z", lesson, "s2", 2, 4, "1", "30"),
            line(recent, f.realDir + "/recent.wav", "s1", 1, 1, "0.75", "42.4"),
        ].joined(separator: "\n") + "\n" + #"{"date":"2025-03-02T09:01:00Z","file":"#
        try FileManager.default.createDirectory(at: f.log.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: f.log)
        let warning = "Warning: \(f.log.path):6: the last line is unfinished (woodshed stopped while writing it): skipped\n"

        // The recent entry's day, in UTC (the tests' TZ).
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        day.timeZone = TimeZone(identifier: "UTC")
        day.locale = Locale(identifier: "en_US_POSIX")
        let today = day.string(from: Date().addingTimeInterval(-3600))
        var r = try f.run("log")
        #expect(r.status == 0 && r.stderr == warning, "\(r)")
        #expect(r.stdout == """
            \(song)
              time spent     0:01:00
              sessions       1, on 1 day
              sections       1 (2 passes)
              most repeated  'verse' (2 passes)
              time per section
                'verse'      0:01:00 (2 passes)

            \(lesson)
              time spent     0:01:26
              sessions       2, on 2 days
              sections       2 (12 passes)
              most repeated  's2' (9 passes)
              time per section
                's1'         0:00:20 (3 passes)
                's2'         0:01:06 (9 passes)

            \(f.realDir)/recent.wav
              time spent     0:00:42
              sessions       1, on 1 day
              sections       1 (1 pass)
              most repeated  's1' (1 pass)
              time per section
                's1'         0:00:42 (1 pass)

            all 3 files
              time spent     0:03:08
              sessions       3, on 3 days
              sections       4 (15 passes)
              most repeated  's2' in lesson.wav (9 passes)

            days (local time)
              2025-03-01     0:01:56  shadow 0:01:56
              2025-03-02     0:00:30  shadow 0:00:30
              \(today)     0:00:42  shadow 0:00:42
            streak           0 days of 5 minutes or more

            weak spots (last 14 days)
              none: no bad cuts, agains or slower passes

            """)
        r = try f.run("log", "--file", "lesson.wav")
        #expect(r.status == 0 && r.stdout == """
            \(lesson)
              time spent     0:01:26
              sessions       2, on 2 days
              sections       2 (12 passes)
              most repeated  's2' (9 passes)
              time per section
                's1'         0:00:20 (3 passes)
                's2'         0:01:06 (9 passes)

            days (local time)
              2025-03-01     0:00:56  shadow 0:00:56
              2025-03-02     0:00:30  shadow 0:00:30
            streak           0 days of 5 minutes or more

            weak spots (last 14 days)
              none: no bad cuts, agains or slower passes

            """, "\(r)")
        // --json: the same as one JSON document.
        r = try f.run("log", "--file", "song.wav", "--json")
        #expect(r.status == 0 && r.stdout.hasPrefix("""
            {
              "files": [
                {
                  "file": "\(song)",
                  "seconds": 60,
                  "sections": [

            """) && r.stdout.contains("""
              "days": [
                {
                  "date": "2025-03-01",
                  "seconds": 60,
                  "modes": {
                    "shadow": 60
                  }
                }
              ],
              "streak": {
                "days": 0,
                "through": null
              },
              "weakSpots": []
            }

            """), "\(r)")
        r = try f.run("log", "--days", "1")
        #expect(r.status == 0 && r.stdout.hasPrefix("\(f.realDir)/recent.wav\n  time spent     0:00:42\n") && !r.stdout.contains("all "), "\(r)")
        r = try f.run("log", "--days", "1", "--file", "song.wav")
        #expect(r.stdout == "nothing practised in the last 1 day with \(song)\n", "\(r)")
        r = try f.run("log", "--days", "0")
        #expect(r.status != 0 && r.stderr.contains("--days takes a number of days, 1 or more, not 0"), "\(r)")
    }

    @Test("woodshed log --tinnitus: notched minutes per day against --target (90m by default); a target not in whole minutes, or without --tinnitus, is refused")
    func tinnitusLog() throws {
        let f = try ShadowFolder()
        try FileManager.default.createDirectory(at: f.log.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((#"{"date":"2025-03-01T18:00:00Z","mode":"noise","sound":"Pink Noise","seconds":4000,"notched":3600}"# + "\n").utf8)
            .write(to: f.log)
        var r = try f.run("log", "--tinnitus")
        #expect(r.status == 0 && r.stderr == "" && r.stdout == """
            notched listening per day (local time), target 90 minutes
              2025-03-01       60 min  30 min short
            target met on 0 of 1 day

            """, "\(r)")
        r = try f.run("log", "--tinnitus", "--target", "1h")
        #expect(r.status == 0 && r.stdout.contains("  2025-03-01       60 min  target met\ntarget met on 1 of 1 day\n"), "\(r)")
        r = try f.run("log", "--tinnitus", "--target", "90s")
        #expect(r.status != 0 && r.stderr.contains("Error: --target takes whole minutes such as 90m or 1h30m (1m to 24h), not '90s'"), "\(r)")
        r = try f.run("log", "--target", "90m")
        #expect(r.status != 0 && r.stderr.contains("Error: --target goes with --tinnitus"), "\(r)")
    }
}

extension ShadowFolder {
    /// `woodshed ARGS` in this folder, with this folder's data and state homes, in UTC.
    func run(_ args: [String]) throws -> E2E.Result {
        try E2E.run(E2E.woodshed, args, cwd: dir, environment: ["XDG_DATA_HOME": data.path, "XDG_STATE_HOME": state.path,
                                                           "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "TZ": "UTC"])
    }
}

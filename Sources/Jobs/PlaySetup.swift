import Foundation
import Media
import Persistence
import Player
import Stretch
import WoodshedCore

/// Opens the audio file and builds the practice program from the options: the sections, the
/// repeat plan of the one to start with, the session's speed, transpose and click. Offline
/// (`render --play`) it is the one section asked for; live (`play`) it is every saved section
/// of the file, with an A–B from the options or the whole file first when asked for or when
/// none is saved, and the settings last used with the file where the options say nothing.
/// Main thread.
public struct PlaySetup {
    public let source: ProgramSource
    /// The files `source` reads (a playlist's tracks), for the player to ask where reading stopped early.
    public let files: [AudioSource]
    /// A playlist: its name, and each track's file in the order of `sections` (nil, [] otherwise).
    public private(set) var playlistName: String?
    public private(set) var trackPaths: [String] = []
    public let info: AudioFileInfo
    public private(set) var sections: [Section]
    /// How many of the first sections are only for this session (never saved).
    public let unsavedCount: Int
    /// Each saved section's plan as the practice file keeps it, by name: the options (`--repeat`,
    /// `--gap`, shadowing's plan) change the plans played, never these.
    public let savedPlans: [String: RepeatPlan]
    public let startSection: Int
    public let speed: Int
    public let transposeCents: Int
    public let click: MusicClick?
    public let crossfadeMilliseconds: Int
    public let engine: StretchEngine
    /// Live: the file's practice file as loaded (to save changes into), and its store.
    public let practice: PracticeFileLoad?
    /// Live: things to tell the user before playing (an unusable practice file).
    public var warnings: [String] = []

    /// Every format is read in place: nothing is decoded before it plays. Live, an MP3's frame
    /// index waits for `allowIndexing()` (the live player calls it once its output runs), so
    /// that the scan of a long file does not compete with the first sound. `shadowing`: the
    /// speed saved for `woodshed shadow` (each mode keeps its own). `store`: where practice files are.
    public init(path: String, options o: PlayRequest, countIn: Int?, live: Bool = false, shadowing: Bool = false,
                store: SectionStore = SectionStore()) throws {
        Self.retireDecodeCache()
        let opened = try AudioSource.open(path: path, indexNow: !live)
        source = opened
        files = [opened]
        info = opened.info
        warnings = opened.warnings
        let rate = info.rate

        // The practice file: live always, offline for --section.
        var load: PracticeFileLoad?
        if live || o.section != nil {
            // The fingerprint uses the length the header reports, as `woodshed sections` does.
            // A file new to Woodshed is not hashed before it plays (PlayApp settles it when saving).
            let header = opened.headerInfo
            load = try store.open(audioPath: path, frames: header.frames, rate: header.rate, hashLater: true)
            if let problem = load?.problem {
                if o.section != nil { throw ValidationErrorMessage("\(problem)") }
                warnings.append("\(problem). Playing without saved sections; that file is left as it is.")
            }
        }
        practice = live ? load : nil
        let saved = load?.file.sections ?? []
        savedPlans = Dictionary(saved.map { ($0.name, $0.plan) }, uniquingKeysWith: { a, _ in a })
        let remembered = live ? load?.file.settings : nil

        var list: [Section]
        var unsaved = 0
        var start = 0
        if let name = o.section {
            let found = try Self.section(name, in: load!.file)
            if live { list = saved; start = found.index } else { list = [found.section] }
        } else if o.from != nil || o.to != nil || !live || saved.isEmpty {
            let from = try o.from.map { try SourceTime(parsing: $0).frame(rate: rate) } ?? 0
            let to = try o.to.map { try SourceTime(parsing: $0).frame(rate: rate) } ?? info.frames
            try Self.checkRange(from: from, to: to, frames: info.frames, rate: rate, path: path)
            let name = o.from == nil && o.to == nil ? "whole file" : "A–B"
            list = [try Section(name: name, start: from, end: to)] + (live ? saved : [])
            unsaved = 1
        } else {
            // The default program: every saved section in order from the first, each with its
            // plan. Shadowing a lesson goes on from the sentence practised last.
            list = saved
            if shadowing { start = remembered?.lastSection.flatMap { load!.file.index(of: $0) } ?? 0 }
        }
        // Saved sections that end past the decoded end (an MP3's header may promise a few
        // frames more than it holds) end there instead.
        for i in list.indices where list[i].end > info.frames {
            guard list[i].start < info.frames else {
                throw ValidationErrorMessage("section '\(list[i].name)' starts past the decoded end of \(path) (\(SourceTime.of(frame: info.frames, rate: rate)))")
            }
            list[i].end = info.frames
        }
        list[start].plan = try Self.plan(list[start].plan, options: o, countIn: countIn)
        sections = list
        unsavedCount = unsaved
        startSection = start

        speed = try o.speed.map { try RepeatPlan.parseSpeed($0) } ?? (shadowing ? remembered?.shadowSpeed : remembered?.speed) ?? 1000
        if let t = o.transpose {
            transposeCents = try PlayRequest.transposeCents(t)
        } else {
            transposeCents = shadowing ? 0 : remembered?.transposeCents ?? 0
        }
        if let c = o.click {
            let tempo = try Tempo(parsing: c)
            let offset = try o.clickOffset.map { try SourceTime(parsing: $0) } ?? SourceTime(microseconds: 0)
            click = MusicClick(milliBPM: tempo.milliBPM, offset: offset, beatsPerBar: o.beatsPerBar)
        } else if let tempo = remembered?.clickTempo {
            click = MusicClick(milliBPM: tempo.milliBPM, offset: SourceTime.of(frame: remembered?.clickOffset ?? 0, rate: rate),
                               beatsPerBar: o.beatsPerBar)
        } else {
            click = countIn.map { _ in MusicClick(milliBPM: 120_000, beatsPerBar: o.beatsPerBar, duringPasses: false) }
        }
        crossfadeMilliseconds = o.crossfade ?? remembered?.crossfadeMilliseconds ?? 5
        engine = o.engine == "finer" ? .finer : .faster
    }

    /// A playlist: its tracks laid end to end (gapless), one section per track, in order or
    /// shuffled, each played once, then the next (with repeat-all, the first again after the
    /// last). Tracks at another rate than the first are converted to it. A missing or
    /// unreadable track is skipped with a warning. Nothing is saved.
    /// `live`: the tracks' frame indexes wait for `allowIndexing()`, as `init(path:...)`'s.
    public init(playlist name: String, shuffle: Bool?, repeatAll: Bool?, live: Bool = false) throws {
        let list: Playlist
        do { list = try PlaylistStore().load(try PlaylistName(name)) } catch { throw ValidationErrorMessage("\(error)") }
        Self.retireDecodeCache()
        var opened: [AudioSource] = []
        var warnings: [String] = []
        for track in list.tracks {
            do {
                opened.append(try AudioSource.open(path: track.path, indexNow: !live))
                warnings += opened.last!.warnings
            } catch {
                warnings.append("skipped \(track.path): \(error)")
            }
        }
        guard let first = opened.first else {
            throw ValidationErrorMessage(list.tracks.isEmpty ? "playlist '\(name)' has no tracks: add some with `woodshed playlist add \(name) FILE...`"
                                                             : "no track of playlist '\(name)' can be played")
        }
        let rate = first.info.rate
        let chain = TrackChain(tracks: opened.map { s in
            if s.info.rate == rate { return (s, s.info.frames) }
            let matched = RateMatchedSource(source: s, sourceRate: s.info.rate, sourceFrames: s.info.frames, rate: rate)
            return (matched, matched.frames)
        })
        let plan = RepeatPlan(repeats: .times(1), advance: (repeatAll ?? list.repeatAll) ? .loopAll : .next)
        var tracks: [(section: Section, path: String)] = []
        for (k, s) in opened.enumerated() where chain.tracks[k].frames > 0 {
            tracks.append((try Section(name: URL(fileURLWithPath: s.info.path).lastPathComponent, start: chain.offsets[k],
                                       end: chain.offsets[k] + chain.tracks[k].frames, plan: plan),
                           URL(fileURLWithPath: s.info.path).standardizedFileURL.path))
        }
        if shuffle ?? list.shuffle { tracks.shuffle() }
        let list2 = tracks.map(\.section)
        trackPaths = tracks.map(\.path)
        playlistName = name
        source = chain
        files = opened
        info = AudioFileInfo(path: "playlist \(name)", frames: chain.frames, rate: rate, channels: 2, format: .other("playlist"),
                             formatName: "playlist", seeksExactly: true)
        sections = list2
        unsavedCount = list2.count
        savedPlans = [:]
        startSection = 0
        speed = 1000
        transposeCents = 0
        click = nil
        crossfadeMilliseconds = 0
        engine = .faster
        practice = nil
        self.warnings = warnings
    }

    /// Lets the files' frame indexes start (held back while opening live: see `init(path:...)`).
    /// Any thread.
    public func allowIndexing() {
        for file in files { file.allowIndexing() }
    }

    /// Every section practised by `plan` (shadowing's one plan for all sentences).
    public mutating func usePlan(_ plan: RepeatPlan) {
        for i in sections.indices { sections[i].plan = plan }
    }

    /// `plan` with the parts the options give replaced.
    public static func plan(_ base: RepeatPlan, options o: PlayRequest, countIn: Int?) throws -> RepeatPlan {
        var plan = base
        if let r = o.repeat { plan.repeats = try OptionRange.passes(r) }
        if let g = o.gap { plan.gap = try RepeatPlan.parseGap(g) }
        if let c = countIn {
            try OptionRange.countIn.check(c)
            plan.countInBars = c
        }
        if let p = o.plan {
            plan.speedLadder = try p.split(separator: ",").map { try RepeatPlan.parseSpeed(String($0)) }
            if o.repeat == nil { plan.repeats = .times(plan.speedLadder.count) }
        }
        if let a = o.advance {
            guard let adv = RepeatPlan.Advance(rawValue: a) else { throw ValidationErrorMessage("--advance '\(a)' is not valid: use next, stop or loop-all") }
            plan.advance = adv
        }
        return plan
    }

    /// An A–B from `--from` and `--to` (source frames) that fits the file, or an error saying
    /// where, in times.
    public static func checkRange(from: Int64, to: Int64, frames: Int64, rate: Int, path: String) throws {
        func time(_ frame: Int64) -> SourceTime { SourceTime.of(frame: frame, rate: rate) }
        guard from >= 0 else { throw ValidationErrorMessage("--from \(time(from)) is before the start of \(path)") }
        guard from < frames else { throw ValidationErrorMessage("--from \(time(from)) is past the end of \(path) (\(time(frames)))") }
        guard to <= frames else { throw ValidationErrorMessage("--to \(time(to)) is past the end of \(path) (\(time(frames)))") }
        guard to > from else {
            throw ValidationErrorMessage(to == from ? "--from and --to are both \(time(from)): a section needs a length"
                                                    : "--to \(time(to)) is before --from \(time(from))")
        }
    }

    /// Removes the decode cache of earlier versions, once per run (see `RetiredDecodeCache`).
    public static func retireDecodeCache() {
        RetiredDecodeCache.removeOnce(environment: ProcessInfo.processInfo.environment)
    }

    /// The saved section `name` (or number) of the practice file.
    private static func section(_ name: String, in file: PracticeFile) throws -> (index: Int, section: Section) {
        do { return try file.section(name) } catch { throw ValidationErrorMessage("\(error)") }
    }

    /// The program at the output rate.
    public func program(outputRate: Int) -> PracticeProgram {
        PracticeProgram(sections: sections, settings: ProgramSettings(
            sourceRate: info.rate, outputRate: outputRate, speed: speed, transposeCents: transposeCents,
            crossfadeFrames: ProgramSettings.crossfadeFrames(milliseconds: crossfadeMilliseconds, outputRate: outputRate),
            click: click))
    }

    /// `song.flac · FLAC stereo 44100 Hz · 3:45.000`.
    public var fileLine: String {
        if info.formatName == "playlist" { return summary }
        return "\(URL(fileURLWithPath: info.path).lastPathComponent) · \(info.formatName) \(info.channels == 1 ? "mono" : "stereo") \(info.rate) Hz · \(SourceTime.of(frame: info.frames, rate: info.rate))"
    }

    /// One line: file, section, plan (for a playlist: its tracks and length).
    public var summary: String {
        let s = sections[startSection]
        let r = info.rate
        if info.formatName == "playlist" {
            return "\(info.path) · \(sections.count) track\(sections.count == 1 ? "" : "s") · \(SourceTime.of(frame: info.frames, rate: r)) at \(r) Hz"
        }
        var parts = ["\(URL(fileURLWithPath: info.path).lastPathComponent)", "\(info.formatName) \(info.channels == 1 ? "mono" : "stereo") \(r) Hz",
                     "\(SourceTime.of(frame: s.start, rate: r))–\(SourceTime.of(frame: s.end, rate: r))"]
        switch s.plan.repeats {
        case .endless: parts.append("endless")
        case .times(let n): parts.append("×\(n)")
        }
        parts.append(s.plan.speedLadder.isEmpty ? "speed \(PlayerSession.speedText(speed))" : "speeds " + s.plan.speedLadder.map(PlayerSession.speedText).joined(separator: ","))
        return parts.joined(separator: " · ")
    }
}

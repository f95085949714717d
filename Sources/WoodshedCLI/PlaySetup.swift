import ArgumentParser
import Foundation
import Media
import Persistence
import Player
import Stretch
import WoodshedCore

/// Opens the audio file and builds the practice program from the options: the section, its
/// repeat plan, the session's speed, transpose and click. Main thread.
struct PlaySetup {
    let source: AudioSource
    let info: AudioFileInfo
    let sections: [Section]
    let startSection: Int
    let speed: Int
    let transposeCents: Int
    let click: MusicClick?
    let crossfadeMilliseconds: Int
    let engine: StretchEngine

    /// `progress`: the decode of an MP3/Vorbis file into the cache (0…1).
    init(path: String, options o: PlayOptions, countIn: Int?, progress: ((Double) -> Void)?) throws {
        let cache = DecodeCache.defaultDirectory(environment: ProcessInfo.processInfo.environment)
        source = try AudioSource.open(path: path, cacheDirectory: cache, progress: progress)
        info = source.info
        let rate = info.rate
        speed = try o.speed.map { try RepeatPlan.parseSpeed($0) } ?? 1000
        // A saved section brings its plan; options given here override its parts.
        var saved: Section?
        if let name = o.section { saved = try Self.savedSection(name, path: path) }
        var plan = saved?.plan ?? RepeatPlan()
        if let r = o.repeat {
            if r == "endless" { plan.repeats = .endless } else {
                guard let n = Int(r), (1...10_000).contains(n) else { throw ValidationErrorMessage("--repeat '\(r)' is not valid: use 1 to 10000, or endless") }
                plan.repeats = .times(n)
            }
        }
        if let g = o.gap { plan.gap = try RepeatPlan.parseGap(g) }
        if let c = countIn {
            guard (0...16).contains(c) else { throw ValidationErrorMessage("--count-in must be 0 to 16 bars") }
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
        let from = try o.from.map { try SourceTime(parsing: $0).frame(rate: rate) } ?? 0
        let to = try o.to.map { try SourceTime(parsing: $0).frame(rate: rate) } ?? info.frames
        guard to <= info.frames else {
            throw ValidationErrorMessage("--to \(o.to!) is past the end of \(path) (\(SourceTime.of(frame: info.frames, rate: rate)))")
        }
        if var s = saved {
            guard s.end <= info.frames else {
                throw ValidationErrorMessage("section '\(s.name)' ends past the decoded end of \(path) (\(SourceTime.of(frame: info.frames, rate: rate)))")
            }
            s.plan = plan
            sections = [s]
        } else {
            sections = [try Section(name: o.from == nil && o.to == nil ? "whole file" : "A–B", start: from, end: to, plan: plan)]
        }
        startSection = 0
        if let t = o.transpose {
            guard let v = Double(t), (-12...12).contains(v) else { throw ValidationErrorMessage("--transpose '\(t)' is not valid: use -12 to 12 semitones") }
            transposeCents = Int((v * 100).rounded())
        } else {
            transposeCents = 0
        }
        if let c = o.click {
            let tempo = try Tempo(parsing: c)
            let offset = try o.clickOffset.map { try SourceTime(parsing: $0) } ?? SourceTime(microseconds: 0)
            click = MusicClick(milliBPM: tempo.milliBPM, offset: offset, beatsPerBar: o.beatsPerBar)
        } else {
            click = countIn.map { _ in MusicClick(milliBPM: 120_000, beatsPerBar: o.beatsPerBar, duringPasses: false) }
        }
        crossfadeMilliseconds = o.crossfade
        engine = o.engine == "finer" ? .finer : .faster
    }

    /// The section saved for this audio file under `name` (or number), from the sections store.
    private static func savedSection(_ name: String, path: String) throws -> Section {
        // The fingerprint uses the length libsndfile reports for the file, as `woodshed sections` does.
        let probed = try AudioFileProbe.info(path: path)
        let load = try SectionStore().open(audioPath: path, frames: probed.frames, rate: probed.rate)
        if let problem = load.problem { throw ValidationErrorMessage("\(problem)") }
        return try load.file.section(name).section
    }

    /// The program at the output rate.
    func program(outputRate: Int) -> PracticeProgram {
        PracticeProgram(sections: sections, settings: ProgramSettings(
            sourceRate: info.rate, outputRate: outputRate, speed: speed, transposeCents: transposeCents,
            crossfadeFrames: ProgramSettings.crossfadeFrames(milliseconds: crossfadeMilliseconds, outputRate: outputRate),
            click: click))
    }

    /// One line: file, section, plan.
    var summary: String {
        let s = sections[startSection]
        let r = info.rate
        var parts = ["\(URL(fileURLWithPath: info.path).lastPathComponent)", "\(info.formatName) \(info.channels == 1 ? "mono" : "stereo") \(r) Hz",
                     "\(SourceTime.of(frame: s.start, rate: r))–\(SourceTime.of(frame: s.end, rate: r))"]
        switch s.plan.repeats {
        case .endless: parts.append("endless")
        case .times(let n): parts.append("×\(n)")
        }
        parts.append(s.plan.speedLadder.isEmpty ? "speed \(Self.speedText(speed))" : "speeds " + s.plan.speedLadder.map(Self.speedText).joined(separator: ","))
        return parts.joined(separator: " · ")
    }

    static func speedText(_ t: Int) -> String {
        let s = String(format: "%.3f", Double(t) / 1000)
        var x = Substring(s)
        while x.hasSuffix("0") { x = x.dropLast() }
        if x.hasSuffix(".") { x = x.dropLast() }
        return String(x) + "×"
    }
}

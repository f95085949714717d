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
        do {
            source = try AudioSource.open(path: path, cacheDirectory: cache, progress: progress)
        } catch {
            throw PlayError(error.description)
        }
        info = source.info
        let rate = info.rate
        speed = try o.speed.map { try RepeatPlan.parseSpeed($0) } ?? 1000
        var plan = RepeatPlan()
        if let r = o.repeat {
            if r == "endless" { plan.repeats = .endless } else {
                guard let n = Int(r), (1...10_000).contains(n) else { throw PlayError("--repeat '\(r)' is not valid: use 1 to 10000, or endless") }
                plan.repeats = .times(n)
            }
        }
        if let g = o.gap { plan.gap = try RepeatPlan.parseGap(g) }
        if let c = countIn {
            guard (0...16).contains(c) else { throw PlayError("--count-in must be 0 to 16 bars") }
            plan.countInBars = c
        }
        if let p = o.plan {
            plan.speedLadder = try p.split(separator: ",").map { try RepeatPlan.parseSpeed(String($0)) }
            if o.repeat == nil { plan.repeats = .times(plan.speedLadder.count) }
        }
        if let a = o.advance {
            guard let adv = RepeatPlan.Advance(rawValue: a) else { throw PlayError("--advance '\(a)' is not valid: use next, stop or loop-all") }
            plan.advance = adv
        }
        let from = try o.from.map { try SourceTime(parsing: $0).frame(rate: rate) } ?? 0
        let to = try o.to.map { try SourceTime(parsing: $0).frame(rate: rate) } ?? info.frames
        guard to <= info.frames else {
            throw PlayError("--to \(o.to!) is past the end of \(path) (\(SourceTime.of(frame: info.frames, rate: rate)))")
        }
        if o.section != nil {
            throw PlayError("--section needs the saved sections of \(path): not available yet in this build")
        }
        sections = [try Section(name: o.from == nil && o.to == nil ? "whole file" : "A–B", start: from, end: to, plan: plan)]
        startSection = 0
        if let t = o.transpose {
            guard let v = Double(t), (-12...12).contains(v) else { throw PlayError("--transpose '\(t)' is not valid: use -12 to 12 semitones") }
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

/// A one-line reason `play` cannot start. Main thread.
struct PlayError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

import Foundation
import Control
import Media
import Persistence
import RenderGraph
import Remote
import WoodshedCore

/// One parser under the fuzzer: its name (the corpus folder `Tests/Fuzz/Corpus/NAME` and the
/// binary `scripts/fuzz.sh` builds), and `run`, which hands it one input. Errors thrown are the
/// parser doing its job; only a crash (a trap, an ASan report) is a finding. Any thread, but the
/// audio probe writes its one scratch file, so one input at a time per process.
enum FuzzTarget: String, CaseIterable, Sendable {
    case klickMap = "klick-map"
    case preset
    case noisePreset = "noise-preset"
    case midiMap = "midi-map"
    case setlist
    case playlist
    case practiceFile = "practice-file"
    case practiceLog = "practice-log"
    case srt
    case webVTT = "webvtt"
    case audacityLabels = "audacity-labels"
    case transcript
    case commandLine = "command-line"
    case audioProbe = "audio-probe"
    case osc
    case ctl

    /// Feeds `bytes` to the parser; returns normally unless the parser crashes the process.
    func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        switch self {
        case .klickMap:
            guard let map = try? KlickMapParser.parse(text: String(decoding: bytes, as: UTF8.self), fileName: "fuzz.klick")
            else { return }
            FuzzTarget.play(map)
        case .preset:
            _ = try? Preset(json: data, fileName: "fuzz.json")
        case .noisePreset:
            _ = try? NoisePreset(data: data, source: "fuzz.json", colors: NoiseColor.allCases.map(\.rawValue),
                                 levels: NoiseGenerator.levelRange)
        case .midiMap:
            _ = try? MIDIMap(data: data, source: "fuzz.json")
        case .setlist:
            _ = try? Setlist(data: data, source: "fuzz.json")
        case .playlist:
            _ = try? Playlist(data: data, source: "fuzz.json")
        case .practiceFile:
            _ = try? PracticeFile(data: data, source: "fuzz.json")
            if let incoming = try? FuzzTarget.importing.importedSections(data: data, source: "fuzz.json") {
                var file = FuzzTarget.importing
                _ = try? file.merge(incoming)
            }
        case .practiceLog:
            _ = PracticeLog.parse(data, source: "fuzz.log")
        case .srt:
            var file = FuzzTarget.importing
            if let read = try? file.subtitleSections(data, format: .srt, source: "fuzz.srt") { _ = try? file.merge(read.sections) }
        case .webVTT:
            var file = FuzzTarget.importing
            if let read = try? file.subtitleSections(data, format: .webVTT, source: "fuzz.vtt") { _ = try? file.merge(read.sections) }
        case .audacityLabels:
            var file = FuzzTarget.importing
            if let read = try? file.labelSections(data, source: "fuzz.txt") { _ = try? file.merge(read.sections) }
        case .transcript:
            let transcript = Transcript(data: data)
            _ = TranscriptAlignment(sentences: transcript.sentences, lengths: [48_000, 96_000, 24_000, 72_000, 12_000])
        case .commandLine:
            FuzzTarget.commandLineWords(String(decoding: bytes, as: UTF8.self))
        case .audioProbe:
            FuzzTarget.probe(data)
        case .osc:
            FuzzTarget.oscPackets(bytes)
        case .ctl:
            FuzzTarget.ctlConnection(bytes)
        }
    }

    /// What `woodshed click --map` does with a map that parsed: compiles it for 44.1 kHz with a
    /// bar of count-in, steps through its first 64 clicks, and seeks an hour in.
    private static func play(_ map: TempoMap) {
        guard let timeline = try? ClickTimeline(plan: ClickPlan(map: map, countInBars: 1), rate: 44_100) else { return }
        withExtendedLifetime(timeline) {  // the cursor reads the timeline's buffers
            var cursor = timeline.cursor()
            for _ in 0..<64 where !cursor.isFinished { cursor.advance() }
            cursor.seek(to: 3_600 * 44_100)
        }
    }

    /// What imports land in: a practice file for 10 minutes at 44.1 kHz with one section, `s1`
    /// (as subtitle imports name theirs), whose plan a section of the same name would keep.
    static let importing = PracticeFile(
        fingerprint: FileFingerprint(size: 1, frames: 26_460_000, rate: 44_100, hash: 0), lastKnownPath: "/fuzz.wav",
        sections: [try! Section(name: "s1", start: 0, end: 44_100, plan: RepeatPlan(repeats: .times(3)))])

    /// Every command-line word parser that takes free text: times, tempos (klick's forms too),
    /// meters, accent patterns, speeds, gaps and repeat counts.
    private static func commandLineWords(_ text: String) {
        _ = try? SourceTime(parsing: text)
        _ = try? Tempo(parsing: text)
        _ = try? KlickMapParser.commandLineTempo(text)
        if let meter = try? Meter(parsing: text) { _ = try? ClickPattern(parsing: "X.x.", meter: meter) }
        _ = try? ClickPattern(parsing: text, meter: .fourFour)
        _ = try? RepeatPlan.parseSpeed(text)
        _ = try? RepeatPlan.parseGap(text)
        _ = try? OptionRange.passes(text)
        _ = try? OptionRange.repeats.value(text)
    }

    /// A session's packets as `OSCServer.handle` takes them, one after another (so that
    /// `set_tempo_increment` can come before `tap`): each is its length (4 bytes, big-endian, as
    /// OSC over a stream frames it) and its bytes, decoded by liblo, then handled by klick's
    /// namespace and Woodshed's over a stand-in session, all three fresh for each input. A
    /// bundle's elements are handled in order (nested bundles up to 8 deep); after each packet
    /// the speed trainer takes a step.
    private static func oscPackets(_ bytes: [UInt8]) {
        let sender = OSCPeer(address: 0x0100_007F, port: 9000), target = FuzzRemoteTarget()
        var klick = KlickNamespace(), woodshed = WoodshedNamespace()
        func handle(_ packet: [UInt8], depth: Int) {
            if OSCBundle.isBundle(packet) {
                guard depth < 8, let bundle = try? OSCBundle(decoding: packet) else { return }
                _ = bundle.unixTime
                for element in bundle.elements { handle(element, depth: depth + 1) }
                return
            }
            guard let message = try? OSCMessage(decoding: packet) else { return }
            _ = try? klick.handle(message, from: sender, target: target, now: 0)
            _ = try? woodshed.handle(message, from: sender, target: target, now: 0)
        }
        var rest = bytes[...]
        while rest.count >= 4 {
            let length = rest.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            rest = rest.dropFirst(4)
            let packet = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
            handle(packet, depth: 0)
            klick.step(target: target, now: 0)
        }
    }

    /// The audio probe reads a file: the input goes to one scratch file per process first.
    private static func probe(_ data: Data) {
        let path = NSTemporaryDirectory() + "/woodshed-fuzz-probe-\(getpid())"
        guard FileManager.default.createFile(atPath: path, contents: data) else { return }
        defer { unlink(path) }
        _ = try? AudioFileProbe.info(path: path)
    }
}

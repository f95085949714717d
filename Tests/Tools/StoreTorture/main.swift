// store-torture: a test tool (not a woodshed command) for the kill -9 torture
// (Tests/StoreTortureTests). It saves generation after generation into every store Woodshed
// writes, through the stores' own code, until it is killed:
//
//   store-torture ROOT FIRST [LAST]
//
// ROOT holds the XDG folders (ROOT/config, ROOT/data, ROOT/state, ROOT/cache). Generation g
// saves, in this order: a practice file (lastKnownPath /torture/g.wav), its unsaved copy, a
// playlist (one track /torture/g.wav), the MIDI map via MIDI learn (tempo-set g + 40 BPM on
// cc 20), the last session (tempo 60 + g/1000 BPM), alarms (label "g"), tinnitus.json
// (matchedAt "g"), the fingerprint cache (hash g), and a practice-log line (60 + g/1000 BPM).
// After each generation it writes "g\n" to standard output (one write(2)), so what it reported
// is what was saved whole. It stops after LAST, if given. Main thread only.
import Control
import Foundation
import MIDI
import Persistence

let arguments = CommandLine.arguments
guard arguments.count >= 3, let first = Int(arguments[2]), first > 0 else {
    FileHandle.standardError.write(Data("usage: store-torture ROOT FIRST [LAST]\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1])
let last = arguments.count > 3 ? Int(arguments[3]) ?? Int.max : Int.max
let environment = ["HOME": root.path,
                   "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                   "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                   "XDG_STATE_HOME": root.appendingPathComponent("state").path,
                   "XDG_CACHE_HOME": root.appendingPathComponent("cache").path]

/// The audio file the practice file, its copy and the fingerprint cache are about.
let fingerprint = FileFingerprint(size: 1_000, frames: 441_000, rate: 44_100, hash: 0x7047_7572_65)
let stamp = FileStamp(size: 1_000, device: 1, inode: 1, modified: 0, changed: 0)
let sections = SectionStore(folder: UserFolders.woodshed(.data, environment: environment).appendingPathComponent("sections"))
let playlists = PlaylistStore(environment: environment)
let playlist = try! PlaylistName("torture")
let lastSession = LastSessionStore(environment: environment)
let alarms = AlarmStore(environment: environment)
let tinnitus = TinnitusProfileStore(environment: environment)
let fingerprints = FingerprintCache(environment: environment)
let log = PracticeLog(environment: environment)

func save(_ g: Int) throws {
    let file = PracticeFile(fingerprint: fingerprint, lastKnownPath: "/torture/\(g).wav")
    try sections.save(file)
    _ = try UnsavedPracticeCopy.write(file, audioPath: "/torture/song.wav", date: Date(timeIntervalSince1970: 0),
                                      environment: environment)
    if !playlists.exists(playlist) { try playlists.create(playlist) }
    try playlists.edit(playlist) { (list: inout Playlist) throws(PlaylistError) in list.tracks = [.init(path: "/torture/\(g).wav")] }
    try MIDIMapStore.learn(MIDIMap.Mapping(message: .controlChange, number: 20, action: .tempoSet,
                                           argument: .bpm(40_000 + Int64(g))),
                           into: MIDIMap.userMapURL(environment: environment))
    try lastSession.save(ClickSettings(milliBPM: 60_000 + Int64(g)))
    try alarms.edit { (book: inout AlarmBook) throws(AlarmError) in
        book.alarms = [Alarm(id: 1, time: AlarmTime(hour: 7, minute: 0), days: .daily, label: "\(g)")]
    }
    try tinnitus.save(TinnitusProfile(firstMatch: 6000, secondMatch: 6300, octaveAnswers: [0, 1, 0], matchedAt: "\(g)"))
    fingerprints.remember(FileFingerprint(size: 1_000, frames: 441_000, rate: 44_100, hash: UInt64(g)),
                          path: "/torture/song.wav", stamp: stamp)
    try log.append(.click(date: Date(timeIntervalSince1970: 1_800_000_000), milliBPM: 60_000 + Int64(g), milliseconds: 1_000))
}

var g = first
while g <= last {
    do {
        try save(g)
    } catch {
        FileHandle.standardError.write(Data("Error: generation \(g): \(error)\n".utf8))
        exit(1)
    }
    let line = Array("\(g)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    g += 1
}

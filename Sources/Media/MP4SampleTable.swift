import Glibc

/// Worker threads (the decoder's, one at a time). Where each packet of an M4A's AAC track lies
/// in the file and when it plays, from the track's own sample tables (stts, stsc, stsz,
/// stco/co64), so that `FFmpegDecoder` reads the packets itself and libavformat is not loaded
/// for the common M4A: the 38 more libraries it needs (about 9 MB) and its index of every
/// packet (24 bytes a packet: 8 MB for 2 hours of AAC) are not needed. What it keeps: 4 bytes
/// a packet (its size) and a few bytes a chunk.
///
/// Only the plain case: one sound track, AAC (MPEG-4 audio in an mp4a/esds sample entry),
/// one sample description, no composition offsets (ctts), no fragments (mvex), and a simple
/// edit list (`MP4EditList`). Any other file is left to libavformat (nil).
///
/// Timestamps are those libavformat gives with `advanced_editlist` off: packet n plays at the
/// sum of the durations before it less the edit's start (the priming), in the track's time scale.
struct MP4SampleTable {
    /// The AAC decoder's configuration (the AudioSpecificConfig of the esds box): libavcodec's extradata.
    let decoderConfig: [UInt8]
    /// The rate the decoder's configuration gives (with SBR, the doubled one), as libavformat takes it.
    let rate: Int
    /// The track's edit: the priming before frame 0 and the stream's length.
    let edit: MP4EditList
    /// How many packets the track has.
    let count: Int

    /// Each packet's size in bytes (empty when all are `uniformSize`).
    private let sizes: [UInt32]
    private let uniformSize: UInt32
    /// Runs of packets of one duration (stts): the first packet of each run, its time and the duration.
    private let timeRuns: [(first: Int, time: Int64, duration: Int64)]
    /// Runs of chunks of as many packets (stsc): the first chunk (from 0), its first packet, packets a chunk.
    private let chunkRuns: [(chunk: Int, first: Int, packets: Int)]
    /// Where each chunk starts in the file.
    private let chunkOffsets: [Int64]

    /// One packet: its bytes in the file, its time (after the edit: the priming is before 0)
    /// and duration in the track's time scale.
    struct Packet: Equatable {
        let offset: Int64
        let size: Int
        let time: Int64
        let duration: Int64
    }

    /// Packet `n` (0 ≤ n < count).
    func packet(_ n: Int) -> Packet {
        let run = chunkRuns[Self.last(in: chunkRuns.count) { chunkRuns[$0].first <= n }]
        let chunk = run.chunk + (n - run.first) / run.packets
        let firstInChunk = run.first + (chunk - run.chunk) * run.packets
        var offset = chunkOffsets[chunk]
        for i in firstInChunk..<n { offset += Int64(size(i)) }
        let times = timeRuns[Self.last(in: timeRuns.count) { timeRuns[$0].first <= n }]
        return Packet(offset: offset, size: size(n), time: times.time + Int64(n - times.first) * times.duration - edit.mediaTime,
                      duration: times.duration)
    }

    /// How many packets, from the first, lie wholly in the file's first `fileSize` bytes: all of
    /// them, but for a file cut short or still being written (its packets lie in their order).
    func wholePackets(fileSize: Int64) -> Int {
        func fits(_ n: Int) -> Bool { let p = packet(n); return p.offset + Int64(p.size) <= fileSize }
        if fits(count - 1) { return count }
        if !fits(0) { return 0 }
        var low = 0, high = count - 1  // fits(low), not fits(high)
        while high - low > 1 {
            let middle = (low + high) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The last packet that starts at or before `time` (packet 0 for a time before it).
    func packet(at time: Int64) -> Int {
        let target = time + edit.mediaTime
        let run = Self.last(in: timeRuns.count) { timeRuns[$0].time <= target }
        let next = run + 1 < timeRuns.count ? timeRuns[run + 1].first : count
        let times = timeRuns[run]
        return times.first + Int(min(Int64(next - times.first - 1), max(0, (target - times.time) / times.duration)))
    }

    /// The longest track read (in its time scale) and the largest packet (AAC: 768 bytes a channel).
    private static let longest: Int64 = 1 << 48
    static let largestPacket = 1 << 20

    private func size(_ n: Int) -> Int { Int(sizes.isEmpty ? uniformSize : sizes[n]) }

    /// The last index in 0..<count where `isBefore` holds (it holds for a prefix; 0 when only there or nowhere).
    private static func last(in count: Int, where isBefore: (Int) -> Bool) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isBefore(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The sample table of the file open at `descriptor`, or nil when it is not the plain case.
    static func read(descriptor: Int32) -> MP4SampleTable? {
        let file = MP4BoxReader(descriptor: descriptor)
        guard let movie = file.movie(), !movie.boxes.contains(where: { $0.type == "mvex" }) else { return nil }
        let edits = MP4EditList.tracks(of: movie, in: file)
        let traks = movie.boxes.filter { $0.type == "trak" }
        guard edits.count == traks.count else { return nil }
        let sound = traks.indices.filter { file.handler(of: traks[$0]) == "soun" }
        guard sound.count == 1, case .simple(let edit) = edits[sound[0]], edit.mediaTime < longest else { return nil }
        return read(trak: traks[sound[0]], edit: edit, in: file)
    }

    private static func read(trak: MP4BoxReader.Box, edit: MP4EditList, in file: MP4BoxReader) -> MP4SampleTable? {
        guard let mdia = file.first("mdia", in: trak.payload), let minf = file.first("minf", in: mdia.payload),
              let stbl = file.first("stbl", in: minf.payload) else { return nil }
        let tables = file.boxes(in: stbl.payload)
        func table(_ type: String) -> MP4BoxReader.Box? { tables.first { $0.type == type } }
        guard table("ctts") == nil, let stsd = table("stsd"), let stts = table("stts"), let stsc = table("stsc"),
              let stsz = table("stsz"), let stco = table("stco") ?? table("co64"),
              let config = decoderConfig(stsd, in: file) else { return nil }
        // Sizes: one for all, or one a packet.
        guard let sizeHead = file.words(at: stsz.payload.lowerBound + 4, count: 2) else { return nil }
        let count = Int(sizeHead[1])
        guard count > 0 else { return nil }
        var sizes: [UInt32] = []
        if sizeHead[0] == 0 {
            guard stsz.payload.count >= 12 + 4 * Int64(count), let all = file.words(at: stsz.payload.lowerBound + 12, count: count) else {
                return nil
            }
            sizes = all
        }
        // Durations.
        guard let timeCount = file.words(at: stts.payload.lowerBound + 4, count: 1)?[0], stts.payload.count >= 8 + 8 * Int64(timeCount),
              let timeWords = file.words(at: stts.payload.lowerBound + 8, count: 2 * Int(timeCount)) else { return nil }
        var timeRuns: [(first: Int, time: Int64, duration: Int64)] = []
        var first = 0, time: Int64 = 0
        for run in 0..<Int(timeCount) where timeWords[2 * run] > 0 {
            let packets = Int(timeWords[2 * run]), duration = Int64(timeWords[2 * run + 1])
            let (length, overflow) = Int64(packets).multipliedReportingOverflow(by: duration)
            guard duration > 0, !overflow, time <= Self.longest - length else { return nil }
            timeRuns.append((first, time, duration))
            first += packets
            time += length
        }
        guard first == count else { return nil }
        // Chunks.
        let long = stco.type == "co64"
        guard let chunkCount = file.words(at: stco.payload.lowerBound + 4, count: 1)?[0], chunkCount > 0,
              stco.payload.count >= 8 + (long ? 8 : 4) * Int64(chunkCount),
              let offsetWords = file.words(at: stco.payload.lowerBound + 8, count: (long ? 2 : 1) * Int(chunkCount)) else { return nil }
        let chunkOffsets: [Int64] = (0..<Int(chunkCount)).map { (chunk: Int) -> Int64 in
            guard long else { return Int64(offsetWords[chunk]) }
            return Int64(offsetWords[2 * chunk]) << 32 | Int64(offsetWords[2 * chunk + 1])
        }
        guard let runCount = file.words(at: stsc.payload.lowerBound + 4, count: 1)?[0], runCount > 0,
              stsc.payload.count >= 8 + 12 * Int64(runCount),
              let runWords = file.words(at: stsc.payload.lowerBound + 8, count: 3 * Int(runCount)) else { return nil }
        var chunkRuns: [(chunk: Int, first: Int, packets: Int)] = []
        first = 0
        for run in 0..<Int(runCount) {
            let chunk = Int(runWords[3 * run]) - 1, packets = Int(runWords[3 * run + 1])
            let end = run + 1 < Int(runCount) ? Int(runWords[3 * run + 3]) - 1 : Int(chunkCount)
            guard chunk >= 0, chunk < end, end <= Int(chunkCount), packets > 0, runWords[3 * run + 2] == 1,
                  chunkRuns.last.map({ $0.chunk < chunk }) ?? (chunk == 0) else { return nil }
            chunkRuns.append((chunk, first, packets))
            first += (end - chunk) * packets
        }
        guard first == count else { return nil }
        guard let rate = rate(of: config) else { return nil }
        return MP4SampleTable(decoderConfig: config, rate: rate, edit: edit, count: count,
                              sizes: sizes, uniformSize: sizeHead[0], timeRuns: timeRuns, chunkRuns: chunkRuns,
                              chunkOffsets: chunkOffsets)
    }

    /// The output rate of an AudioSpecificConfig (ISO 14496-3 1.6.2.1) as libavformat reads it
    /// (`avpriv_mpeg4audio_get_config2`): AAC LC with channels 1 to 7, its rate (nil when its
    /// extension says SBR: left to libavformat), or HE-AAC (SBR, or SBR and PS), its extension's rate.
    private static func rate(of config: [UInt8]) -> Int? {
        var at = 0
        func bits(_ count: Int) -> Int? {
            guard at + count <= 8 * config.count else { return nil }
            var value = 0
            for _ in 0..<count {
                value = value << 1 | Int(config[at / 8] >> (7 - UInt8(at % 8)) & 1)
                at += 1
            }
            return value
        }
        let rates = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000, 7_350]
        func rate() -> Int? {
            guard let index = bits(4) else { return nil }
            if index == 15 { return bits(24) }
            return index < rates.count ? rates[index] : nil
        }
        guard let type = bits(5), let core = rate(), let channels = bits(4), (1...7).contains(channels) else { return nil }
        if type == 5 || type == 29 { return rate().flatMap { $0 > 0 ? $0 : nil } }
        // AAC LC: frame length, core coder (none), extension flags; then maybe the SBR sync extension.
        guard type == 2, core > 0, let flags = bits(3), flags & 2 == 0 else { return nil }
        if let sync = bits(11), sync == 0x2B7, bits(5) == 5, bits(1) != 0 { return nil }
        return core
    }

    /// The decoder configuration of an stsd box's one sample entry when it is AAC (mp4a,
    /// version 0, its esds naming MPEG-4 audio). (The entry's channel count and rate are not
    /// used: ffmpeg writes 2 channels for mono; the configuration says.)
    private static func decoderConfig(_ stsd: MP4BoxReader.Box, in file: MP4BoxReader) -> [UInt8]? {
        guard file.words(at: stsd.payload.lowerBound + 4, count: 1)?[0] == 1,
              let mp4a = file.boxes(in: stsd.payload.lowerBound + 8..<stsd.payload.upperBound).first, mp4a.type == "mp4a",
              mp4a.payload.count > 28, let head = file.bytes(at: mp4a.payload.lowerBound, count: 28),
              head[8] == 0 && head[9] == 0,
              let esds = file.first("esds", in: mp4a.payload.lowerBound + 28..<mp4a.payload.upperBound),
              esds.payload.count > 4, esds.payload.count < 4_096,
              let descriptors = file.bytes(at: esds.payload.lowerBound + 4, count: Int(esds.payload.count) - 4) else { return nil }
        // ES_Descriptor (3) > DecoderConfigDescriptor (4), object type 0x40 > DecoderSpecificInfo (5).
        var at = 0
        func descriptor(_ tag: UInt8) -> Int? {
            guard at < descriptors.count, descriptors[at] == tag else { return nil }
            at += 1
            var length = 0
            for _ in 0..<4 {
                guard at < descriptors.count else { return nil }
                length = length << 7 | Int(descriptors[at] & 0x7F)
                at += 1
                if descriptors[at - 1] & 0x80 == 0 { return at + length <= descriptors.count ? length : nil }
            }
            return nil
        }
        guard descriptor(3) != nil, at + 3 <= descriptors.count else { return nil }
        let flags = descriptors[at + 2]
        at += 3
        if flags & 0x80 != 0 { at += 2 }
        if flags & 0x40 != 0 {
            guard at < descriptors.count else { return nil }
            at += 1 + Int(descriptors[at])
        }
        if flags & 0x20 != 0 { at += 2 }
        guard descriptor(4) != nil, at + 13 <= descriptors.count, descriptors[at] == 0x40 else { return nil }
        at += 13
        guard let length = descriptor(5), length > 0 else { return nil }
        return Array(descriptors[at..<at + length])
    }
}

/// Worker threads (reads a file's box headers and three small boxes). The edit list of one
/// track of an MP4/M4A file when it is the simple one encoders write: one edit that starts
/// `mediaTime` into the track's samples (the encoder's priming; in the track's time scale, from
/// its mdhd box) and lasts `duration` (in the movie's time scale, from the mvhd box).
///
/// `FFmpegDecoder` reads such a file with libavformat's `advanced_editlist` off: libavformat
/// then moves the timestamps back by the edit's start instead of building its index of the
/// file's packets a second time (mov.c `mov_fix_index`: for 2 hours of AAC, another 8 MB at
/// the peak). The stream's length, which libavformat no longer takes from the edit then, is
/// the edit's duration rescaled to the track's time scale, as mov.c does (`av_rescale`).
struct MP4EditList: Equatable {
    /// Where the edit starts in the track's samples: the priming dropped before frame 0.
    let mediaTime: Int64
    /// The edit's length, in the movie's time scale.
    let duration: Int64
    /// The movie's time scale (its mvhd box): units per second of `duration`.
    let movieTimeScale: Int64
    /// The track's time scale (its mdhd box): units per second of `mediaTime`.
    let trackTimeScale: Int64

    /// What one track's edit list is.
    enum Edits: Equatable {
        /// No edit list: the track plays as its samples are.
        case none
        /// One edit at normal rate that starts in the track.
        case simple(MP4EditList)
        /// Another kind (several edits, an empty edit, another rate), or one that cannot be read.
        case other
    }

    /// The edit lists of the file's tracks, in the order of the moov box's trak boxes (as
    /// libavformat numbers its streams), for the file open at `descriptor`; nil when it has no
    /// moov box with a movie time scale.
    static func tracks(descriptor: Int32) -> [Edits]? {
        let file = MP4BoxReader(descriptor: descriptor)
        return file.movie().map { tracks(of: $0, in: file) }
    }

    /// The edit lists of the tracks of `movie` (`MP4BoxReader.movie()` of `file`).
    static func tracks(of movie: (boxes: [MP4BoxReader.Box], timeScale: Int64), in file: MP4BoxReader) -> [Edits] {
        movie.boxes.filter { $0.type == "trak" }.map { trak in
            let boxes = file.boxes(in: trak.payload)
            guard let edts = boxes.first(where: { $0.type == "edts" }) else { return .none }
            guard let edit = edit(of: boxes, edts: edts, movieScale: movie.timeScale, in: file) else { return .other }
            return .simple(edit)
        }
    }

    /// The one simple edit of a trak box's `boxes`, or nil.
    private static func edit(of trak: [MP4BoxReader.Box], edts: MP4BoxReader.Box, movieScale: Int64, in file: MP4BoxReader) -> MP4EditList? {
        guard let mdia = trak.first(where: { $0.type == "mdia" }),
              let mdhd = file.boxes(in: mdia.payload).first(where: { $0.type == "mdhd" }),
              let trackScale = file.timeScale(of: mdhd), trackScale > 0,
              let elst = file.boxes(in: edts.payload).first(where: { $0.type == "elst" }),
              let head = file.bytes(at: elst.payload.lowerBound, count: 8) else { return nil }
        let long = head[0] == 1
        guard MP4BoxReader.number(head[4..<8]) == 1, let entry = file.bytes(at: elst.payload.lowerBound + 8, count: long ? 20 : 12),
              Int64(entry.count) <= elst.payload.count - 8 else { return nil }
        let width = long ? 8 : 4
        let segment = MP4BoxReader.number(entry[0..<width])
        let start = long ? Int64(bitPattern: UInt64(MP4BoxReader.number(entry[8..<16])))
            : Int64(Int32(truncatingIfNeeded: MP4BoxReader.number(entry[4..<8])))
        guard start >= 0, segment > 0, MP4BoxReader.number(entry[2 * width..<2 * width + 4]) == 0x0001_0000 else { return nil }
        return MP4EditList(mediaTime: start, duration: segment, movieTimeScale: movieScale, trackTimeScale: trackScale)
    }
}

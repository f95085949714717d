/// Several audio sources laid end to end on one timeline (a playlist): track k's frame 0 is
/// frame `offsets[k]` of the chain, right after the last frame of track k − 1, so a program
/// that plays one track after the other joins them without a gap or an overlap. Every track
/// must already be at the chain's rate (see `RateMatchedSource`). Worker threads.
public final class TrackChain: ProgramSource {
    public let tracks: [(source: ProgramSource, frames: Int64)]
    /// Where each track starts on the chain, and the chain's length.
    public let offsets: [Int64]
    public let frames: Int64

    public init(tracks: [(source: ProgramSource, frames: Int64)]) {
        self.tracks = tracks
        var o: [Int64] = []
        var x: Int64 = 0
        for t in tracks { o.append(x); x += t.frames }
        offsets = o
        frames = x
    }

    /// Fills `count` stereo frames from chain frame `start`, across tracks; zeros outside.
    public func read(from start: Int64, count: Int, into buffer: UnsafeMutablePointer<Float>) {
        buffer.update(repeating: 0, count: 2 * count)
        var k = 0
        var done = 0
        while done < count {
            let x = start + Int64(done)
            if x < 0 {
                done += Int(min(Int64(count - done), -x))
                continue
            }
            while k < tracks.count && offsets[k] + tracks[k].frames <= x { k += 1 }
            guard k < tracks.count else { break }
            let inTrack = x - offsets[k]
            let n = Int(min(Int64(count - done), tracks[k].frames - inTrack))
            tracks[k].source.read(from: inTrack, count: n, into: buffer + 2 * done)
            done += n
        }
    }
}

extension MusicDeck {
    /// Control thread, before the deck is handed to a JACK connection: a `--for` fade-out
    /// already under way — `frames` long, `done` of them passed (on an earlier connection, or
    /// while the server was gone) — goes on from there at the first frame rendered: frame k is
    /// at gain (frames − done − k) / frames. See `OutputFade`.
    public func resumeFadeOut(frames: Int64, done: Int64) {
        state.pointee.fadeOut = OutputFade(frames: frames, done: done)
        self[.fadeOutFrames] = state.pointee.fadeOut.length
    }
}

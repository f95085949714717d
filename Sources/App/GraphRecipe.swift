import RenderGraph

extension OutputParts {
    /// The one recipe of an output graph, live (each JACK or ALSA connection, `SessionJackLink`)
    /// and offline (`render`, `noise --render`, `play --render`, `render-cost`): the click's
    /// `renderer` (nil: none), the player's `deck` made for this rate (nil: none), then these
    /// parts for `rate` — noise, the notch (checked against the rate, on its switch), the
    /// scope's tap, the alarm bell, the match tone, the input capture, `--filter` and
    /// `--karaoke`. Control thread, before the graph runs.
    public func graph(rate: Int, renderer: Renderer?, deck: MusicDeck? = nil) throws -> OutputGraph {
        OutputGraph(renderer: renderer, deck: deck, noise: try makeNoise?(rate),
                    notch: try notch.map { n in try n.check(rate: rate); return NotchFilter.allocate(n, rate: rate, toggle: notchSwitch) },
                    scope: scope ? ScopeTap.allocate(ports: 3, rate: rate, spectrumFrames: spectrum ? 2048 : 0) : nil,
                    bell: makeBell?(rate), tone: tone.map { $0.prepare(rate: rate); return $0 }, input: capture,
                    filter: try filters.filterNode(rate: rate), karaoke: filters.karaokeNode(rate: rate))
    }
}

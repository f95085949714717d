import RenderGraph

/// What a live mode adds to the metronome in each connection's `OutputGraph`: the player's deck
/// and the noise generator for the server's rate (on music_L and music_R), and the scope's tap.
/// Control thread only (`SessionJackLink` calls the makers when JACK connects).
public struct OutputParts {
    /// `woodshed play`: makes the player's deck for the server's rate.
    public var makeDeck: ((Int) throws -> MusicDeck)?
    /// `woodshed noise` (and a playlist's noise to follow): makes the noise generator for the rate.
    public var makeNoise: ((Int) throws -> NoiseGenerator)?
    /// `--notch`: a band-stop over music_L and music_R (never the click), checked against the rate.
    public var notch: Notch?
    /// `woodshed clock` and `noise --until`: the alarm bell for the rate (on music_L and music_R).
    public var makeBell: ((Int) -> AlarmBell)?
    /// The notch on or off (key f), shared by each connection's filter.
    public var notchSwitch = NotchSwitch()
    /// `--filter` and `--karaoke` over music_L and music_R (never the click), on or off by their
    /// switches (keys e and v), shared by each connection's nodes.
    public var filters = FilterToggles()
    /// `woodshed tinnitus match`: the tone on music_L and music_R.
    public var tone: MatchTone?
    /// Tap the output for the oscilloscope and meters.
    public var scope = false
    /// `--scope spectrum`: the tap also keeps the newest music samples for the spectrum (not
    /// kept otherwise: they double the tap's cost per block).
    public var spectrum = false
    /// `woodshed:in` (JACK only): each graph copies the input into this capture's ring (one
    /// capture for every connection; its owner frees it after the output has stopped).
    public var capture: InputCapture?

    public init() {}
}

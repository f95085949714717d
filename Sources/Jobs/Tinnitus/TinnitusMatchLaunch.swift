import App
import Engine
import Foundation
import JackBackend
import Persistence
import RenderGraph

/// `woodshed tinnitus match` live: the match's tone on music_L and music_R (or ALSA's two
/// channels), its screen and keys, until the match is saved or the user quits. A profile already
/// there that does not parse stops it before any sound (it is never saved over). Main thread.
public struct TinnitusMatchLaunch {
    /// The output options every live command shares (`connect`: music_L's and music_R's;
    /// `--for` is the command's to refuse; OSC and MPRIS are not used).
    public var output: LiveOutputRequest
    /// `--seed`: the octave check's order (nil: a new one each time).
    public var seed: UInt64?
    /// `--noise-band`: narrow-band noise around the frequency instead of the tone.
    public var noiseBand = false
    public var store = TinnitusProfileStore()

    public init(output: LiveOutputRequest = LiveOutputRequest(), seed: UInt64? = nil, noiseBand: Bool = false) {
        self.output = output
        self.seed = seed
        self.noiseBand = noiseBand
    }

    /// The output options, then `--for` (the match ends on Enter or q); each a one-line problem.
    public func check() throws(OptionProblem) {
        try output.check()
        if output.duration != nil { throw OptionProblem("the match ends when you press Enter or q; --for is for noise and the player") }
    }

    public func run() throws {
        do throws(TinnitusProfileError) {
            _ = try store.load()
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        let options = JackBackend.Options.musicOnly(clientName: output.jackName, server: output.server, noConnect: output.noConnect,
                                                    connect: output.connect)
        let tone = MatchTone(noiseBand: noiseBand)
        var parts = OutputParts()
        parts.tone = tone
        let outputStart = LiveOutputStart(backend: output.backendChoice, alsaDevice: output.alsaDevice,
                                          jackOnly: output.connect.isEmpty ? [] : ["--connect"])
        var match: TinnitusMatchController?
        try outputStart.launch(jack: options, session: nil, parts: parts) { engine in
            let controller = TinnitusMatchController(engine: engine, tone: tone, store: store,
                                                     seed: seed ?? UInt64(truncatingIfNeeded: Int64(Date().timeIntervalSince1970 * 1e6)))
            match = controller
            return controller
        }
        guard let controller = match else { return }
        if let error = controller.saveError { throw ValidationErrorMessage(error.description) }
    }
}

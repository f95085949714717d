import AlsaBackend
import App
import Control
import Engine
import JackBackend

/// Starts a live command's output as `--backend` says: JACK (a running server), ALSA (on
/// `--alsa-device`), or auto (JACK if a server runs, else ALSA, and say so). Each failure is one
/// line. Main thread.
public struct LiveOutputStart {
    public var backend: OutputBackendChoice
    public var alsaDevice: String
    /// The options given that only JACK has ("--transport follow"): ALSA refuses them, and
    /// `auto` does not fall back with them.
    public var jackOnly: [String]

    public init(backend: OutputBackendChoice, alsaDevice: String, jackOnly: [String]) {
        self.backend = backend
        self.alsaDevice = alsaDevice
        self.jackOnly = jackOnly
    }

    /// The started output for `session`, its graphs holding `parts` (and `fade`); `debug`
    /// takes diagnostics.
    public func start(jack options: JackBackend.Options, session: LiveSession?, parts: OutputParts = OutputParts(),
                      fade: RunningFade? = nil, debug: (String) -> Void = { _ in }) throws -> LiveOutput {
        if backend == .alsa, let first = jackOnly.first {
            if first.hasPrefix("--input") || first == "--record" || first == "--coach" {
                throw ValidationErrorMessage("\(first): the input port woodshed:in is not available on the ALSA backend; use JACK (--backend jack)")
            }
            throw ValidationErrorMessage("\(first) needs JACK; the ALSA backend has no JACK transport, JACK MIDI or port connections")
        }
        if backend == .alsa {
            do {
                return try startAlsa(session: session, parts: parts, fade: fade, notes: [], debug: debug)
            } catch let e as AlsaError {
                throw ValidationErrorMessage(e.description)
            }
        }
        let jack = JackBackend(options: options, session: session, parts: parts, fade: fade)
        do {
            try jack.start()
            debug("connected as \(jack.status.clientName) at \(jack.status.rate) Hz")
            return jack
        } catch let e as JackError {
            guard backend == .auto, case .noServer = e, jackOnly.isEmpty else {
                throw ValidationErrorMessage(JackStartFailure.message(e))
            }
            session?.transport = nil
            let fallback = "no JACK server '\(jack.status.server)' is running: playing through ALSA '\(alsaDevice)'"
            do {
                return try startAlsa(session: session, parts: parts, fade: fade, notes: [fallback], debug: debug)
            } catch let alsa as AlsaError {
                // Neither: both reasons in the one line.
                throw ValidationErrorMessage(JackStartFailure.message(e) + "; and ALSA: \(alsa)")
            }
        }
    }

    /// The ALSA output on `alsaDevice`, started (`notes`: its first events); `AlsaError` when
    /// the device cannot play.
    private func startAlsa(session: LiveSession?, parts: OutputParts, fade: RunningFade?, notes: [String],
                           debug: (String) -> Void) throws -> LiveOutput {
        var options = AlsaBackend.Options()
        options.device = alsaDevice
        let alsa = AlsaLiveOutput(options: options, session: session, parts: parts, fade: fade, notes: notes)
        try alsa.start()
        debug("playing on \(alsa.backend.status.summary)")
        return alsa
    }
}

import ArgumentParser
import Jobs

/// `--backend` and `--alsa-device`: which live output a command plays through. Main thread.
struct BackendOptions: ParsableArguments {
    @Option(name: .long, help: "Audio output: auto (a running JACK server, else ALSA), jack or alsa.")
    var backend: String = "auto"
    @Option(name: .customLong("alsa-device"), help: "The ALSA PCM to play on with the ALSA backend, e.g. hw:1, plughw:1,0, pipewire (default: default).")
    var alsaDevice: String = "default"

    /// The `--backend` choice (after `validate`).
    var choice: OutputBackendChoice { OutputBackendChoice(rawValue: backend) ?? .auto }

    func validate() throws {
        guard OutputBackendChoice(rawValue: backend) != nil else { throw ValidationError(OutputBackendChoice.invalid(backend)) }
        if alsaDevice.isEmpty { throw ValidationError("--alsa-device must name an ALSA PCM, e.g. default or hw:1") }
    }
}

import CAlsa

/// One open, configured ALSA playback PCM: interleaved, `channels` channels of `format` at
/// `rate`, written a period at a time. Opened and closed by the control thread; between
/// `AlsaWriteLoop`'s start and end only its thread writes to it.
final class AlsaDevice {
    /// The sample formats Woodshed writes, best first.
    enum Format: Int, Sendable {
        case float32 = 0, int32 = 1, int16 = 2
        var alsa: snd_pcm_format_t {
            switch self {
            case .float32: SND_PCM_FORMAT_FLOAT_LE
            case .int32: SND_PCM_FORMAT_S32_LE
            case .int16: SND_PCM_FORMAT_S16_LE
            }
        }
        var bytes: Int { self == .int16 ? 2 : 4 }
        var name: String {
            switch self {
            case .float32: "32-bit float"
            case .int32: "32-bit"
            case .int16: "16-bit"
            }
        }
    }

    let name: String
    let pcm: OpaquePointer
    let rate: Int
    let channels: Int
    let format: Format
    let periodFrames: Int
    let bufferFrames: Int

    /// Opens `name` for playback and sets it up: the rate nearest `rate`, stereo (or what the
    /// device has nearest), float or else 32- or 16-bit integer samples, `periods` periods of
    /// about `periodFrames` frames; the stream starts once its buffer is full.
    init(name: String, rate wantedRate: Int, periodFrames wantedPeriod: Int, periods: Int) throws {
        woodshed_alsa_silence_errors()
        var handle: OpaquePointer?
        let opened = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, 0)
        guard opened >= 0, let pcm = handle else {
            throw AlsaError.openFailed(device: name, reason: AlsaError.reason(opened))
        }
        self.name = name
        self.pcm = pcm
        var hw: OpaquePointer?
        snd_pcm_hw_params_malloc(&hw)
        defer { snd_pcm_hw_params_free(hw) }
        func check(_ code: Int32, _ what: String) throws {
            if code < 0 {
                snd_pcm_close(pcm)
                throw AlsaError.setupFailed(device: name, what: what, reason: AlsaError.reason(code))
            }
        }
        try check(snd_pcm_hw_params_any(pcm, hw), "hardware settings")
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "interleaved access")
        var chosen: Format?
        for f in [Format.float32, .int32, .int16] where snd_pcm_hw_params_test_format(pcm, hw, f.alsa) == 0 {
            chosen = f
            break
        }
        guard let chosen else {
            snd_pcm_close(pcm)
            throw AlsaError.setupFailed(device: name, what: "sample formats (float, 32-bit, 16-bit)", reason: AlsaError.reason(-EINVAL))
        }
        try check(snd_pcm_hw_params_set_format(pcm, hw, chosen.alsa), "\(chosen.name) format")
        var ch: UInt32 = 2
        try check(snd_pcm_hw_params_set_channels_near(pcm, hw, &ch), "channel count")
        var r = UInt32(wantedRate)
        try check(snd_pcm_hw_params_set_rate_near(pcm, hw, &r, nil), "rate \(wantedRate) Hz")
        var period = snd_pcm_uframes_t(wantedPeriod)
        try check(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, nil), "period of \(wantedPeriod) frames")
        var buffer = period * snd_pcm_uframes_t(periods)
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), "buffer of \(buffer) frames")
        try check(snd_pcm_hw_params(pcm, hw), "settings")
        snd_pcm_hw_params_get_period_size(hw, &period, nil)
        snd_pcm_hw_params_get_buffer_size(hw, &buffer)
        var sw: OpaquePointer?
        snd_pcm_sw_params_malloc(&sw)
        defer { snd_pcm_sw_params_free(sw) }
        try check(snd_pcm_sw_params_current(pcm, sw), "software settings")
        try check(snd_pcm_sw_params_set_start_threshold(pcm, sw, buffer), "start threshold")
        try check(snd_pcm_sw_params_set_avail_min(pcm, sw, period), "wake-up threshold")
        // Timestamps on CLOCK_MONOTONIC for `snd_pcm_htimestamp` (a device without them keeps its default).
        _ = snd_pcm_sw_params_set_tstamp_mode(pcm, sw, SND_PCM_TSTAMP_ENABLE)
        _ = snd_pcm_sw_params_set_tstamp_type(pcm, sw, SND_PCM_TSTAMP_TYPE_MONOTONIC)
        try check(snd_pcm_sw_params(pcm, sw), "software settings")
        try check(snd_pcm_prepare(pcm), "start")
        rate = Int(r)
        channels = Int(ch)
        format = chosen
        periodFrames = Int(period)
        bufferFrames = Int(buffer)
    }

    /// Drops what is still queued and closes the device. Control thread, once no write runs.
    func close() {
        snd_pcm_drop(pcm)
        snd_pcm_close(pcm)
    }

    /// What the display shows: "ALSA 'default' · 48000 Hz · 256 frames × 4 · 32-bit float".
    var summary: String {
        "ALSA '\(name)' · \(rate) Hz · \(periodFrames) frames × \(max(1, bufferFrames / max(periodFrames, 1))) · \(format.name)"
    }
}

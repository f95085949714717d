import CJack

/// Names the audio interface a JACK port belongs to, for keeping a calibration per interface.
/// Control thread (asks the server through a client).
///
/// A physical port of jackd2's ALSA backend has an alias `alsa_pcm:DEVICE:in1` (the dummy
/// backend: `dummy_pcm:dummy:out1`): the interface is the DEVICE jackd was started with
/// (`hw:PCH`, `hw:1`). Without such an alias, the port's client name (`system`, or the JACK
/// client a loopback goes through). A loopback whose two ends name different interfaces is
/// `CAPTURE / PLAYBACK`.
public enum AudioInterfaceName {
    /// The interface of the port `name`, nil when there is no such port.
    static func of(port name: String, client: OpaquePointer) -> String? {
        guard let port = jack_port_by_name(client, name) else { return nil }
        let size = Int(jack_port_name_size())
        let a = UnsafeMutablePointer<CChar>.allocate(capacity: size), b = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        defer { a.deallocate(); b.deallocate() }
        a[0] = 0
        b[0] = 0
        var aliases: [UnsafeMutablePointer<CChar>?] = [a, b]
        let count = aliases.withUnsafeMutableBufferPointer { jack_port_get_aliases(port, $0.baseAddress) }
        let names = (0..<Int(max(count, 0))).map { String(cString: [a, b][$0]) }
        return device(aliases: names) ?? String(name.prefix { $0 != ":" })
    }

    /// The device named by a jackd backend's alias (`alsa_pcm:hw:PCH:in1` → `hw:PCH`), if any.
    public static func device(aliases: [String]) -> String? {
        for alias in aliases {
            let parts = alias.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, parts[0].hasSuffix("_pcm") else { continue }
            return parts[1..<(parts.count - 1)].joined(separator: ":")
        }
        return nil
    }

    /// One name for a loopback's capture and playback interfaces.
    public static func joined(capture: String, playback: String) -> String {
        capture == playback ? capture : "\(capture) / \(playback)"
    }
}

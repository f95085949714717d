/// `--connect` and `--music-connect` as given: each value one port or several
/// comma-separated. Any thread.
public enum JackPortList {
    /// The ports in order; nil when none was given (the default: the first two physical
    /// playback ports).
    public static func ports(_ values: [String]) -> [String]? {
        let ports = values.flatMap { $0.split(separator: ",").map(String.init) }
        return ports.isEmpty ? nil : ports
    }
}

import ArgumentParser
import Jobs
import RenderGraph

/// `--notch FREQ[:WIDTH]` as every command reads it (`render`, `play`, `shadow`, `playlist play`,
/// `noise`, `tinnitus check`): read by `Notch.option`, a bad value is a usage error naming the
/// value and the range. Main thread.
enum NotchOption {
    /// The option's help line.
    static let help = ArgumentHelp(
        "Remove a band around FREQ (250 Hz to 12 kHz, at most 0.35 × the rate; e.g. 6000 or 6.2kHz, or tinnitus: the frequency woodshed tinnitus match saved), WIDTH octaves wide (1, 1/2 or 1/4; default 1). Music and noise only, never the click.",
        valueName: "freq[:width]")

    /// The notch `text` asks for (nil: none).
    static func parse(_ text: String?) throws -> Notch? {
        try usage { try Notch.option(text) }
    }
}

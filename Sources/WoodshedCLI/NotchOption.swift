import ArgumentParser
import Jobs
import RenderGraph

/// `--notch FREQ[:WIDTH]` as every command reads it (`render`, `play`, `shadow`, `playlist play`,
/// `noise`, `tinnitus check`): read by `Notch.option`, a bad value is a usage error naming the
/// value and the range. Main thread.
enum NotchOption {
    /// The option's help line.
    static let help = ArgumentHelp(OptionHelp.notch, valueName: "freq[:width]")

    /// The notch `text` asks for (nil: none).
    static func parse(_ text: String?) throws -> Notch? { try usage { try Notch.option(text) } }
}

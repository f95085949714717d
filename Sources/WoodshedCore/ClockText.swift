/// Times for people, from whole seconds: `3:05`, `1:02:03`. Any thread.
public enum ClockText {
    /// m:ss below an hour, h:mm:ss from an hour on (time left on screens and plain lines).
    public static func minutes(_ seconds: Int) -> String {
        seconds >= 3600 ? hours(seconds) : "\(seconds / 60):\(twoDigits(seconds % 60))"
    }

    /// h:mm:ss, hours always shown (totals of the practice log).
    public static func hours(_ seconds: Int) -> String {
        "\(seconds / 3600):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))"
    }

    private static func twoDigits(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}

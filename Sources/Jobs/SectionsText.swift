/// Numbers as `sections` shows them. Any thread.
public enum SectionsText {
    /// 750 thousandths is "0.75", 1000 is "1".
    public static func speed(_ milli: Int) -> String {
        let whole = milli / 1000
        var fraction = String(milli % 1000)
        guard fraction != "0" else { return "\(whole)" }
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}

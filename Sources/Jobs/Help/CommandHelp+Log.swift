/// The help of `woodshed log`: the practice log summed up: the commands' abstracts and discussions, and
/// the help lines of their options too long for one line. Constants: any thread.
extension CommandHelp {
    public static let log = CommandHelp(
        abstract: "Sum up the practice log: time per file and section, click and noise, per day, the streak and the weak spots.",
        discussion: """
            The log is $XDG_STATE_HOME/woodshed/practice-log.jsonl (~/.local/state/...),
            one JSON line per stretch of practice in click, play, shadow or noise,
            and per track listened to in playlist play.
            A session is practice with no break over 30 minutes; days are calendar
            days in the local time zone; the streak counts consecutive days with 5
            minutes or more. Weak spots: the sections moved as bad cuts, asked for
            again or slower most in the last 14 days. --tinnitus: the notched
            listening (--notch) per day against --target (90m). See
            docs/practice-log.md.
            """)
}

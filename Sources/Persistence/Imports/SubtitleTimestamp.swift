import WoodshedCore

/// A subtitle time as SRT and WebVTT write it. Any thread.
enum SubtitleTimestamp {
    /// An SRT time: `[hours:]minutes:seconds`, then `,` or `.` and 1 to 3 digits of
    /// milliseconds: `00:01:02,500`, `00:01:02.500`, `01:02,500`. Hours are up to 5 digits,
    /// minutes and seconds 1 or 2 digits below 60; nil for anything else.
    ///
    /// The digits after the separator count milliseconds, as players read them: `,5` is 5 ms
    /// and `,05` is 5 ms too, not half a second. FFmpeg's SubRip demuxer (libavformat/srtdec.c,
    /// `get_event_info`: `sscanf("%d:%d:%d%*1[,.]%d …")`, then `… * 1000 + ms1`), which mpv
    /// plays SRT through, and VLC (modules/demux/subtitle.c,
    /// `subtitle_ParseSubRipTimingValue`: `VLC_TICK_FROM_MS(d1)`) both add the number as
    /// milliseconds.
    static func srt(_ text: Substring) -> SourceTime? {
        guard let separator = text.lastIndex(where: { $0 == "," || $0 == "." }) else { return nil }
        let fraction = text[text.index(after: separator)...]
        let clock = text[..<separator].split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fraction.count), let milli = digits(fraction),
              clock.count == 2 || clock.count == 3 else { return nil }
        var seconds: Int64 = 0
        for (k, field) in clock.enumerated() {
            let isHours = clock.count == 3 && k == 0
            guard (1...(isHours ? 5 : 2)).contains(field.count), let v = digits(field), isHours || v < 60 else { return nil }
            seconds = seconds * 60 + v
        }
        return SourceTime(microseconds: (seconds * 1000 + milli) * 1000)
    }

    /// ASCII digits only, as a number.
    static func digits(_ s: Substring) -> Int64? {
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(s)
    }

    /// A WebVTT time read at `position` in `line`, which is moved past it, as the WebVTT
    /// specification's "collect a WebVTT timestamp" reads it: `[hours:]mm:ss.ttt`. Hours are
    /// any number of digits (`100:00:00.000`); a first field that is not exactly two digits, or
    /// is above 59, is hours. Minutes and seconds are exactly two digits below 60 and the
    /// fraction exactly three digits after a `.`. Nil for anything else, or for a time past
    /// what a SourceTime holds.
    static func webVTT(_ line: [Unicode.Scalar], at position: inout Int) -> SourceTime? {
        func collectDigits() -> (count: Int, value: Int64?) {
            var value: Int64? = 0
            let start = position
            while position < line.count, let d = line[position].asciiDigit {
                if let v = value {
                    let (times10, o1) = v.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(d)
                    value = o1 || o2 ? nil : sum
                }
                position += 1
            }
            return (position - start, value)
        }
        func take(_ c: Unicode.Scalar) -> Bool {
            guard position < line.count, line[position] == c else { return false }
            position += 1
            return true
        }
        guard position < line.count, line[position].asciiDigit != nil else { return nil }
        let first = collectDigits()
        guard var value1 = first.value else { return nil }
        let hours = first.count != 2 || value1 > 59
        guard take(":") else { return nil }
        let second = collectDigits()
        guard second.count == 2, var value2 = second.value else { return nil }
        var value3: Int64
        if hours || (position < line.count && line[position] == ":") {
            guard take(":") else { return nil }
            let third = collectDigits()
            guard third.count == 2, let v = third.value else { return nil }
            value3 = v
        } else {
            (value3, value2, value1) = (value2, value1, 0)
        }
        guard take(".") else { return nil }
        let fourth = collectDigits()
        guard fourth.count == 3, let value4 = fourth.value, value2 <= 59, value3 <= 59 else { return nil }
        let (h, o1) = value1.multipliedReportingOverflow(by: 3_600_000_000)
        let (total, o2) = h.addingReportingOverflow(value2 * 60_000_000 + value3 * 1_000_000 + value4 * 1000)
        return o1 || o2 ? nil : SourceTime(microseconds: total)
    }
}

extension Unicode.Scalar {
    /// The value of an ASCII digit; nil for any other character.
    var asciiDigit: Int64? { ("0"..."9").contains(self) ? Int64(value - 48) : nil }
}

import Testing
@testable import WoodshedCore

@Suite("Times in an audio file, as the user writes them")
struct SourceTimeTests {
    @Test("every written form is read exactly, in microseconds", arguments: [
        ("62.5", 62_500_000), ("62.5s", 62_500_000), ("0", 0), ("+5", 5_000_000), ("7s", 7_000_000),
        ("1:02.5", 62_500_000), ("1:02", 62_000_000), ("0:00.001", 1_000), ("75:00", 4_500_000_000),
        ("1:02:03.250", 3_723_250_000), ("0:59:59.999999", 3_599_999_999), ("10:00:00", 36_000_000_000),
        ("350ms", 350_000), ("1.5ms", 1_500), ("0.001ms", 1), ("-10ms", -10_000), ("+10ms", 10_000),
        ("-1:00.5", -60_500_000), ("0.000001", 1), ("2.123456s", 2_123_456),
    ] as [(String, Int64)])
    func parses(text: String, microseconds: Int64) throws {
        #expect(try SourceTime(parsing: text).microseconds == microseconds)
    }

    @Test("anything else is refused with the same one-line explanation", arguments: [
        "", "s", "ms", "-", "abc", "1.", ".5", "1:", ":30", "1:60", "1:02:60", "1:60:00", "1:02:03:04", "1:00ms",
        "1.0000001", "1.0001ms", "5m", "1e3", " 5", "5 ", "--5", "1:-5", "1:+5", "1:+2:00", "+-1", "٣",
        "1.5.2", "9999999999999", "999999999999:00:00", "1,5",
    ])
    func refused(text: String) {
        #expect(throws: TimingError.badTime(text)) { try SourceTime(parsing: text) }
    }

    @Test("the error names the text and the forms that work")
    func errorText() {
        #expect(TimingError.badTime("1:60").description
            == "time '1:60' is not valid: write seconds (62.5), m:ss.fff (1:02.5), h:mm:ss, or milliseconds (350ms)")
    }

    @Test("frames are round(µs · rate / 10⁶), half up, exactly, at any rate")
    func frames() throws {
        #expect(try SourceTime(parsing: "1:02.5").frame(rate: 48_000) == 3_000_000)
        #expect(try SourceTime(parsing: "1ms").frame(rate: 44_100) == 44)          // 44.1
        #expect(try SourceTime(parsing: "10ms").frame(rate: 44_100) == 441)
        #expect(SourceTime(microseconds: 500).frame(rate: 1_000) == 1)            // 0.5 rounds up
        #expect(SourceTime(microseconds: -500).frame(rate: 1_000) == 0)           // -0.5 rounds up too
        #expect(SourceTime(microseconds: 1_500).frame(rate: 1_000) == 2)
        #expect(try SourceTime(parsing: "10:00:00").frame(rate: 192_000) == 6_912_000_000)
        #expect(try SourceTime(parsing: "0.000011").frame(rate: 44_100) == 0)     // 0.4851 frames
        #expect(try SourceTime(parsing: "0.000012").frame(rate: 44_100) == 1)     // 0.5292 frames
    }

    @Test("a frame's time is rounded to the microsecond and reads back as the same frame")
    func ofFrame() {
        #expect(SourceTime.of(frame: 44, rate: 44_100).microseconds == 998)       // 997.73
        #expect(SourceTime.of(frame: 1, rate: 48_000).microseconds == 21)         // 20.83
        for rate in [8_000, 22_050, 44_100, 48_000, 96_000, 192_000] {
            for frame: Int64 in [0, 1, 2, 3, 441, 44_099, 1_234_567, 987_654_321] {
                #expect(SourceTime.of(frame: frame, rate: rate).frame(rate: rate) == frame, "\(frame) at \(rate)")
            }
        }
    }

    @Test("shown as m:ss.fff, rounded to the nearest millisecond (1 ms typed at 44.1 kHz shows as 1 ms)")
    func description() throws {
        #expect(try SourceTime(parsing: "62.5").description == "1:02.500")
        #expect(try SourceTime(parsing: "1:02:03.250").description == "62:03.250")
        #expect(SourceTime(microseconds: 0).description == "0:00.000")
        #expect(SourceTime(microseconds: -10_000).description == "-0:00.010")
        #expect(SourceTime(microseconds: 1_499).description == "0:00.001")
        #expect(SourceTime(microseconds: 1_500).description == "0:00.002")
        #expect(SourceTime(microseconds: 59_999_500).description == "1:00.000")
        #expect(SourceTime(microseconds: -499).description == "0:00.000")         // no "-0"
        #expect(SourceTime.of(frame: 44, rate: 44_100).description == "0:00.001")
        #expect(SourceTime.of(frame: 480_000, rate: 48_000).description == "0:10.000")
    }

    @Test("times order by their value")
    func order() throws {
        #expect(try SourceTime(parsing: "59.999") < SourceTime(parsing: "1:00"))
        #expect(try SourceTime(parsing: "-1ms") < SourceTime(parsing: "0"))
    }
}

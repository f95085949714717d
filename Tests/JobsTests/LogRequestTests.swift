import Jobs
import Testing

/// `woodshed log`'s options, checked before the log is read: each wrong one is one line naming it.
@Suite("woodshed log's options: --days from 1, --target only with --tinnitus and in whole minutes")
struct LogRequestTests {
    /// The daily target `check` returns ("nil" without --tinnitus), or its problem.
    private func target(_ r: LogRequest) -> String {
        do { return try r.check().map { "\($0)" } ?? "nil" } catch { return error.description }
    }

    @Test("the daily target: 90 minutes by default with --tinnitus, none without, --target in whole minutes")
    func dailyTarget() {
        #expect(target(LogRequest()) == "nil")
        #expect(target(LogRequest(days: 7, file: "a.wav", json: true)) == "nil")
        #expect(target(LogRequest(tinnitus: true)) == "90")
        #expect(target(LogRequest(tinnitus: true, target: "2h")) == "120")
        #expect(target(LogRequest(tinnitus: true, target: "1h30m")) == "90")
        #expect(target(LogRequest(tinnitus: true, target: "1m")) == "1")
    }

    @Test("a wrong option is one line naming it and the value")
    func problems() {
        #expect(target(LogRequest(days: 0)) == "--days takes a number of days, 1 or more, not 0")
        #expect(target(LogRequest(days: -3, tinnitus: true)) == "--days takes a number of days, 1 or more, not -3")
        #expect(target(LogRequest(target: "90m")) == "--target goes with --tinnitus")
        #expect(target(LogRequest(tinnitus: true, target: "30s"))
                == "--target takes whole minutes such as 90m or 1h30m (1m to 24h), not '30s'")
        #expect(target(LogRequest(tinnitus: true, target: "61s"))
                == "--target takes whole minutes such as 90m or 1h30m (1m to 24h), not '61s'")
        #expect(target(LogRequest(tinnitus: true, target: "soon"))
                == "--target takes whole minutes such as 90m or 1h30m (1m to 24h), not 'soon'")
    }
}

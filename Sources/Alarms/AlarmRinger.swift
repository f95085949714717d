import Persistence

/// What the alarms do over time, told the wall-clock time at each tick: rings when one is due,
/// snoozes and stops on the user's word, stops by itself when unanswered, and tells of the ones
/// missed while the computer slept. It makes no sound itself: its events drive the bell and the
/// screen. Control thread (the loop that ticks it; tests tick it with any times they like).
public final class AlarmRinger {
    /// How long an unanswered alarm rings before it stops by itself.
    public static let unansweredSeconds = 15.0 * 60
    /// A ring found later than this (the computer slept through it) is missed, not rung.
    public static let missedAfterSeconds = 60.0

    /// What the ringer is doing.
    public enum State: Equatable, Sendable {
        case waiting
        /// Ringing since `since` (wall seconds).
        case ringing(AlarmRing, since: Double)
        /// Snoozed: rings again at `until`.
        case snoozed(AlarmRing, until: Double)
    }

    /// What changed at a tick or on a key.
    public enum Event: Equatable, Sendable {
        /// Starts ringing (due at `ring.scheduled`, or the end of a snooze at `at`).
        case ring(AlarmRing, at: Double)
        case snoozed(AlarmRing, until: Double)
        /// Stopped by the user (space).
        case stopped(AlarmRing)
        /// Nobody answered for 15 minutes.
        case unanswered(AlarmRing)
        /// Due while the computer slept (found `late` seconds after its time).
        case missed(AlarmRing, late: Double)
    }

    public let schedule: AlarmSchedule
    public private(set) var alarms: [Alarm]
    public private(set) var state = State.waiting
    /// The wall time of the last tick: rings after it are still to come.
    public private(set) var checked: Double

    public init(schedule: AlarmSchedule, alarms: [Alarm], now: Double) {
        self.schedule = schedule
        self.alarms = alarms
        checked = now
    }

    /// New alarms (the file changed): rings still to come follow them; one ringing or snoozed goes on.
    public func replaceAlarms(_ new: [Alarm]) { alarms = new }

    /// The next time something rings: the end of the snooze, or the next alarm; nil for none.
    public var nextRing: (ring: AlarmRing, at: Double)? {
        let alarm = nextAlarm.map { (ring: $0, at: Double($0.scheduled)) }
        if case .snoozed(let ring, let until) = state, alarm.map({ until <= $0.at }) ?? true { return (ring, until) }
        return alarm
    }

    /// The next alarm to ring (its snoozes aside); nil for none.
    public var nextAlarm: AlarmRing? {
        alarms.compactMap { a in schedule.next(a, after: checked).map { AlarmRing(alarm: a, scheduled: $0) } }
            .min { $0.scheduled < $1.scheduled }
    }

    /// Everything due up to `now`. A clock set back only moves `checked` back.
    public func tick(now: Double) -> [Event] {
        defer { checked = now }
        guard now > checked else { return [] }
        var events: [Event] = []
        if case .snoozed(let ring, let until) = state, until <= now {
            state = .ringing(ring, since: until)
            events.append(.ring(ring, at: until))
        }
        for ring in schedule.rings(of: alarms, after: checked, through: now) {
            let late = now - Double(ring.scheduled)
            if late > AlarmRinger.missedAfterSeconds {
                events.append(.missed(ring, late: late))
            } else {
                state = .ringing(ring, since: Double(ring.scheduled))
                events.append(.ring(ring, at: Double(ring.scheduled)))
            }
        }
        if case .ringing(let ring, let since) = state, now - since >= AlarmRinger.unansweredSeconds {
            state = .waiting
            events.append(.unanswered(ring))
        }
        return events
    }

    /// `s` or a pedal: a ringing alarm rings again after its snooze length.
    public func snooze(now: Double) -> Event? {
        guard case .ringing(let ring, _) = state else { return nil }
        let until = now + Double(ring.alarm.snoozeMinutes * 60)
        state = .snoozed(ring, until: until)
        return .snoozed(ring, until: until)
    }

    /// Space: a ringing or snoozed alarm stops (until its next day).
    public func stop(now: Double) -> Event? {
        switch state {
        case .waiting: return nil
        case .ringing(let ring, _), .snoozed(let ring, _):
            state = .waiting
            return .stopped(ring)
        }
    }
}

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

    /// What the ringer is doing, as the user sees it first: an alarm ringing, else the snooze
    /// that ends first, else nothing.
    public enum State: Equatable, Sendable {
        case waiting
        /// Ringing since `since` (wall seconds).
        case ringing(AlarmRing, since: Double)
        /// Snoozed: rings again at `until`.
        case snoozed(AlarmRing, until: Double)
    }

    /// A snoozed alarm and when it rings again. Any thread (a value).
    public struct Snooze: Equatable, Sendable {
        public var ring: AlarmRing
        public var until: Double
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
    /// The alarm ringing now, and since when.
    private var ringingNow: (ring: AlarmRing, since: Double)?
    /// The snoozed alarms, the one that rings again first first. Another alarm may ring meanwhile.
    public private(set) var snoozes: [Snooze] = []

    public var state: State {
        if let r = ringingNow { return .ringing(r.ring, since: r.since) }
        if let s = snoozes.first { return .snoozed(s.ring, until: s.until) }
        return .waiting
    }
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
        if let s = snoozes.first, alarm.map({ s.until <= $0.at }) ?? true { return (s.ring, s.until) }
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
        // Snoozes that have ended and alarms now due, in time order; a later one takes the place
        // of one ringing before it.
        var due: [(ring: AlarmRing, at: Double)] = snoozes.filter { $0.until <= now }.map { ($0.ring, $0.until) }
        snoozes.removeAll { $0.until <= now }
        for ring in schedule.rings(of: alarms, after: checked, through: now) {
            let late = now - Double(ring.scheduled)
            if late > AlarmRinger.missedAfterSeconds {
                events.append(.missed(ring, late: late))
            } else {
                due.append((ring, Double(ring.scheduled)))
            }
        }
        for d in due.sorted(by: { $0.at < $1.at }) {
            ringingNow = (d.ring, d.at)
            events.append(.ring(d.ring, at: d.at))
        }
        if let r = ringingNow, now - r.since >= AlarmRinger.unansweredSeconds {
            ringingNow = nil
            events.append(.unanswered(r.ring))
        }
        return events
    }

    /// `s` or a pedal: a ringing alarm rings again after its snooze length.
    public func snooze(now: Double) -> Event? {
        guard let ring = ringingNow?.ring else { return nil }
        let until = now + Double(ring.alarm.snoozeMinutes * 60)
        ringingNow = nil
        snoozes.append(Snooze(ring: ring, until: until))
        snoozes.sort { $0.until < $1.until }
        return .snoozed(ring, until: until)
    }

    /// Space: the ringing alarm stops (until its next day); with none ringing, the snooze that
    /// ends first is called off.
    public func stop(now: Double) -> Event? {
        if let ring = ringingNow?.ring {
            ringingNow = nil
            return .stopped(ring)
        }
        guard !snoozes.isEmpty else { return nil }
        return .stopped(snoozes.removeFirst().ring)
    }
}

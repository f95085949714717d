import Alarms
import Engine
import Foundation
import Persistence
import RenderGraph

/// The alarms of a running `woodshed clock` or `noise … --until`: reads `alarms.json` (again
/// whenever it changes), rings the bell on the exact frame of an alarm's second, snoozes and
/// stops on the user's word, and keeps the lines the screen shows (missed alarms, problems).
/// Control thread: `refresh` runs at each status refresh of the loop.
///
/// Timing: a ring is set on the bell when it is less than `armAhead` seconds away, at the
/// frame `framesPlayed + (time − now) · rate`: the render thread's position mapped to the wall
/// clock (CLOCK_REALTIME), off by at most a period and the refresh's own delay.
public final class AlarmKeeper {
    /// How far ahead a ring is set on the bell.
    public static let armAhead = 1.0

    public let store: AlarmStore
    public let ringer: AlarmRinger
    public let wall: WallClock
    /// The bell of the current output (a new one on each connection, for its rate).
    public private(set) var bell: AlarmBell?
    /// The sound names loaded on `bell`, and their numbers there.
    private var loaded: [String: Int] = [:]
    /// The ring set on the bell ahead of its time: which, and the wall time.
    private var armed: (id: Int, at: Double)?
    private var version: AlarmFileVersion?
    /// Lines for the screen and stderr, newest last ("missed 07:00 …", a file problem).
    public private(set) var notes: [String] = []
    /// Called with each new note (stderr in plain output): see `sayNotes`.
    private var onNote: ((String) -> Void)?
    /// The logind sleep inhibitor, held while an alarm is to come (`keepAwake`); nil: none.
    public private(set) var inhibitor: SleepInhibitor?
    /// How sounds are found by name (`AlarmSound.resolve`; tests may give their own).
    public var resolveSound: (String) throws -> AlarmSound = { try AlarmSound.resolve($0) }

    public init(store: AlarmStore = AlarmStore(), wall: WallClock = SystemWallClock(), timeZone: TimeZone = .current) {
        self.store = store
        self.wall = wall
        var alarms: [Alarm] = []
        var problem: String?
        do throws(AlarmError) { alarms = try store.load().alarms } catch { problem = error.description }
        version = store.version()
        ringer = AlarmRinger(schedule: AlarmSchedule(timeZone: timeZone), alarms: alarms, now: wall.secondsSince1970)
        if let problem { note("Warning: \(problem)") }
    }

    /// A bell for a new connection at `rate` (`OutputParts.makeBell`); a ring under way goes on in it.
    public func makeBell(rate: Int) -> AlarmBell {
        let b = AlarmBell(rate: rate)
        bell = b
        loaded = [:]
        armed = nil
        if case .ringing(let ring, _) = ringer.state { ringNow(ring.alarm) }
        return b
    }

    /// Gives every note to `say` from now on, the ones already made first (plain output: stderr).
    public func sayNotes(to say: @escaping (String) -> Void) {
        onNote = say
        for line in notes { say(line) }
    }

    /// Holds a logind sleep inhibitor while an alarm is to come, released when none is (and when
    /// the keeper goes); `busAddress`: another bus than the system bus (tests).
    public func keepAwake(busAddress: String? = nil) {
        inhibitor = SleepInhibitor(busAddress: busAddress) { [weak self] in self?.note($0) }
    }

    /// True while an alarm rings or is snoozed.
    public var isRinging: Bool { ringer.state != .waiting }

    /// True while an alarm rings, is snoozed, or is about to ring (`armAhead`): a session that
    /// has played to its end stays for it.
    public var holdsOpen: Bool {
        isRinging || ringer.nextRing.map { $0.at - wall.secondsSince1970 <= AlarmKeeper.armAhead + 1 } == true
    }

    /// The alarm ringing now, if any.
    public var ringing: AlarmRing? {
        if case .ringing(let ring, _) = ringer.state { return ring }
        return nil
    }

    /// Reloads a changed file, sets an imminent ring on the bell, and runs the ringer up to now.
    public func refresh() {
        reloadIfChanged()
        let now = wall.secondsSince1970
        // A ring set ahead whose alarm has gone (the file changed) is taken back.
        if let a = armed, a.at > now, ringer.nextRing.map({ $0.ring.alarm.id != a.id || $0.at != a.at }) ?? true {
            if let bell { bell.stop(atFrame: bell.framesPlayed) }
            armed = nil
        }
        if let next = ringer.nextRing, next.at - now <= AlarmKeeper.armAhead, next.at > now,
           armed.map({ $0.id != next.ring.alarm.id || $0.at != next.at }) ?? true {
            arm(next.ring.alarm, at: next.at, now: now)
        }
        for event in ringer.tick(now: now) { handle(event) }
        if let inhibitor {
            if let next = ringer.nextRing {
                inhibitor.hold(why: "an alarm at \(ringer.schedule.time(at: next.at).text)")
            } else if !isRinging {
                inhibitor.release()
            }
        }
    }

    /// `s` or a pedal: the ringing alarm rings again after its snooze.
    public func snooze() {
        if let e = ringer.snooze(now: wall.secondsSince1970) { handle(e) }
    }

    /// Space: the ringing (or snoozed) alarm stops.
    public func stop() {
        if let e = ringer.stop(now: wall.secondsSince1970) { handle(e) }
    }

    private func handle(_ event: AlarmRinger.Event) {
        switch event {
        case .ring(let ring, let at):
            if armed.map({ $0.id == ring.alarm.id && $0.at == at }) != true { ringNow(ring.alarm) }
            armed = nil
        case .snoozed, .stopped, .unanswered:
            if ringing == nil, let bell { bell.stop(atFrame: bell.framesPlayed) }
            armed = nil   // a ring set ahead is set again at the next refresh (the stop silenced it)
            if case .unanswered(let ring) = event { note("\(ring.alarm.shortText) rang for 15 minutes unanswered: stopped") }
        case .missed(let ring, _):
            let at = ringer.schedule.time(at: Double(ring.scheduled)).text
            note("Missed alarm \(ring.alarm.shortText) at \(at) \(ringer.schedule.date(at: Double(ring.scheduled)).text): the computer was asleep")
        }
    }

    /// Sets `alarm` on the bell at wall time `at`.
    private func arm(_ alarm: Alarm, at: Double, now: Double) {
        guard let bell, let number = sound(alarm.sound, on: bell) else { return }
        let frame = bell.framesPlayed + Int64(((at - now) * Double(bell.rate)).rounded())
        bell.ring(sound: number, atFrame: frame, volume: Double(alarm.volume) / 100)
        armed = (alarm.id, at)
    }

    private func ringNow(_ alarm: Alarm) {
        guard let bell, let number = sound(alarm.sound, on: bell) else { return }
        bell.ring(sound: number, atFrame: bell.framesPlayed, volume: Double(alarm.volume) / 100)
    }

    /// The number of sound `name` on `bell`, loading it first; an unknown sound rings the beep.
    private func sound(_ name: String, on bell: AlarmBell) -> Int? {
        if let n = loaded[name] { return n }
        var sound = AlarmSound(name: Alarm.defaultSound, source: .beep)
        do { sound = try resolveSound(name) } catch { note("Warning: alarm sound \(error); the beep rings instead") }
        if let n = loaded[sound.name] { loaded[name] = n; return n }
        guard let n = bell.load(sound.loop(rate: bell.rate)) else { return loaded[Alarm.defaultSound] }
        loaded[name] = n
        loaded[sound.name] = n
        return n
    }

    private func reloadIfChanged() {
        let v = store.version()
        guard v != version else { return }
        version = v
        do throws(AlarmError) {
            ringer.replaceAlarms(try store.load().alarms)
        } catch {
            note("Warning: \(error.description); the alarms before it stay set")
        }
    }

    private func note(_ line: String) {
        notes.append(line)
        if notes.count > 5 { notes.removeFirst() }
        onNote?(line)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import Workers

/// The workers' one thread lifecycle: a wake ends a wait at once, `stop` ends a thread that
/// waits for ever and runs its last words once, and a waiting thread does not turn.
@Suite struct WorkerThreadTests {
    /// Polls `condition` (yielding) until it holds or 10 s pass; true if it held.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            sched_yield()
        }
        return true
    }

    @Test func aWakeEndsAWaitForeverAtOnceAndEachWakeRunsOneMoreTurn() {
        let worker = WorkerThread(name: "test worker")
        let turns = Atomic<Int>(0)
        worker.start { turns.add(1, ordering: .relaxed); return .waitForWake }
        #expect(Self.eventually { turns.load(ordering: .relaxed) == 1 })
        worker.wake()
        #expect(Self.eventually { turns.load(ordering: .relaxed) == 2 })
        worker.wake()
        #expect(Self.eventually { turns.load(ordering: .relaxed) == 3 })
        worker.stop()
        #expect(turns.load(ordering: .relaxed) == 3)
        #expect(worker.turns == 3)
    }

    @Test func stopEndsAThreadThatWaitsForEverRunsItsLastWordsOnceAndJoinsIt() {
        let worker = WorkerThread(name: "test worker")
        let turns = Atomic<Int>(0), lasts = Atomic<Int>(0)
        worker.start({ turns.add(1, ordering: .relaxed); return .wait(milliseconds: 3_600_000) },
                     last: { lasts.add(1, ordering: .relaxed) })
        #expect(worker.isRunning)
        #expect(Self.eventually { turns.load(ordering: .relaxed) == 1 })
        worker.stop()
        // Joined: the last words have run, and nothing runs after.
        #expect(lasts.load(ordering: .relaxed) == 1)
        #expect(!worker.isRunning && worker.isStopping)
        #expect(turns.load(ordering: .relaxed) == 1)
        worker.stop()
        #expect(lasts.load(ordering: .relaxed) == 1)
    }

    @Test func aTurnThatAsksForMoreRunsAgainWithoutWaiting() {
        let worker = WorkerThread(name: "test worker")
        let turns = Atomic<Int>(0)
        worker.start { turns.add(1, ordering: .relaxed).newValue < 1_000 ? .again : .waitForWake }
        #expect(Self.eventually { turns.load(ordering: .relaxed) == 1_000 })
        worker.stop()
        #expect(worker.turns == 1_000)
    }

    @Test func pauseReturnsFalseOnceStoppingAndAWakeEndsItEarly() {
        let worker = WorkerThread(name: "test worker")
        let paused = Atomic<Int>(0)
        worker.start {
            // A turn waiting for room as the player's restart does, until woken by stop.
            while worker.pause(milliseconds: 3_600_000) { paused.add(1, ordering: .relaxed) }
            return .waitForWake
        }
        worker.wake()
        #expect(Self.eventually { paused.load(ordering: .relaxed) >= 1 })
        worker.stop()
        #expect(!worker.pause(milliseconds: 0))
    }
}

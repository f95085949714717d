#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A producer and a consumer, each on a thread of its own, started together and joined. Test
/// thread only (it blocks until both bodies return).
enum RingPair {
    /// Runs `producer` and `consumer` on two new threads at once; returns when both have ended.
    static func run(producer: @escaping @Sendable () -> Void, consumer: @escaping @Sendable () -> Void) {
        let a = spawn(producer), b = spawn(consumer)
        pthread_join(a, nil)
        pthread_join(b, nil)
    }

    private final class Body { let run: () -> Void; init(_ run: @escaping () -> Void) { self.run = run } }

    private static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let rc = pthread_create(&thread, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        precondition(rc == 0, "pthread_create failed")
        return thread
    }

    /// How many items each stress test sends: fewer under ThreadSanitizer (`make tsan` builds
    /// with -DWOODSHED_TSAN), whose every atomic and memory access is checked.
    static func scaled(_ n: Int) -> Int {
        #if WOODSHED_TSAN
        return n / 8
        #else
        return n
        #endif
    }
}

/// A small, seeded random generator (xorshift64*): the same sizes on every run. One thread.
struct StressRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
    /// A number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

/// What one side of a stress run saw: items moved and the times it found the ring full (the
/// producer) or empty (the consumer). Each field written by one thread, read after the join.
final class EdgeCount: @unchecked Sendable {
    let items = Atomic<Int>(0)
    let edges = Atomic<Int>(0)
    /// The first item that arrived out of order or changed, if any (consumer).
    let firstBad = Atomic<Int>(-1)
    /// Frames that carried a mark (the input ring's consumer).
    let marked = Atomic<Int>(0)
}

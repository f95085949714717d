import Foundation
import RealtimeKit
import Testing

@Suite("Thread names: what top -H and /proc show for woodshed's own threads")
struct ThreadNameTests {
    /// Runs `body` on a new thread and returns what /proc says its name is afterwards.
    static func nameAfter(_ body: @escaping @Sendable () -> Bool) -> (set: Bool, comm: String) {
        let result = ResultBox()
        let t = Thread {
            let ok = body()
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
            result.put((ok, comm))
        }
        t.start()
        return result.take()
    }

    @Test("the calling thread takes the name; over 15 bytes it is cut to 15, as the kernel keeps")
    func names() {
        let a = Self.nameAfter { ThreadName.set("woodshed player") }
        #expect(a.set && a.comm == "woodshed player\n")
        let b = Self.nameAfter { ThreadName.set("a name of more than fifteen bytes") }
        #expect(b.set && b.comm == "a name of more \n")
        let before = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        #expect(!before.hasPrefix("a name"), "only the thread that called it is renamed")
    }
}

/// One value handed from a thread to the test. Any thread.
final class ResultBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: (Bool, String)?

    func put(_ v: (Bool, String)) {
        condition.lock(); value = v; condition.signal(); condition.unlock()
    }

    func take() -> (set: Bool, comm: String) {
        condition.lock()
        while value == nil { condition.wait() }
        let v = value!
        condition.unlock()
        return v
    }
}

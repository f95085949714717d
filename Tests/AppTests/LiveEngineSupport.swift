import App
import Control
import Engine
import Glibc
@testable import JackBackend
import RenderGraph
import TerminalUI

/// An output that is never connected: the loop's JACK upkeep, counted. Test thread.
final class SilentOutput: LiveOutput {
    var status = OutputStatus()
    var events: [String] = []
    private(set) var ticks = 0
    /// The longest wait for the backend's close that each `stop` allowed, in seconds.
    private(set) var stopTimeouts: [Double] = []
    var stops: Int { stopTimeouts.count }
    func tick(now: Double) { ticks += 1 }
    func stop(timeout: Double) -> Bool { stopTimeouts.append(timeout); return true }
    func scopeSnapshot() -> ScopeSnapshot? { nil }
    var noiseFrames: Int64? { nil }
    var counters: RenderCounters? { nil }
}

/// A controller that records what the engine asks of it (keys read, actions performed), and
/// ends its program when told. Its keys are the click's unless `keyMap` says otherwise.
/// Test thread.
final class RecordingController: SessionController {
    let loop: ControlLoop
    var command: String { "test: " }
    var autosaveInterval = 2.0
    var showsScope: Bool { false }
    var hasUnsavedChanges = false
    /// The program ends at the first refresh at or after this time.
    var programEndsAt: Double?
    private(set) var fades: [(at: Double, seconds: Double)] = []
    private(set) var saves: [Double] = []
    private(set) var keys: [Key] = []
    private(set) var performed: [Action] = []
    var keyMap: (Key, Double) -> Action? = { KeyMap.click($0, at: $1) }
    private(set) var stoppedWith: ControlLoop.End?

    init(loop: ControlLoop) { self.loop = loop }

    func startLine() -> String? { "started" }
    func action(for key: Key, now: Double) -> Action? { keys.append(key); return keyMap(key, now) }
    func perform(_ action: Action) { performed.append(action) }
    func refresh(now: Double) {
        if let end = programEndsAt, now >= end { loop.quit(.programEnded) }
    }
    func screen(now: Double, width: Int, height: Int) -> [String] { [] }
    func plainLines(now: Double) -> [String] { [] }
    func fadeOut(seconds: Double) { fades.append((loop.now, seconds)) }
    func save() { saves.append(loop.now); hasUnsavedChanges = false }
    func willStop(now: Double) {}
    func didStop(_ end: ControlLoop.End) -> String? { stoppedWith = end; return "stopped" }
}

/// A pipe for keys: the engine reads the read end. Test thread.
final class KeyPipe {
    let readEnd: Int32, writeEnd: Int32
    init() {
        var ends: [Int32] = [-1, -1]
        _ = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
        readEnd = ends[0]; writeEnd = ends[1]
    }
    deinit { close(readEnd); close(writeEnd) }
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(writeEnd, &bytes, bytes.count)
    }
}

// `pipe-surface FIFO STATES -- woodshed ARGS…`: Woodshed with one more surface, defined here
// and nowhere else: it performs `tempo-set BPM` and `quit` lines read from FIFO and writes
// each new state it is shown to STATES ("tempo 133 · running 1 · bar 2.1", one a line). The
// proof that a surface is one type and one line (`SurfacePlugins.register`).
import Engine
import Glibc
import WoodshedCLI

/// Lines from a FIFO become actions; the states shown go to a file. Control thread.
final class PipeSurface: Surface {
    let fifo: Int32, states: UnsafeMutablePointer<FILE>
    var pending: [UInt8] = [], last = ""

    init(fifo path: String, states: String) {
        fifo = open(path, O_RDWR | O_NONBLOCK)  // read-write: no end of file when a writer leaves
        self.states = fopen(states, "w")!
    }

    func attach(to host: SurfaceHost) {
        host.loop.watch(fifo) { [unowned self, unowned host] in
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = read(fifo, &buffer, buffer.count)
            if n > 0 { pending += buffer[..<n] }
            while let end = pending.firstIndex(of: 10) {
                let words = String(decoding: pending[..<end], as: UTF8.self).split(separator: " ")
                pending.removeSubrange(...end)
                if words.first == "quit" { host.perform(.quit, from: .remote) }
                if words.first == "tempo-set", words.count == 2, let bpm = Int64(words[1]) {
                    host.perform(.setTempo(milliBPM: bpm * 1000), from: .remote)
                }
            }
            host.refreshNow()
        }
    }

    func show(_ state: SessionState, now: Double) {
        let line = "tempo \(state.milliBPM / 1000) · running \(state.running ? 1 : 0) · bar \(state.bar).\(state.beat)"
        guard line != last else { return }
        last = line
        fputs(line + "\n", states)
        fflush(states)
    }

    func detach() { fclose(states) }
}

let arguments = CommandLine.arguments
guard arguments.count > 4, arguments[3] == "--" else {
    let usage = "usage: pipe-surface FIFO STATES -- woodshed ARGS…\n"
    _ = usage.withCString { write(2, $0, strlen($0)) }
    exit(64)
}
SurfacePlugins.register { PipeSurface(fifo: arguments[1], states: arguments[2]) }
Woodshed.main(words: Array(arguments.dropFirst(4)))

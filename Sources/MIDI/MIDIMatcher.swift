/// A compiled MIDI map with its pedal state: which bindings fire for each incoming message,
/// with edge detection (a pedal that sends 127 then 0 fires once) and debounce (a second press
/// within `debounceFrames` of the last one is ignored). Built on the control thread; then owned
/// by one thread at a time (the renderer for JACK MIDI in, the control thread for RtMidi) —
/// a plain struct of pointers, freed with `deallocate` by the control thread.
@frozen public struct MIDIMatcher: @unchecked Sendable {
    @usableFromInline let bindings: UnsafeMutableBufferPointer<MIDIBinding>
    /// Per binding: 1 while pressed.
    @usableFromInline let pressed: UnsafeMutablePointer<UInt8>
    /// Per binding: frame of the last press that fired.
    @usableFromInline let lastFired: UnsafeMutablePointer<Int64>
    public let debounceFrames: Int64

    /// Control thread. `debounceFrames`: frames after a press in which another press of the
    /// same mapping is ignored (0: none).
    public init(_ list: [MIDIBinding], debounceFrames: Int64 = 0) {
        bindings = .allocate(capacity: max(list.count, 1))
        _ = bindings.initialize(from: list)
        pressed = .allocate(capacity: max(list.count, 1))
        pressed.initialize(repeating: 0, count: max(list.count, 1))
        lastFired = .allocate(capacity: max(list.count, 1))
        lastFired.initialize(repeating: .min, count: max(list.count, 1))
        self.debounceFrames = debounceFrames
        count = list.count
    }

    /// A debounce time in frames at `rate` frames per second, rounded up (so 30 ms is never
    /// shorter than 30 ms).
    public static func debounceFrames(milliseconds: Int, rate: Int) -> Int64 {
        (Int64(milliseconds) * Int64(rate) + 999) / 1000
    }

    /// Number of bindings.
    public let count: Int

    /// The binding at `i` (any thread holding the matcher).
    @inlinable public subscript(i: Int) -> MIDIBinding { bindings[i] }

    /// Control thread, when no thread uses the matcher any more.
    public func deallocate() {
        bindings.deallocate()
        pressed.deallocate()
        lastFired.deallocate()
    }

    /// The next binding after `i` that fires for `m` at `frame`, updating pedal state; start
    /// with `i = -1`, loop until nil. Bounded: one pass over the bindings.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @inlinable
    public func next(for m: MIDIMessage, frame: Int64, after i: inout Int) -> MIDIBinding? {
        var k = i + 1
        let n = count
        while k < n {
            let b = bindings[k]
            if b.listens(to: m) {
                if b.isContinuous {
                    if b.message == .programChange || m.kind == .controlChange {
                        i = k
                        return b
                    }
                } else {
                    let value = m.kind == .programChange ? b.low : m.data2
                    let isPress = !m.isNoteRelease && value >= b.low && value <= b.high
                    if isPress {
                        if pressed[k] == 0 {
                            pressed[k] = 1
                            let last = lastFired[k]
                            if last == .min || frame - last >= debounceFrames || frame < last {
                                lastFired[k] = frame
                                i = k
                                return b
                            }
                        }
                    } else {
                        pressed[k] = 0
                    }
                }
            }
            k += 1
        }
        i = n
        return nil
    }
}

extension MIDIBinding {
    /// tempo-cc: the tempo for controller value `value` (0…127), exact in thousandths of a BPM:
    /// min + round((max − min)·value/127).
    @inlinable public func tempo(forControllerValue value: UInt8) -> Int64 {
        let span = argument2 - argument
        let scaled = span * Int64(value)
        // round half up, for either sign of span
        let q = (2 * scaled + 127) / 254
        let adjusted = scaled >= 0 ? q : -((-2 * scaled + 127) / 254)
        return argument + adjusted
    }
}

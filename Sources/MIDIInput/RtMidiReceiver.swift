import CRtMidi
import Glibc
import RealtimeKit
import Synchronization

/// Where RtMidi's thread puts messages: a ring of `RawMIDIEvent` and a count of those dropped
/// because the ring was full. RtMidi's thread (for the JACK backend: JACK's process thread)
/// pushes through `rtMidiInputReceived`; the control thread pops, reads `dropped`, and frees
/// the ring once RtMidi's handle is freed.
final class RtMidiReceiver: Sendable {
    /// Single producer: RtMidi's thread. Single consumer: the control thread.
    let ring: CommandRing<RawMIDIEvent>
    /// Messages lost to a full ring.
    let dropped = Atomic<Int>(0)
    /// A pipe to write a byte to after each message (the control loop's wake pipe); −1: none.
    /// Set only for ALSA input: with RtMidi's JACK backend the callback runs on JACK's
    /// process thread, which must not make a syscall.
    let wakeDescriptor = Atomic<Int32>(-1)

    init(capacity: Int) {
        ring = .allocate(capacity: capacity)
    }

    /// RtMidi's thread. No allocation, lock, I/O or waiting: a copy and an atomic add.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @inline(__always)
    func receive(_ bytes: UnsafePointer<UInt8>, count: Int, timestamp: Double) {
        if !ring.tryPush(RawMIDIEvent(bytes, count: count, timestamp: timestamp)) {
            dropped.add(1, ordering: .relaxed)
        }
    }
}

/// RtMidi's input callback (`RtMidiCCallback`). RtMidi's thread. Copies a message of 1…3
/// bytes into the `RtMidiReceiver` that `context` points to (unretained: the `RtMidiInput`
/// keeps it alive until RtMidi's handle is freed); ignores empty and longer messages (SysEx).
/// A named, non-isolated function: a closure literal could be inferred main-actor isolated.
func rtMidiInputReceived(_ timestamp: Double, _ message: UnsafePointer<UInt8>?, _ size: Int,
                         _ context: UnsafeMutableRawPointer?) {
    guard let message, let context, size >= 1, size <= 3 else { return }
    Unmanaged<RtMidiReceiver>.fromOpaque(context)._withUnsafeGuaranteedRef {
        $0.receive(message, count: size, timestamp: timestamp)
        let fd = $0.wakeDescriptor.load(ordering: .relaxed)
        if fd >= 0 {
            var byte: UInt8 = 1
            _ = write(fd, &byte, 1)
        }
    }
}

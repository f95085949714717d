import RealtimeKit
import Synchronization

/// The player's side of the render thread: copies the worker's blocks (click, music left and
/// right) to the ports, switches to a new generation of blocks exactly at its switch point with
/// a short crossfade, ramps on pause and resume, and counts underruns. Render thread only,
/// except the controls (atomics, any thread). A plain struct of pointers; the control thread
/// allocates it and frees it after the client is closed.
public struct MusicDeck: @unchecked Sendable {
    /// Render-thread state.
    struct State {
        var block = 0
        var offset = 0
        var generation: UInt32 = 0
        /// The old generation's reader while a switch fades it out.
        var fadeBlock = 0
        var fadeOffset = 0
        var fadeDone = 0
        var fading = false
        var gain: Float = 1
        var ended = false
        /// The `--for` fade-out, once the `fadeOutFrames` slot asks for one.
        var fadeOut = OutputFade()
    }

    /// Which control or count.
    public enum Slot: Int, CaseIterable {
        /// 1 while paused (control thread writes).
        case paused
        /// 1 while the click channel is muted (control thread writes).
        case clickMuted
        /// Newest generation published, and the block that starts it (worker writes block first).
        case newestGeneration, newestGenerationBlock
        /// The stream frame playing now (render thread writes).
        case playhead
        /// Generation playing now (render thread writes).
        case playingGeneration
        /// Frames of silence because the worker was late (render thread writes).
        case underrunFrames
        /// 1 once the program's last frame has played (render thread writes).
        case ended
        /// A linear fade-out over this many frames, from the next cycle (control thread writes
        /// once; the end of a `--for` timer). See `OutputFade`.
        case fadeOutFrames
    }

    public let ring: MusicRing
    /// Frames of the crossfade at a switch and of the pause ramp.
    public let fadeFrames: Int
    let state: UnsafeMutablePointer<State>
    let slots: UnsafeMutablePointer<Atomic<Int64>>

    /// Control thread. `paused`: starts paused and silent (playing fades in from the first frame).
    public static func allocate(ring: MusicRing, fadeFrames: Int = 128, paused: Bool = false) -> MusicDeck {
        let s = UnsafeMutablePointer<State>.allocate(capacity: 1)
        var state = State()
        if paused { state.gain = 0 }
        s.initialize(to: state)
        let slots = UnsafeMutablePointer<Atomic<Int64>>.allocate(capacity: Slot.allCases.count)
        for i in 0..<Slot.allCases.count { (slots + i).initialize(to: Atomic(0)) }
        if paused { slots[Slot.paused.rawValue].store(1, ordering: .relaxed) }
        return MusicDeck(ring: ring, fadeFrames: max(1, fadeFrames), state: s, slots: slots)
    }

    init(ring: MusicRing, fadeFrames: Int, state: UnsafeMutablePointer<State>, slots: UnsafeMutablePointer<Atomic<Int64>>) {
        self.ring = ring
        self.fadeFrames = fadeFrames
        self.state = state
        self.slots = slots
    }

    /// Control thread, after the render thread has stopped. Frees the ring too.
    public func deallocate() {
        state.deallocate()
        slots.deinitialize(count: Slot.allCases.count)
        slots.deallocate()
        ring.deallocate()
    }

    /// Reads a control or count (any thread).
    public subscript(_ s: Slot) -> Int64 {
        get { slots[s.rawValue].load(ordering: .acquiring) }
        nonmutating set { slots[s.rawValue].store(newValue, ordering: .releasing) }
    }

    /// True once the program's last frame has played (render thread, or any).
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func hasEnded() -> Bool {
        slots[Slot.ended.rawValue].load(ordering: .acquiring) != 0
    }

    /// Worker thread: announces that block `k`, just published, starts generation `g`.
    public func announce(generation g: UInt32, startingAt k: Int) {
        slots[Slot.newestGenerationBlock.rawValue].store(Int64(k), ordering: .releasing)
        slots[Slot.newestGeneration.rawValue].store(Int64(g), ordering: .releasing)
    }

    /// Adds the next `frames` frames of the program to `click`, and writes `left` and `right`;
    /// with `turns` (zeroed by the caller, `InputCapture.maxCycleFrames` long), marks each
    /// frame that plays a turn with its number. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func render(frames: Int, click: UnsafeMutablePointer<Float>, left: UnsafeMutablePointer<Float>,
                       right: UnsafeMutablePointer<Float>, turns: UnsafeMutablePointer<UInt32>? = nil) {
        let paused = self[.paused] != 0
        let clickGain: Float = self[.clickMuted] != 0 ? 0 : 1
        let B = ring.blockFrames
        var s = state.pointee
        let fadeAsked = slots[Slot.fadeOutFrames.rawValue].load(ordering: .relaxed)
        if fadeAsked != s.fadeOut.length { s.fadeOut = OutputFade(frames: fadeAsked) }
        let fadeStart = s.fadeOut.done
        var done = 0
        var late = 0
        while done < frames {
            if paused && s.gain <= 0 { break }
            // A newer generation: switch at its switch point (at once after the end).
            var untilSwitch = Int.max
            let newest = UInt32(truncatingIfNeeded: slots[Slot.newestGeneration.rawValue].load(ordering: .acquiring))
            if newest != s.generation && !s.fading {
                let nb = Int(slots[Slot.newestGenerationBlock.rawValue].load(ordering: .acquiring))
                if let h = ring.header(ofBlock: nb), h.generation == newest {
                    let x = Int64(s.block * B + s.offset)
                    if s.ended {
                        s.ended = false
                        s.block = nb
                        s.offset = 0
                        s.generation = newest
                        slots[Slot.ended.rawValue].store(0, ordering: .releasing)
                    } else if x >= h.continuesFrom {
                        let skip = Int(x - h.continuesFrom)
                        s.fadeBlock = s.block
                        s.fadeOffset = s.offset
                        s.fadeDone = 0
                        s.fading = nb > s.block
                        s.block = nb + skip / B
                        s.offset = skip % B
                        s.generation = newest
                    } else {
                        untilSwitch = Int(h.continuesFrom - x)
                    }
                }
            }
            if s.ended { break }
            guard let h = ring.header(ofBlock: s.block) else {
                late = frames - done
                break
            }
            if h.generation != s.generation && !s.fading && h.generation == newest { s.generation = h.generation }
            var n = min(min(frames - done, B - s.offset), untilSwitch)
            let valid = Int(h.frames) - s.offset
            if valid <= 0 {
                if h.ended { s.ended = true; break }
                s.block += 1
                s.offset = 0
                continue
            }
            n = min(n, valid)
            let c = ring.channel(0, ofBlock: s.block) + s.offset
            let l = ring.channel(1, ofBlock: s.block) + s.offset
            let r = ring.channel(2, ofBlock: s.block) + s.offset
            if !paused && s.gain == 1 && !s.fading && s.fadeOut.length == 0 {
                // Playing at full gain, no crossfade, no fade-out: each frame as the loop below
                // would make it with g = 1 (x·1 is x), without its per-frame checks.
                let clickOut = click + done, leftOut = left + done, rightOut = right + done
                var i = 0
                while i < n {
                    clickOut[i] += c[i] * clickGain
                    leftOut[i] = l[i]
                    rightOut[i] = r[i]
                    i += 1
                }
            } else {
                for i in 0..<n {
                    var g = s.gain
                    if paused { g = max(0, g - 1 / Float(fadeFrames)) } else if g < 1 { g = min(1, g + 1 / Float(fadeFrames)) }
                    s.gain = g
                    if s.fadeOut.length > 0 { g *= s.fadeOut.gain(at: fadeStart + Int64(done + i)) }
                    var cv = c[i], lv = l[i], rv = r[i]
                    if s.fading {
                        // Equal-gain linear crossfade from the old generation's continuation.
                        let t = Float(s.fadeDone) / Float(fadeFrames)
                        var oc: Float = 0, ol: Float = 0, or: Float = 0
                        if let oh = ring.header(ofBlock: s.fadeBlock), s.fadeOffset < Int(oh.frames) {
                            oc = ring.channel(0, ofBlock: s.fadeBlock)[s.fadeOffset]
                            ol = ring.channel(1, ofBlock: s.fadeBlock)[s.fadeOffset]
                            or = ring.channel(2, ofBlock: s.fadeBlock)[s.fadeOffset]
                        }
                        cv = cv * t + oc * (1 - t)
                        lv = lv * t + ol * (1 - t)
                        rv = rv * t + or * (1 - t)
                        s.fadeOffset += 1
                        if s.fadeOffset == B { s.fadeBlock += 1; s.fadeOffset = 0 }
                        s.fadeDone += 1
                        if s.fadeDone >= fadeFrames || s.fadeBlock >= s.block { s.fading = false }
                    }
                    click[done + i] += cv * g * clickGain
                    left[done + i] = lv * g
                    right[done + i] = rv * g
                }
            }
            if let turns, h.turn != 0 {
                let from = max(s.offset, Int(h.turnFrom)), to = min(s.offset + n, Int(h.turnTo))
                var k = from
                while k < to && done + k - s.offset < InputCapture.maxCycleFrames {
                    turns[done + k - s.offset] = h.turn
                    k += 1
                }
            }
            done += n
            s.offset += n
            if s.offset == Int(h.frames) && h.ended { s.ended = true }
            if s.offset == B { s.block += 1; s.offset = 0 }
        }
        // The frames the program did not reach this cycle (paused, ended, late) are silent.
        if done < frames {
            (left + done).update(repeating: 0, count: frames - done)
            (right + done).update(repeating: 0, count: frames - done)
        }
        s.fadeOut.skip(frames)
        if late > 0 && !paused { slots[Slot.underrunFrames.rawValue].add(Int64(late), ordering: .relaxed) }
        ring.release(upTo: s.fading ? min(s.block, s.fadeBlock) : s.block)
        state.pointee = s
        slots[Slot.playhead.rawValue].store(Int64(s.block * B + s.offset), ordering: .releasing)
        slots[Slot.playingGeneration.rawValue].store(Int64(s.generation), ordering: .relaxed)
        if s.ended { slots[Slot.ended.rawValue].store(1, ordering: .releasing) }
    }
}

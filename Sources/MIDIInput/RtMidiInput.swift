import CRtMidi
import Foundation

/// MIDI input from one port through RtMidi: a USB or hardware device on the ALSA sequencer
/// (`.alsa`), or a JACK MIDI port (`.jack`, tests only). Control thread, except
/// `rtMidiInputReceived`, which RtMidi calls on its own thread.
///
/// Messages of 1…3 bytes arrive in a lock-free ring (`tryReceive`); SysEx, MIDI clock and
/// active sensing are ignored, and messages that find the ring full are counted in `dropped`.
/// Everything RtMidi, ALSA and JACK print while opening and closing is captured (see
/// `StderrCapture`), never shown; what they print later from RtMidi's thread goes wherever fd 2
/// points (see `StderrRedirect`). RtMidi's `ok` is checked after every call; after a failure
/// the handle is only freed, and RtMidi's `msg` is never read (it points to freed memory).
public final class RtMidiInput {
    /// The backend this input uses.
    public let api: MIDIInputAPI
    /// The full name of the port this input listens to, as RtMidi lists it.
    public let portName: String
    /// What RtMidi and the sound system printed while opening the port ("" when nothing).
    public let libraryOutput: String

    /// The name of our own input port, in the client named by `init`'s `clientName`.
    public static let inputPortName = "midi_in"

    /// nil once closed.
    private var handle: RtMidiInPtr?
    private let receiver: RtMidiReceiver

    /// The ALSA sequencer device; without it RtMidi's ALSA backend cannot open.
    static let sequencerPath = "/dev/snd/seq"

    /// The names of the input ports `api` offers now, in RtMidi's order (a port's number is its
    /// index). Creates an RtMidi client named "woodshed" and frees it again.
    public static func ports(api: MIDIInputAPI) -> Result<[String], MIDIInputError> {
        ports(api: api, sequencerPath: sequencerPath)
    }

    /// `ports(api:)`, checking for the ALSA sequencer at `sequencerPath` (tests).
    static func ports(api: MIDIInputAPI, sequencerPath: String) -> Result<[String], MIDIInputError> {
        if api == .alsa && !FileManager.default.fileExists(atPath: sequencerPath) {
            return .failure(.sequencerMissing)
        }
        let (result, output) = StderrCapture.run { () -> Result<[String], MIDIInputError> in
            guard let h = rtmidi_in_create(api.rtMidiAPI, "woodshed", 100) else {
                return .failure(.cannotOpenClient(api, libraryOutput: ""))
            }
            defer { rtmidi_in_free(h) }
            guard h.pointee.ok else { return .failure(.cannotOpenClient(api, libraryOutput: "")) }
            guard let names = portNames(h) else { return .failure(.cannotListPorts(api, libraryOutput: "")) }
            return .success(names)
        }
        return result.mapError { $0.with(libraryOutput: output) }
    }

    /// Opens the input port whose name contains `port` (ignoring case; the first such port in
    /// RtMidi's order), or the port numbered `port` (from 0, as `ports(api:)` lists them), and
    /// starts receiving. Our side is the port `inputPortName` of an RtMidi client named
    /// `clientName`. `capacity`: messages the ring holds before it drops (rounded up to a power
    /// of two).
    public convenience init(api: MIDIInputAPI, port: String, clientName: String, capacity: Int = 4096) throws(MIDIInputError) {
        try self.init(api: api, port: port, clientName: clientName, capacity: capacity, sequencerPath: Self.sequencerPath)
    }

    /// `init(api:port:clientName:capacity:)`, checking for the ALSA sequencer at
    /// `sequencerPath` (tests).
    init(api: MIDIInputAPI, port: String, clientName: String, capacity: Int, sequencerPath: String) throws(MIDIInputError) {
        precondition(capacity > 0, "capacity must be positive")
        if api == .alsa && !FileManager.default.fileExists(atPath: sequencerPath) {
            throw .sequencerMissing
        }
        let receiver = RtMidiReceiver(capacity: capacity)
        let context = Unmanaged.passUnretained(receiver).toOpaque()
        let (opened, output) = StderrCapture.run { () -> Result<(RtMidiInPtr, String), MIDIInputError> in
            guard let h = rtmidi_in_create(api.rtMidiAPI, clientName, 100) else {
                return .failure(.cannotOpenClient(api, libraryOutput: ""))
            }
            func fail(_ error: MIDIInputError) -> Result<(RtMidiInPtr, String), MIDIInputError> {
                rtmidi_in_free(h)
                return .failure(error)
            }
            guard h.pointee.ok else { return fail(.cannotOpenClient(api, libraryOutput: "")) }
            guard let names = Self.portNames(h) else { return fail(.cannotListPorts(api, libraryOutput: "")) }
            guard let index = Self.match(port, in: names) else {
                return fail(.noMatchingPort(api, requested: port, available: names, libraryOutput: ""))
            }
            rtmidi_in_ignore_types(h, true, true, true)
            guard h.pointee.ok else { return fail(.cannotListen(api, port: names[index], libraryOutput: "")) }
            rtmidi_in_set_callback(h, rtMidiInputReceived, context)
            guard h.pointee.ok else { return fail(.cannotListen(api, port: names[index], libraryOutput: "")) }
            rtmidi_open_port(h, UInt32(index), Self.inputPortName)
            guard h.pointee.ok else { return fail(.cannotOpenPort(api, port: names[index], libraryOutput: "")) }
            return .success((h, names[index]))
        }
        switch opened {
        case .success(let (h, name)):
            self.api = api
            self.portName = name
            self.libraryOutput = output
            self.handle = h
            self.receiver = receiver
        case .failure(let error):
            receiver.ring.deallocate()
            throw error.with(libraryOutput: output)
        }
    }

    deinit { close() }

    /// The next message, oldest first, or nil when none is waiting (or the input is closed).
    /// Never blocks.
    public func tryReceive() -> RawMIDIEvent? {
        guard handle != nil else { return nil }
        return receiver.ring.tryPop()
    }

    /// Writes a byte to `descriptor` after each message, so a control loop sleeping in poll(2)
    /// reads it at once. ALSA input only (RtMidi's own thread); JACK input is read when the
    /// loop next refreshes, as its callback runs on JACK's process thread. −1: no more.
    public func wake(_ descriptor: Int32) {
        guard api == .alsa else { return }
        receiver.wakeDescriptor.store(descriptor, ordering: .relaxed)
    }

    /// Messages lost so far because the ring was full.
    public var dropped: Int { receiver.dropped.load(ordering: .relaxed) }

    /// Whether the port is still open.
    public var isOpen: Bool { handle != nil }

    /// Stops receiving and frees RtMidi's client, then the ring. Returns what RtMidi printed
    /// meanwhile ("" when nothing, or when already closed). Does nothing the second time.
    ///
    /// The port is closed before the callback is cancelled: closing joins RtMidi's ALSA input
    /// thread, so the callback cannot be running when RtMidi's C wrapper frees its data.
    @discardableResult
    public func close() -> String {
        guard let h = handle else { return "" }
        handle = nil
        let (_, output) = StderrCapture.run {
            rtmidi_close_port(h)
            if h.pointee.ok {
                rtmidi_in_cancel_callback(h)
            }
            rtmidi_in_free(h)
        }
        receiver.ring.deallocate()
        return output
    }

    /// The names of `h`'s ports, or nil when RtMidi fails.
    private static func portNames(_ h: RtMidiInPtr) -> [String]? {
        let count = rtmidi_get_port_count(h)
        guard h.pointee.ok else { return nil }
        var names: [String] = []
        for i in 0..<count {
            var length: Int32 = 0
            let asked = rtmidi_get_port_name(h, i, nil, &length)
            guard h.pointee.ok, asked >= 0, length > 0 else { return nil }
            var buffer = [CChar](repeating: 0, count: Int(length))
            let written = rtmidi_get_port_name(h, i, &buffer, &length)
            guard h.pointee.ok, written >= 0 else { return nil }
            names.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return names
    }

    /// The index of the port `query` names: a number in range, else the first name that
    /// contains it (ignoring case). nil for an empty query or no match.
    static func match(_ query: String, in names: [String]) -> Int? {
        guard !query.isEmpty else { return nil }
        if let n = Int(query), names.indices.contains(n) { return n }
        return names.firstIndex { $0.range(of: query, options: .caseInsensitive) != nil }
    }
}

import Foundation
import Testing
@testable import MIDIInput

/// This machine (and CI) has no /dev/snd/seq: RtMidi's ALSA backend cannot open there.
let sequencerIsMissing = !FileManager.default.fileExists(atPath: "/dev/snd/seq")

/// The error `open` throws, or nil when it opens (the input is closed again at once).
func failure(_ open: () throws(MIDIInputError) -> RtMidiInput) -> MIDIInputError? {
    do throws(MIDIInputError) {
        try open().close()
        return nil
    } catch {
        return error
    }
}

@Suite("ALSA MIDI on a machine without a sequencer", .serialized, .enabled(if: sequencerIsMissing))
struct AlsaWithoutSequencerTests {
    static let missing = "ALSA MIDI is not available: /dev/snd/seq is missing (no ALSA sequencer; load snd-seq, or connect the device through JACK: woodshed:midi_in)"

    @Test("listing ALSA MIDI ports says /dev/snd/seq is missing, and prints nothing")
    func listing() {
        let (result, printed) = StderrCapture.run { RtMidiInput.ports(api: .alsa) }
        #expect(result == .failure(.sequencerMissing))
        #expect(printed == "")
    }

    @Test("asking for the nanoKONTROL2 on ALSA throws that /dev/snd/seq is missing, and prints nothing")
    func opening() {
        let (error, printed) = StderrCapture.run {
            failure { () throws(MIDIInputError) in try RtMidiInput(api: .alsa, port: "nanoKONTROL2", clientName: "woodshed") }
        }
        #expect(error == .sequencerMissing)
        #expect(error?.description == Self.missing)
        #expect(error?.libraryOutput == "")
        #expect(printed == "")
    }

    @Test("when RtMidi itself fails to open ALSA, its and ALSA's complaints become our message, not screen text")
    func rtMidiFailure() {
        // Pretend the sequencer exists, so RtMidi really tries (and fails) to open it.
        let (error, printed) = StderrCapture.run {
            failure { () throws(MIDIInputError) in
                try RtMidiInput(api: .alsa, port: "nanoKONTROL2", clientName: "woodshed", capacity: 16, sequencerPath: "/dev/null")
            }
        }
        #expect(printed == "")
        guard let error, case .cannotOpenClient(.alsa, let said) = error else {
            Issue.record("expected cannotOpenClient(.alsa), got \(String(describing: error))")
            return
        }
        #expect(error.description == "RtMidi could not open the ALSA sequencer (check that you may read and write /dev/snd/seq, or connect the device through JACK: woodshed:midi_in)")
        // What RtMidi and ALSA printed is kept for the diagnostics log, whatever their words are.
        #expect(!said.isEmpty)
    }

    @Test("listing ports when RtMidi fails to open ALSA: the same message, nothing printed")
    func rtMidiFailureListing() {
        let (result, printed) = StderrCapture.run { RtMidiInput.ports(api: .alsa, sequencerPath: "/dev/null") }
        #expect(printed == "")
        guard case .failure(.cannotOpenClient(.alsa, let said)) = result else {
            Issue.record("expected cannotOpenClient(.alsa), got \(result)")
            return
        }
        #expect(!said.isEmpty)
    }
}

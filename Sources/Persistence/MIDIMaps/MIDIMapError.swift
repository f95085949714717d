/// Why a MIDI map file could not be used: a `JSONFileError` naming the file and field. Any thread.
public typealias MIDIMapError = JSONFileError

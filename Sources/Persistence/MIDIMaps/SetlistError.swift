/// Why a setlist file could not be used: a `JSONFileError` naming the file and field. Any thread.
public typealias SetlistError = JSONFileError

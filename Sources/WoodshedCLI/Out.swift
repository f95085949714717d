import Foundation

/// One line (or several) to stdout, unbuffered. Main thread.
func out(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

import App

/// One line (or several) to stdout, unbuffered; a reader that is gone is no crash. Main thread.
func out(_ text: String) { StandardOutputLine.write(text) }

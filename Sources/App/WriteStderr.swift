import Glibc

/// Writes straight to file descriptor 2 (unbuffered, one write). Any thread but the render thread.
public func writeStderr(_ s: String) {
    var s = s
    s.withUTF8 { b in _ = write(2, b.baseAddress, b.count) }
}

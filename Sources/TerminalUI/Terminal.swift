import Glibc
import Synchronization

/// The terminal in full-screen mode: the alternate screen with the cursor hidden, and key
/// presses arriving one by one without echo. Control thread only.
///
/// Creating one enters full-screen mode on standard output when it is a terminal, and puts
/// standard input in raw mode when that is a terminal (non-canonical, no echo, signal keys
/// off, so Ctrl-C arrives as the key `.ctrlC`). `restore()`, or `deinit`, puts everything
/// back. From a signal handler, call `Terminal.restoreFromSignalHandler()`. Only one
/// `Terminal` at a time changes the terminal; a second one leaves it alone.
public final class Terminal {
    /// A terminal's size in character cells.
    public struct Size: Equatable, Sendable {
        public var columns: Int
        public var rows: Int

        /// A size of `columns` × `rows`.
        public init(columns: Int, rows: Int) {
            self.columns = columns; self.rows = rows
        }
    }

    /// The size reported when the terminal cannot tell: 80 × 24.
    public static let fallbackSize = Size(columns: 80, rows: 24)

    /// True when standard output is a terminal (else report with `PlainLineReporter`).
    public static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// True when standard input is a terminal (so keys can be read one by one).
    public static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Bytes that leave full-screen mode: reset colours, show the cursor, leave the alternate
    /// screen. A literal, safe to write with write(2) from a signal handler.
    public static var emergencyRestoreSequence: StaticString { "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l" }

    /// Bytes that enter full-screen mode: the alternate screen, cursor hidden, cleared.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"

    /// The descriptor keys are read from.
    public let inputDescriptor: Int32
    /// The descriptor frames are drawn on.
    public let outputDescriptor: Int32
    /// True while this terminal shows the full-screen display (`draw` does nothing otherwise).
    public private(set) var isFullScreen = false
    /// True while this terminal's input is in raw mode.
    public private(set) var isRaw = false

    private var previousWindowAction = sigaction()
    private var lastFrame: [String]?
    private var lastSize: Size?

    /// Enters full-screen mode on `output` and raw mode on `input`, each only if it is a terminal.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        inputDescriptor = input
        outputDescriptor = output
        TerminalSignals.prepare()
        if isatty(output) == 1 { enterFullScreen() }
        if isatty(input) == 1 { enterRawMode() }
    }

    deinit { restore() }

    /// The terminal's size now (TIOCGWINSZ on the output), or 80 × 24 when it cannot tell.
    public var size: Size {
        var window = winsize()
        guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return Self.fallbackSize
        }
        return Size(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// True once after the window changed size (SIGWINCH); reading it clears it. The next
    /// `draw` then redraws the whole frame.
    public var resized: Bool {
        let changed = TerminalSignals.resized.exchange(false, ordering: .acquiringAndReleasing)
        if changed { lastFrame = nil }
        return changed
    }

    /// Draws `lines` from the top left with one write(2), if they differ from the frame drawn
    /// last or the size changed. Lines are cut to the width; rows below them are cleared.
    public func draw(_ lines: [String]) {
        guard isFullScreen else { return }
        let size = self.size
        guard lines != lastFrame || size != lastSize else { return }
        let complete = writeAll(ScreenFrame.bytes(lines, columns: size.columns, rows: size.rows))
        lastFrame = complete ? lines : nil
        lastSize = size
    }

    /// Makes the next `draw` redraw everything (after something else wrote to the screen).
    public func redrawNextFrame() {
        lastFrame = nil
    }

    /// Leaves full-screen mode and puts the input's modes back. Safe to call more than once.
    public func restore() {
        if isFullScreen {
            isFullScreen = false
            sigaction(SIGWINCH, &previousWindowAction, nil)
            TerminalSignals.leaveFullScreen()
        }
        if isRaw {
            isRaw = false
            TerminalSignals.restoreModes()
        }
    }

    /// Puts the terminal back from a signal handler (SIGTERM, SIGHUP, …): leaves full-screen
    /// mode and restores the input's modes, each at most once. Async-signal-safe once a
    /// `Terminal` has been created: only atomics, write(2) and tcsetattr(3).
    public static func restoreFromSignalHandler() {
        TerminalSignals.leaveFullScreen()
        TerminalSignals.restoreModes()
    }

    // MARK: - Entering

    private func enterFullScreen() {
        guard TerminalSignals.screenDescriptor.compareExchange(
            expected: -1, desired: outputDescriptor, ordering: .acquiringAndReleasing).exchanged
        else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = noteWindowResized
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, &previousWindowAction)
        isFullScreen = writeAll(Array(Self.enterSequence.utf8))
        if !isFullScreen {
            sigaction(SIGWINCH, &previousWindowAction, nil)
            TerminalSignals.screenDescriptor.store(-1, ordering: .releasing)
        }
    }

    private func enterRawMode() {
        guard TerminalSignals.modesDescriptor.load(ordering: .acquiring) == -1,
              tcgetattr(inputDescriptor, TerminalSignals.savedModes) == 0
        else { return }
        var raw = TerminalSignals.savedModes.pointee
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0  // read(2) returns what is there, never waits: KeyInput polls first
            cc[Int(VTIME)] = 0
        }
        TerminalSignals.modesDescriptor.store(inputDescriptor, ordering: .releasing)
        if tcsetattr(inputDescriptor, TCSANOW, &raw) == 0 {
            isRaw = true
        } else {
            TerminalSignals.modesDescriptor.store(-1, ordering: .releasing)
        }
    }

    /// Writes all of `bytes` (one write(2) unless interrupted or short); false if it failed.
    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(outputDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }
}

import Foundation
import Synchronization

/// Standard error as the C libraries see it during a run: a pipe that a thread reads, each line
/// becoming a ``LibraryWarnings`` entry, shown once per kind at the end (or not at all under
/// `-q`). Some libraries print with no hook to stop them: dav1d, libheif's AV1 decoder, logs
/// "Error parsing OBU data" for a damaged AVIF through its default logger, which libheif 1.15
/// does not let a caller replace, and libjpeg inside LibRaw prints "Corrupt JPEG data: …" for a
/// garbled lossy DNG through its standard error manager.
///
/// ContactSheet's own messages go to the original standard error (``write(_:)``,
/// ``descriptor``), so they keep their order and the terminal test (`isatty`) still sees the
/// terminal. Nothing is lost: ``flush()`` waits until every byte written before it was read
/// (``LibraryWarnings/drain()`` calls it), ``finish()`` puts standard error back and reads the
/// pipe to its end, a process that exits without finishing has the rest shown at exit (unless
/// quiet), and a crash (a Swift trap, `abort`, a segmentation fault) puts standard error back
/// and writes what the pipe held, the runtime's own crash message included, before the crash
/// goes on as it would have.
///
/// Child processes get the user's standard error, not the pipe: what they print is theirs to
/// show, not a library's warning, and a child still running at the end would hold the pipe
/// open and keep ``finish()`` waiting. A child made by `fork` (a library's helper, GLib's
/// `g_spawn` when it cannot use `posix_spawn`) is given it by a fork handler, before it runs
/// anything; one started by `posix_spawn`, which runs no fork handler (Foundation's
/// `Process`), by ``giveStandardError(to:)``. ContactSheet itself starts none during a run
/// (checked with `strace -f` on render, layout and compare).
package enum StandardErrorCapture {
  private struct State {
    /// The original standard error, while capturing.
    var saved: Int32?
    var quiet = false
    var finished: DispatchSemaphore?
    var flushed: DispatchSemaphore?
  }

  private static let state = Mutex(State())

  /// Where ContactSheet's own messages go: the original standard error while capturing, else 2.
  package static var descriptor: Int32 { state.withLock { $0.saved } ?? STDERR_FILENO }

  /// Writes `text` to ``descriptor`` whole.
  package static func write(_ text: String) {
    let target = descriptor
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(target, $0.baseAddress!, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Makes file descriptor 2 a pipe read by a thread, until ``finish()``. `quiet` says whether
  /// lines still unread when the process exits are dropped rather than shown. Does nothing
  /// when capturing already or when the pipe cannot be made.
  package static func start(quiet: Bool) {
    state.withLock { state in
      guard state.saved == nil else { return }
      let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
      var ends: [Int32] = [-1, -1]
      guard saved >= 0, pipe(&ends) == 0 else {
        if saved >= 0 { close(saved) }
        return
      }
      // Children forked from here on get the saved descriptor (set before the pipe takes
      // descriptor 2, so no fork in between inherits the pipe).
      ForkedChildren.give(saved)
      guard dup2(ends[1], STDERR_FILENO) >= 0 else {
        ForkedChildren.give(nil)
        close(saved)
        close(ends[0])
        close(ends[1])
        return
      }
      close(ends[1])
      // The read end stays out of child processes (descriptor 2 itself is inherited).
      _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
      let finished = DispatchSemaphore(value: 0)
      let flushed = DispatchSemaphore(value: 0)
      state = State(saved: saved, quiet: quiet, finished: finished, flushed: flushed)
      CrashOutput.arm(saved: saved, pipe: ends[0])
      let reader = ends[0]
      let thread = Thread {
        read(reader, flushed: flushed)
        close(reader)
        finished.signal()
      }
      thread.name = "standard error capture"
      thread.start()
    }
    _ = installExitHandler
  }

  /// Gives `process`, unless its standard error is sent elsewhere already, the user's standard
  /// error (``descriptor``) rather than the capture's pipe. Call it before `run()`: `Process`
  /// starts its child with `posix_spawn`, which no fork handler sees, and by default hands it
  /// descriptor 2 as it is.
  package static func giveStandardError(to process: Process) {
    guard (process.standardError as? FileHandle) === FileHandle.standardError else { return }
    process.standardError = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
  }

  /// Waits until every line written to standard error before this call has been recorded.
  package static func flush() {
    // The marker is written under the lock, so ``finish()`` cannot put the terminal back in
    // between and let it reach the terminal (the reader thread never takes the lock).
    let flushed = state.withLock { state -> DispatchSemaphore? in
      guard state.saved != nil else { return nil }
      CapturedLines.marker.withUnsafeBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress!, $0.count) }
      return state.flushed
    }
    _ = flushed?.wait(timeout: .now() + 5)
  }

  /// Puts standard error back and records what the pipe still held. Safe to call when not
  /// capturing.
  package static func finish() {
    let finished = state.withLock { state -> DispatchSemaphore? in
      guard let saved = state.saved else { return nil }
      CrashOutput.disarm()
      // Descriptor 2 was the pipe's last writer: the reader now reads to its end. The saved
      // descriptor stays open: another thread may be writing a message to it right now.
      dup2(saved, STDERR_FILENO)
      // Only once descriptor 2 is the user's again: a fork in between still gets it.
      ForkedChildren.give(nil)
      defer { state = State() }
      return state.finished
    }
    _ = finished?.wait(timeout: .now() + 5)
  }

  /// The library a line written to standard error most likely came from, by its words.
  package static func source(of line: String) -> String {
    if line.contains("JPEG") { return "libjpeg" }
    let av1Words = ["OBU", "sequence header", "frame header", "tile group", "dav1d", "AV1"]
    if av1Words.contains(where: line.contains) { return "dav1d (AV1 decoder)" }
    return "a C library"
  }

  /// Reads `descriptor` to its end, recording each line and signalling `flushed` for each
  /// marker.
  private static func read(_ descriptor: Int32, flushed: DispatchSemaphore) {
    var lines = CapturedLines()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      CrashOutput.keep(buffer[..<count])
      for piece in lines.take(buffer[..<count]) {
        switch piece {
        case .text(let text): record(text)
        case .flushed: flushed.signal()
        }
      }
    }
    record(lines.end())
  }

  private static func record(_ line: [UInt8]) {
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return }
    LibraryWarnings.record(source: source(of: text), message: text)
  }

  /// At exit, lines of a run that ended without ``finish()`` (a command that calls `exit`) are
  /// shown, unless quiet.
  private static let installExitHandler: Void = {
    atexit {
      let quiet = StandardErrorCapture.state.withLock { $0.quiet }
      guard StandardErrorCapture.state.withLock({ $0.saved != nil }) else { return }
      StandardErrorCapture.finish()
      guard !quiet else { return }
      for line in LibraryWarnings.drain() {
        StandardErrorCapture.write("warning: \(TerminalText.escaped(line))\n")
      }
    }
  }()
}

/// The descriptor a forked child gets as its standard error while capturing, kept where a fork
/// handler can read it without a lock (another thread may hold any lock when `fork` runs).
private enum ForkedChildren {
  nonisolated(unsafe) static var standardError: Int32 = -1

  /// Forked children get `descriptor` (the user's standard error) from now on, or keep
  /// descriptor 2 as it is with nil.
  static func give(_ descriptor: Int32?) {
    _ = installed
    standardError = descriptor ?? -1
  }

  private static let installed: Void = {
    pthread_atfork(nil, nil) {
      // In the child, before `fork` returns there: only async-signal-safe calls.
      let descriptor = ForkedChildren.standardError
      if descriptor >= 0 { dup2(descriptor, STDERR_FILENO) }
    }
  }()
}

/// What a crash needs to show what standard error held: the original descriptor, the pipe and
/// the last bytes read from it, kept where a signal handler can use them without allocating.
/// The handler calls only async-signal-safe functions (`dup2`, `write`, `read`, `fcntl`,
/// `sigaction`, `raise`) on memory made in ``arm(saved:pipe:)``: a crash anywhere, inside malloc
/// included, ends the process.
private enum CrashOutput {
  static let size = 64 << 10
  nonisolated(unsafe) static var saved: Int32 = -1
  nonisolated(unsafe) static var pipe: Int32 = -1
  nonisolated(unsafe) static var armed = false
  nonisolated(unsafe) static let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
  nonisolated(unsafe) static var total = 0
  /// The handlers in place before ours, by signal number.
  nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  nonisolated(unsafe) static var installed = false
  /// Whether a crash goes on to the handler before ours (Swift's backtracer): only when the
  /// user asked for it with `SWIFT_BACKTRACE`. By default a crash ends the process at once
  /// with the signal's own status: the backtracer is a separate process that, after a crash
  /// inside malloc under load, was seen to linger for minutes holding the run's pipes open.
  nonisolated(unsafe) static var chainsToBacktracer = false
  static let signals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
  /// What the handler writes after standard error's last lines, made before any crash.
  nonisolated(unsafe) static let report = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
  nonisolated(unsafe) static var reportLength = 0

  static func arm(saved: Int32, pipe: Int32) {
    // Every global the crash path reads is made here, before any thread can crash: Swift
    // makes a global on first use (`swift_once`, and `allocate` calls malloc), and a crash
    // inside malloc holds its lock, so a first use in the handler would wait forever.
    _ = ring
    _ = previous
    chainsToBacktracer = getenv("SWIFT_BACKTRACE") != nil
    let text = Array(
      "\ncontactsheet crashed (a bug: please report it with the file that caused it; run with SWIFT_BACKTRACE=enable=yes for a backtrace)\n"
        .utf8.prefix(256))
    report.update(from: text, count: text.count)
    reportLength = text.count
    self.saved = saved
    self.pipe = pipe
    total = 0
    armed = true
    guard !installed else { return }
    installed = true
    var handler = sigaction()
    handler.__sigaction_handler.sa_sigaction = { signal, info, _ in
      // si_code > 0: raised by the kernel for a fault, not sent by a process.
      CrashOutput.crashed(signal, isFault: (info?.pointee.si_code ?? 0) > 0)
    }
    // On the alternate stack, as the Swift runtime's own handler runs (a stack overflow
    // leaves no other).
    handler.sa_flags = SA_NODEFER | SA_ONSTACK | SA_SIGINFO
    sigemptyset(&handler.sa_mask)
    for signal in signals {
      sigaction(signal, &handler, previous + Int(signal))
    }
  }

  static func disarm() { armed = false }

  /// Keeps `bytes` as the last read (called on the reader thread only).
  static func keep(_ bytes: ArraySlice<UInt8>) {
    for byte in bytes {
      ring[total % size] = byte
      total += 1
    }
  }

  /// In a signal handler: standard error back, what it held written out, then the previous
  /// handler (Swift's crash report, or the default action) takes the signal.
  static func crashed(_ signal: Int32, isFault: Bool) {
    if armed {
      armed = false
      dup2(saved, STDERR_FILENO)
      let end = total
      let kept = min(end, size)
      // The ring from its oldest byte: the part up to its end, then the part from its start.
      let first = (end - kept) % size
      let head = min(kept, size - first)
      _ = Glibc.write(STDERR_FILENO, ring + first, head)
      if kept > head { _ = Glibc.write(STDERR_FILENO, ring, kept - head) }
      _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) | O_NONBLOCK)
      var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
      withUnsafeMutableBytes(of: &buffer) { bytes in
        while true {
          let count = Glibc.read(pipe, bytes.baseAddress!, bytes.count)
          guard count > 0 else { break }
          _ = Glibc.write(STDERR_FILENO, bytes.baseAddress!, count)
        }
      }
    }
    if chainsToBacktracer {
      sigaction(signal, previous + Int(signal), nil)
    } else {
      _ = Glibc.write(STDERR_FILENO, report, reportLength)
      var fallback = sigaction()
      fallback.__sigaction_handler.sa_handler = SIG_DFL
      sigemptyset(&fallback.sa_mask)
      sigaction(signal, &fallback, nil)
    }
    // A fault happens again when the handler returns, now with the next handler and its real
    // context (the faulting address, the crashing frames); a signal sent is sent again.
    if isFault { return }
    raise(signal)
  }
}

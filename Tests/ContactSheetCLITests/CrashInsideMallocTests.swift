import Foundation
import TestSupport
import Testing

/// A crash inside malloc (a C library writing past a buffer, glibc aborting in `free` with its
/// arena lock held) must end the process: the crash handler may not allocate. The crash is made
/// for real: a library preloaded into `contactsheet` replaces TurboJPEG's `tjInitDecompress`
/// with one that corrupts the heap and frees, so glibc aborts inside `free`.
@Suite("A crash inside malloc ends the run")
struct CrashInsideMallocTests {
  private static let source = """
    #include <stdlib.h>
    #include <string.h>
    void *tjInitDecompress(void) {
      char *first = malloc(2000);
      char *second = malloc(2000);
      memset(first, 0x41, 2016); /* over the next chunk's header: free() aborts, lock held */
      free(first);
      (void)second;
      return 0;
    }
    """

  @Test("ten renders crashing inside malloc each end with SIGABRT in seconds, never hang")
  func crashEnds() throws {
    let folder = try FixturePaths.temporaryFolder()
    let code = folder.appendingPathComponent("corrupt-heap.c")
    let library = folder.appendingPathComponent("corrupt-heap.so")
    try Data(Self.source.utf8).write(to: code)
    let built = try ProcessRunner.run("cc", ["-shared", "-fPIC", "-w", "-o", library.path, code.path])
    try #require(built.status == 0, "\(built.standardError)")
    for attempt in 1...10 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: FixturePaths.binary)
      process.arguments = [
        "render", FixturePaths.photos.path, "-o", folder.appendingPathComponent("out.pdf").path,
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["LD_PRELOAD"] = library.path
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let start = Date()
      try process.run()
      while process.isRunning && Date().timeIntervalSince(start) < 20 { usleep(20_000) }
      let hung = process.isRunning
      if hung { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      #expect(!hung, "attempt \(attempt) hung")
      // The report (Swift's backtrace) included; about half a second on an idle machine.
      #expect(Date().timeIntervalSince(start) < 5, "attempt \(attempt) took over 5 s")
      #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGABRT)
    }
  }
}

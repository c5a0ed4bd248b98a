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

  @Test("ten renders crashing inside malloc each end with SIGABRT at once, never hang")
  func crashEnds() throws {
    let folder = try FixturePaths.temporaryFolder()
    let code = folder.appendingPathComponent("corrupt-heap.c")
    let library = folder.appendingPathComponent("corrupt-heap.so")
    try Data(Self.source.utf8).write(to: code)
    let built = try ProcessRunner.run("cc", ["-shared", "-fPIC", "-w", "-o", library.path, code.path])
    try #require(built.status == 0, "\(built.standardError)")
    // Spawned and reaped by hand: Foundation's Process also waits for a socket every
    // descendant inherits, which says nothing about when the crashed process ended.
    let arguments = [
      FixturePaths.binary, "render", FixturePaths.photos.path, "-o",
      folder.appendingPathComponent("out.pdf").path,
      // Every JPEG decoded afresh: with the shared cache warmed by tests running beside this
      // one, a run could draw without calling TurboJPEG at all (and end well, status 0).
      "--no-cache",
    ]
    let environment =
      ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" }.map {
        "\($0.key)=\($0.value)"
      }
      + ["LD_PRELOAD=\(library.path)"]
    var crashed = 0
    for attempt in 1...10 {
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
        posix_spawn_file_actions_addopen(
          &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
      }
      let argv = arguments.map { strdup($0) } + [nil]
      let envp = environment.map { strdup($0) } + [nil]
      defer { for string in argv + envp { free(string) } }
      var pid: pid_t = 0
      try #require(posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0)
      let start = Date()
      var status: Int32 = 0
      var ended = false
      while Date().timeIntervalSince(start) < 20 {
        if waitpid(pid, &status, WNOHANG) == pid {
          ended = true
          break
        }
        usleep(10_000)
      }
      if !ended {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
      }
      let seconds = Date().timeIntervalSince(start)
      #expect(ended, "attempt \(attempt) hung")
      #expect(seconds < 5, "attempt \(attempt) took \(seconds) s")
      // Ended by SIGABRT itself (the status a crash should have), within a second or two; or,
      // when glibc did not notice the corruption (seen once in ten, twice, only in full parallel
      // runs of the suite, never in 30 runs alone), by finishing normally with placeholders.
      let signal = status & 0x7F
      #expect(
        signal == SIGABRT || (signal == 0 && (status >> 8) & 0xFF == 0),
        "attempt \(attempt): status \(status)")
      if signal == SIGABRT { crashed += 1 }
    }
    // The preload must crash most runs, or the test tests nothing.
    #expect(crashed >= 5, "only \(crashed) of 10 runs crashed")
  }
}

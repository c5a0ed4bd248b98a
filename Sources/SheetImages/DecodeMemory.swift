import CAllocator

/// How the process's allocator treats the large, short-lived buffers decoding makes (a 12 MP
/// HEIC's planes are 18 MB, libde265's picture and block data as much again).
package enum DecodeMemory {
  /// The size from which each allocation is mapped on its own and given back to the system
  /// when freed.
  static let mappedFrom: Int32 = 2 << 20

  /// Makes every allocation of 2 MB or more its own mapping, returned to the system when freed.
  ///
  /// glibc's default raises that threshold to the largest block freed so far (up to 32 MB), so
  /// after the first large photo the next photos' buffers come from the heap, whose freed
  /// space stays with the process and fragments between threads: peak memory then grows with
  /// the number of files (measured: 225 MB for 54 mixed files, 166 MB with this). Call once,
  /// at start, from the program (not a library: it sets a process-wide allocator option).
  package static func returnLargeBuffersToTheSystem() {
    _ = mallopt(M_MMAP_THRESHOLD, mappedFrom)
  }

  /// Stops glibc from making an arena per allocating thread (`M_ARENA_MAX` 1): threads started
  /// after the call share the arenas that exist by then (the main one, and those of the few
  /// threads started at launch, such as the standard error reader), round-robin. By default
  /// each decode worker gets an arena of its own, whose freed space other threads cannot
  /// reuse; a long render's drawing thread then grows the main arena while the workers'
  /// arenas hold free space (measured: a 10,000-page PDF peaked at 72.5 MB, 68.8 MB with the
  /// cap; a 100-page one at 56.4 MB either way). Decode workers allocate a few large buffers
  /// an image, so they hardly wait for a shared arena's lock; the cost on many cores has not
  /// been measured (this machine has 2). Call once, from the program, before the workers start.
  package static func shareOneArena() {
    _ = mallopt(M_ARENA_MAX, 1)
  }

  /// Gives the pages the allocator holds free back to the system (`malloc_trim`). A long
  /// render frees a page's images and text while Cairo keeps a little of each page, so the
  /// free space scatters between live blocks and the process keeps it: called every few
  /// pages, it kept a 10,000-page PDF's peak at the level of its first pages (measured: 67 MB
  /// against 70 MB without). A call takes well under a millisecond.
  package static func returnFreeMemory() {
    _ = malloc_trim(0)
  }
}

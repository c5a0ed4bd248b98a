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
}

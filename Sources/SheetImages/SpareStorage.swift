import Foundation

/// One worker thread's spare pixel array: the storage of an image the thread is done with,
/// handed to the next image it reads, so that image's pages are already the process's.
///
/// Large arrays are each their own mapping (see ``DecodeMemory``), so a fresh one costs a page
/// fault and a zeroed page every 4 KB as it is first written: a third of a thumbnail-cache
/// hit's time, measured, for arrays of 4-10 MB. Not thread-safe: one per thread.
package final class SpareStorage {
  private var spare: [UInt8] = []

  /// Arrays larger than this are let go rather than kept (a huge photo's storage would
  /// otherwise stay with the thread for the rest of the run). A cache entry of a 12 MP
  /// portrait photo at 1/2 takes 12 MB as an image.
  package static let largestKept = 16 << 20

  /// A spare-storage holder with nothing kept yet.
  package init() {}

  /// An array of exactly `count` bytes whose contents the caller overwrites: the kept storage
  /// when it is large enough, else a new array.
  package func take(count: Int) -> [UInt8] {
    var array = spare
    spare = []
    guard array.capacity >= count else {
      return [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
    if array.count >= count {
      array.removeLast(array.count - count)
    } else {
      array.append(contentsOf: repeatElement(0, count: count - array.count))
    }
    return array
  }

  /// An array of exactly `count` zero bytes: the kept storage, cleared, when it is large
  /// enough (its pages are already the process's), else a new array.
  package func takeZeroed(count: Int) -> [UInt8] {
    var array = take(count: count)
    array.withUnsafeMutableBytes { bytes in
      if let base = bytes.baseAddress { memset(base, 0, bytes.count) }
    }
    return array
  }

  /// Keeps `pixels`'s storage for the next ``take(count:)``. Whatever else still holds that
  /// storage keeps its bytes: the next writer copies first (Swift arrays copy on write).
  package func give(_ pixels: [UInt8]) {
    if pixels.capacity <= Self.largestKept { spare = pixels }
  }
}

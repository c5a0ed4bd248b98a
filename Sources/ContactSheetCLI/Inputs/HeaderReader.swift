import Foundation
import SheetImages

/// Reads what layout and captions need from every image file, in parallel: the header
/// (unless the manifest gave the size), and EXIF fields and file attributes only when asked.
struct HeaderReader {
  var needsHeaders = true
  var needsExif = false
  var needsFileAttributes = false
  /// Images whose header claims more pixels are refused before decoding.
  var maxPixels: Int = 200_000_000
  /// Called after each file, from any thread, with the number done so far.
  var progress: @Sendable (Int) -> Void = { _ in }

  /// The items with `info`, `exif` filled in, and file attributes by index.
  func read(_ items: [CatalogItem]) -> (items: [CatalogItem], attributes: [FileAttributes?]) {
    let slots = Slots<(ImageInfoResult?, ExifFields?, FileAttributes?)>(count: items.count)
    let counter = Counter()
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
      let item = items[index]
      var info: ImageInfoResult?
      if needsHeaders || item.knownSize == nil || item.path.isEmpty {
        info = readInfo(item)
      }
      let exif = needsExif && !item.path.isEmpty ? ExifFields.read(path: item.path) : nil
      let attributes = needsFileAttributes ? FileAttributes(path: item.path) : nil
      slots.set(index, (info, exif, attributes))
      progress(counter.increment())
    }
    var result = items
    var attributes: [FileAttributes?] = []
    for index in items.indices {
      let (info, exif, fileAttributes) = slots.get(index) ?? (nil, nil, nil)
      if let info { result[index].info = info }
      result[index].exif = exif
      attributes.append(fileAttributes)
    }
    return (result, attributes)
  }

  typealias ImageInfoResult = Result<ImageInfo, ImageError>

  private func readInfo(_ item: CatalogItem) -> ImageInfoResult {
    guard !item.path.isEmpty else {
      return .failure(ImageError(path: item.origin ?? "", reason: "no image named"))
    }
    do {
      let info = try ImageReader.info(path: item.path)
      guard info.width * info.height <= maxPixels else {
        return .failure(
          ImageError(
            path: item.path,
            reason: "\(info.width)×\(info.height) is more than --max-pixels \(maxPixels) pixels"))
      }
      return .success(info)
    } catch let error as ImageError {
      return .failure(error)
    } catch {
      return .failure(ImageError(path: item.path, reason: "\(error)"))
    }
  }
}

/// Fixed slots that worker threads fill.
final class Slots<Value>: @unchecked Sendable {
  private var values: [Value?]
  private let lock = NSLock()

  init(count: Int) { values = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }
  func get(_ index: Int) -> Value? { lock.withLock { values[index] } }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private var value = 0
  private let lock = NSLock()

  /// Adds one and returns the new value.
  func increment() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}

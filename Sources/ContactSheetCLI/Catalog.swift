import Foundation
import SheetImages
import SheetLayout

/// One picture to place, with what is known about it before rendering.
struct CatalogItem: Sendable {
  var path: String
  var caption: String
  var section: String?
  var link: String?
  /// The header, or the reason it could not be read.
  var info: Result<ImageInfo, ImageError>

  var layoutItem: LayoutItem {
    switch info {
    case .success(let header):
      LayoutItem(
        pixelWidth: header.width, pixelHeight: header.height, caption: caption, section: section, link: link)
    case .failure:
      // A placeholder card keeps a 4:3 box so it reads as a missing photo.
      LayoutItem(pixelWidth: 4, pixelHeight: 3, caption: caption, section: section, link: link)
    }
  }
}

/// Finds the image files named on the command line.
enum InputCollector {
  static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "webp"]

  /// Image files from `inputs` (files, or folders scanned for images), in natural name order
  /// within each folder.
  static func imageFiles(_ inputs: [String], recursive: Bool) throws -> [String] {
    var files: [String] = []
    for input in inputs {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
        files.append(input)  // Reported later as a missing file, on its own placeholder card.
        continue
      }
      if isFolder.boolValue {
        files += try folderImages(input, recursive: recursive)
      } else {
        files.append(input)
      }
    }
    return files
  }

  private static func folderImages(_ folder: String, recursive: Bool) throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { !$0.hasPrefix(".") }
      .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    var files: [String] = []
    for name in names {
      let path = (folder as NSString).appendingPathComponent(name)
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      if isFolder.boolValue {
        if recursive { files += try folderImages(path, recursive: true) }
      } else if imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
        files.append(path)
      }
    }
    return files
  }

  /// Reads every file's header in parallel and captions each with its file name.
  static func catalog(_ files: [String]) -> [CatalogItem] {
    let slots = HeaderSlots(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let path = files[index]
      do {
        slots.set(index, .success(try ImageReader.info(path: path)))
      } catch let error as ImageError {
        slots.set(index, .failure(error))
      } catch {
        slots.set(index, .failure(ImageError(path: path, reason: "\(error)")))
      }
    }
    return files.enumerated().map { index, path in
      CatalogItem(path: path, caption: (path as NSString).lastPathComponent, info: slots.get(index))
    }
  }
}

private final class HeaderSlots: @unchecked Sendable {
  private var values: [Result<ImageInfo, ImageError>]
  private let lock = NSLock()

  init(count: Int) {
    values = Array(repeating: .failure(ImageError(path: "", reason: "not read")), count: count)
  }

  func set(_ index: Int, _ value: Result<ImageInfo, ImageError>) { lock.withLock { values[index] = value } }
  func get(_ index: Int) -> Result<ImageInfo, ImageError> { lock.withLock { values[index] } }
}

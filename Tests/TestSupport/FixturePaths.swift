import Foundation
import SheetImages

/// Paths to the repository's fixtures and build products, found from this file's location
/// (resources outside a target directory are awkward in SwiftPM).
public enum FixturePaths {
  /// The package's root folder.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `Fixtures` folder: the photos, manifests, goldens, fonts and other files the tests read.
  public static let fixtures = packageRoot.appendingPathComponent("Fixtures")
  /// `Fixtures/photos`, the sample photos.
  public static let photos = fixtures.appendingPathComponent("photos")
  /// `Fixtures/goldens`, the golden images shared by the tests.
  public static let goldens = fixtures.appendingPathComponent("goldens")

  /// A sample photo by file name.
  public static func photo(_ name: String) -> String {
    photos.appendingPathComponent(name).path
  }
  /// Writes at `path` a JPEG the size of a small camera's photo (3200×2400, 4:3), the fixture
  /// photo `name` enlarged: the fixtures are a few hundred pixels, which decode at full size
  /// for any card, and the thumbnail cache keeps only photos it shrinks. Another `width` and
  /// `height` make a larger camera's.
  public static func writeCameraSizedJPEG(
    from name: String, to path: String, width: Int = 3200, height: Int = 2400
  ) throws {
    let image = try ImageReader.decode(path: photo(name)).resampled(width: width, height: height)
    try? FileManager.default.removeItem(atPath: path)
    guard FileManager.default.createFile(atPath: path, contents: Data(try image.jpegData(quality: 90))) else {
      throw CocoaError(.fileWriteUnknown)
    }
  }

  /// The built `contactsheet` binary: `$CONTACTSHEET_BIN`, else the one built beside the test
  /// bundle that is running (same configuration, debug or release).
  public static var binary: String {
    if let path = ProcessInfo.processInfo.environment["CONTACTSHEET_BIN"] { return path }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let sibling = bundle.deletingLastPathComponent().appendingPathComponent("contactsheet").path
    precondition(
      FileManager.default.isExecutableFile(atPath: sibling),
      "no contactsheet binary beside \(bundle.path); build with --build-tests or set CONTACTSHEET_BIN")
    return sibling
  }

  /// A new empty folder for one test's output, under ``testsFolder``. Kept after the run, so a
  /// failure's output can be looked at; swept once they are old (``sweepOnce``).
  public static func temporaryFolder(_ name: String = #function) throws -> URL {
    _ = sweepOnce
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = testsFolder.appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Where test output goes: one folder per test (``temporaryFolder(_:)``).
  static let testsFolder = FileManager.default.temporaryDirectory.appendingPathComponent("contactsheet-tests")

  /// How old a test's folder is when the next run removes it: a suite run leaves about a
  /// gigabyte, and a day of runs filled a 250 GB disk.
  static let keptFor: TimeInterval = 3 * 3600

  /// Removes test folders older than ``keptFor``, once per test process (runs in other
  /// worktrees may be using the newer ones).
  private static let sweepOnce: Void = {
    let manager = FileManager.default
    let cutoff = Date().addingTimeInterval(-keptFor)
    let names = (try? manager.contentsOfDirectory(atPath: testsFolder.path)) ?? []
    for name in names where name != "xdg-cache" {
      let url = testsFolder.appendingPathComponent(name)
      guard let modified = try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date,
        modified < cutoff
      else { continue }
      try? manager.removeItem(at: url)
    }
  }()
}

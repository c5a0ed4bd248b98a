import Foundation

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

  /// A new empty folder for one test's output.
  public static func temporaryFolder(_ name: String = #function) throws -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("contactsheet-tests")
      .appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

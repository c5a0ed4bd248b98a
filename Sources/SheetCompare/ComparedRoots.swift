import Foundation
import SheetSupport

/// The folders a comparison's files lie in. Results files name files relative to these, so
/// they hold no absolute path, can be approved on another machine (`approve --goldens DIR
/// --actual DIR`), and a case's name can never lead outside them (``ConfinedFolder``).
public struct ComparedRoots: Codable, Hashable, Sendable {
  /// The folder of the goldens (in file mode, the golden file's folder).
  public var golden: String
  /// The folder of the actual files (in file mode, the actual file's folder).
  public var actual: String
  /// The folder diff images and PDF page images were written under; nil when none were.
  public var diffs: String?

  /// Roots as given, each made relative to the working folder when it lies below it (so
  /// results from `compare /ci/work/goldens …` run in `/ci/work` say `goldens`).
  public init(golden: String, actual: String, diffs: String? = nil) {
    self.golden = Self.portable(golden)
    self.actual = Self.portable(actual)
    self.diffs = diffs.map(Self.portable)
  }

  /// `path` relative to the working folder when it lies below it, else as given; `.` for the
  /// working folder itself or an empty path.
  static func portable(_ path: String) -> String {
    guard !path.isEmpty else { return "." }
    guard path.hasPrefix("/") else {
      // `./goldens/` and `goldens` are one folder: `.` and empty components dropped.
      let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
      return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
    let here = AtomicOutput.absolute(FileManager.default.currentDirectoryPath)
    let absolute = AtomicOutput.absolute(path)
    if absolute == here { return "." }
    return absolute.hasPrefix(here + "/") ? String(absolute.dropFirst(here.count + 1)) : path
  }

  /// Opens the folder `root` for ``ConfinedFolder`` reads and writes: as given when the user
  /// named it (`trusted`); else, a root from a results file, walked from the working folder
  /// one component at a time without following links (a link checked into a pull request
  /// must not lead elsewhere). Check ``untrustedReason(_:)`` first.
  package static func open(_ root: String, trusted: Bool) throws(RegularFile.Failure) -> ConfinedFolder {
    let relative = portable(root)
    guard !trusted, relative != "." else { return try ConfinedFolder(root) }
    return try ConfinedFolder(RelativeName(relative), below: ConfinedFolder("."))
  }

  /// The path of `name` below `root`, for people to read (and for trusted callers to open).
  public static func join(_ root: String, _ name: String) -> String {
    root == "." ? name : (root as NSString).appendingPathComponent(name)
  }

  /// Why a root read from a results file is not used as it is, or nil when it is: a root
  /// from a file someone else wrote is trusted only when it is a plain relative folder below
  /// the working folder (no `..`, no absolute path, no hidden folder such as `.git`).
  public static func untrustedReason(_ root: String) -> String? {
    if root == "." { return nil }
    do {
      let name = try RelativeName(root.hasSuffix("/") ? String(root.dropLast()) : root)
      if let hidden = name.components.first(where: { $0.hasPrefix(".") }) {
        return "\(root) goes through the hidden folder \(hidden)"
      }
      return nil
    } catch {
      return error.reason
    }
  }
}

extension ComparisonSummary {
  /// The folders `result`'s paths are relative to.
  public func roots(of result: CaseResult) -> ComparedRoots { result.roots ?? roots }

  /// Checks that every path the cases hold is a plain relative name (no absolute path, no
  /// `..`, no NUL), as `compare` writes them.
  ///
  /// - Throws: ``ResultsError`` naming the first case that is not.
  public func checkPaths() throws(ResultsError) {
    for (index, result) in cases.enumerated() {
      let paths =
        [result.expectedPath, result.actualPath]
        + result.pages.flatMap { [$0.diffFile, $0.expectedFile, $0.actualFile] }
      do {
        _ = try RelativeName(result.name)
        for case let path? in paths { _ = try RelativeName(path) }
      } catch {
        throw ResultsError(
          description:
            "case \(index + 1) (\(TerminalText.escaped(result.name))): \(TerminalText.escaped(error.reason)); "
            + "results files name files relative to the compared folders")
      }
    }
  }
}

/// A results file that cannot be used as it is, in words.
public struct ResultsError: Error, CustomStringConvertible {
  /// What is wrong.
  public var description: String

  /// An error saying `description`.
  public init(description: String) {
    self.description = description
  }
}

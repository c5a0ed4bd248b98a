import Foundation
import SheetDigest
import SheetImages
import SheetSupport

/// Accepts intended changes: copies the actual files over the goldens for the cases that
/// failed, as `jest -u` or Playwright's `--update-snapshots` do.
///
/// A results file may come from someone else (a pull request's CI run), so nothing it says is
/// trusted beyond the folders: every file is named relative to the golden or actual root, and
/// opened below it through ``ConfinedFolder`` (no `..`, no symbolic link, regular files only);
/// only images and PDFs are copied, never linked; and an actual file is copied only while its
/// bytes still have the SHA-256 that was compared.
///
/// A `different` case's golden is replaced by its actual file; an `extra` case (an actual file
/// with no golden yet) gets its golden added. A `missing` case (a golden whose actual file is
/// gone) and an unreadable file are left alone and listed: deleting goldens is for a person
/// to decide.
public enum GoldenApproval {
  /// What was done for one case.
  public struct Change: Sendable, Hashable {
    /// What happened to the golden.
    public enum Action: String, Sendable, Hashable {
      /// An existing golden was replaced by the actual file.
      case replaced
      /// A golden was written where there was none.
      case added
      /// Nothing was written (see `reason`).
      case kept
      /// Nothing was written because the results or the files are not what they should be:
      /// a link, a file that is not an image, bytes changed since the comparison.
      case refused
    }

    /// What happened to the golden.
    public var action: Action
    /// The golden's path.
    public var golden: String
    /// The actual file copied, when one was.
    public var actual: String?
    /// Why a golden was kept.
    public var reason: String?

    /// `replaced goldens/a.png with out/a.png`, `added …`, `kept …: reason`.
    public var description: String {
      switch action {
      case .replaced: "replaced \(golden) with \(actual ?? "")"
      case .added: "added \(golden) from \(actual ?? "")"
      case .kept: "kept \(golden): \(reason ?? "")"
      case .refused: "refused \(golden): \(reason ?? "")"
      }
    }
  }

  /// Copies actual files over goldens for the failed cases of `summary`.
  ///
  /// - Parameters:
  ///   - summary: The results of `contactsheet compare` (or of several, merged).
  ///   - roots: The golden and actual folders to use, overriding the results' own. Without
  ///     them, the results' roots are used only when each is a plain relative folder below the
  ///     working folder (``ComparedRoots/untrustedReason(_:)``).
  ///   - progress: Called after each case, with what was done.
  /// - Returns: One change per case that did not match, in the results' order.
  /// - Throws: ``ResultsError`` when the results name a root that is not trusted, or a golden
  ///   or actual root that cannot be opened (earlier copies stay done).
  public static func approve(
    _ summary: ComparisonSummary, roots: ComparedRoots? = nil, progress: (Change) -> Void = { _ in }
  ) throws(ResultsError) -> [Change] {
    var folders: [String: ConfinedFolder] = [:]
    func folder(_ path: String, role: String) throws(ResultsError) -> ConfinedFolder {
      if let open = folders[path] { return open }
      if roots == nil, let reason = ComparedRoots.untrustedReason(path) {
        throw ResultsError(
          description:
            "the results name the \(role) folder \(TerminalText.escaped(path)), which is not used without being "
            + "named: \(TerminalText.escaped(reason)); give it with --\(role == "golden" ? "goldens" : "actual") DIR"
        )
      }
      do {
        let open = try ComparedRoots.open(path, trusted: roots != nil)
        folders[path] = open
        return open
      } catch {
        throw ResultsError(description: "the \(role) folder \(TerminalText.escaped(error.reason))")
      }
    }
    var changes: [Change] = []
    for result in summary.cases where result.status != .matched {
      let caseRoots = roots ?? summary.roots(of: result)
      let goldenName = result.expectedPath ?? result.name
      let golden = ComparedRoots.join(caseRoots.golden, goldenName)
      var change: Change
      switch result.status {
      case .different, .extra:
        guard let actualName = result.actualPath else {
          change = Change(action: .kept, golden: golden, reason: "the results name no actual file")
          break
        }
        let actual = ComparedRoots.join(caseRoots.actual, actualName)
        do {
          let replaced = try copy(
            actualName, in: folder(caseRoots.actual, role: "actual"), over: goldenName,
            in: folder(caseRoots.golden, role: "golden"), digest: result.actualSHA256)
          change = Change(action: replaced ? .replaced : .added, golden: golden, actual: actual)
        } catch let refusal as Refusal {
          change = Change(action: .refused, golden: golden, actual: actual, reason: refusal.reason)
        } catch let failure as RegularFile.Failure {
          change = Change(action: .refused, golden: golden, actual: actual, reason: failure.reason)
        } catch let error as ResultsError {
          throw error
        } catch {
          change = Change(action: .refused, golden: golden, actual: actual, reason: "\(error)")
        }
      case .missing:
        change = Change(
          action: .kept, golden: golden,
          reason: "its actual file is missing; delete the golden if that is intended")
      case .error:
        change = Change(
          action: .kept, golden: golden, reason: "could not be compared: \(result.message ?? "error")")
      case .matched:
        continue
      }
      changes.append(change)
      progress(change)
    }
    return changes
  }

  /// The extensions a golden may have: the images and PDFs `compare` reads.
  static let goldenExtensions: Set<String> = [
    "png", "jpg", "jpeg", "pdf", "webp", "tif", "tiff", "heic", "heif", "avif",
  ]

  /// Copies the actual file `actualName` below `actualFolder` over the golden `goldenName`
  /// below `goldenFolder` (through a temporary file, renamed only when complete), checking on
  /// the bytes copied that they begin an image or a PDF and hash to `digest`.
  ///
  /// - Returns: Whether a golden was replaced (false: added).
  /// - Throws: ``Refusal`` or ``RegularFile/Failure`` saying why nothing was written.
  private static func copy(
    _ actualName: String, in actualFolder: ConfinedFolder, over goldenName: String,
    in goldenFolder: ConfinedFolder, digest: String?
  ) throws -> Bool {
    let source = try RelativeName(actualName)
    let target = try RelativeName(goldenName)
    guard goldenExtensions.contains((target.last as NSString).pathExtension.lowercased()) else {
      throw Refusal(reason: "a golden is an image or a PDF, and this name's extension is neither")
    }
    guard let digest else {
      throw Refusal(reason: "the results record no SHA-256 of the actual file; compare again")
    }
    let (input, _) = try actualFolder.openFile(source)
    defer { close(input) }
    return try goldenFolder.replaceFile(target) { output in
      // The kind and the hash are checked on the bytes copied, not on a look before.
      let hash = ContentDigest()
      var start: [UInt8] = []
      try ConfinedFolder.copyContents(of: input, to: output) { chunk in
        hash.update(chunk)
        if start.count < 32 { start += chunk.prefix(32 - start.count) }
      }
      guard isImageOrPDF(start) else { throw Refusal(reason: "\(actualName) is neither an image nor a PDF") }
      guard ContentDigest.hex(hash.finish()) == digest else {
        throw Refusal(
          reason: "\(actualName) changed since it was compared (its SHA-256 is not the one compared)")
      }
    }
  }

  /// Whether `start`, a file's first bytes, begin a PDF or an image the readers know.
  private static func isImageOrPDF(_ start: [UInt8]) -> Bool {
    start.starts(with: Array("%PDF-".utf8)) || ImageFormat.sniff(start) != nil
  }

  /// Why one case was not approved, in words.
  private struct Refusal: Error {
    var reason: String
  }
}

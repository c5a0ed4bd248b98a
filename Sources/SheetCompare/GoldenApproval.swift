import Foundation
import SheetImages
import SheetSupport

/// Accepts intended changes: copies the actual files over the goldens for the cases that
/// failed, as `jest -u` or Playwright's `--update-snapshots` do.
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
      }
    }
  }

  /// Copies actual files over goldens for the failed cases of `summary`.
  ///
  /// - Parameter summary: The results of `contactsheet compare` (or of several, merged).
  /// - Returns: One change per case that did not match, in the results' order.
  /// - Throws: `ImageError` naming a file that cannot be copied (earlier copies stay done).
  public static func approve(_ summary: ComparisonSummary) throws -> [Change] {
    var changes: [Change] = []
    for result in summary.cases where result.status != .matched {
      let golden = result.expectedPath ?? (summary.expected as NSString).appendingPathComponent(result.name)
      switch result.status {
      case .different, .extra:
        guard let actual = result.actualPath else {
          changes.append(Change(action: .kept, golden: golden, reason: "the results name no actual file"))
          continue
        }
        let existed = PathBytes.status(golden) != nil
        try copy(actual, over: golden)
        changes.append(Change(action: existed ? .replaced : .added, golden: golden, actual: actual))
      case .missing:
        changes.append(
          Change(
            action: .kept, golden: golden,
            reason: "its actual file is missing; delete the golden if that is intended"))
      case .error:
        changes.append(
          Change(action: .kept, golden: golden, reason: "could not be compared: \(result.message ?? "error")")
        )
      case .matched:
        break
      }
    }
    return changes
  }

  /// Copies `source` to `destination` through a temporary file beside it, so a golden is
  /// never left half-written. Both are named by the bytes their names carry (``PathBytes``):
  /// a golden whose name is not UTF-8 is replaced, not written under another name.
  private static func copy(_ source: String, over destination: String) throws {
    let output = AtomicOutput()
    do {
      let folder = (destination as NSString).deletingLastPathComponent
      if !folder.isEmpty { try PathBytes.createFolders(folder) }
      let temporary = output.temporaryPath(for: destination)
      try copyBytes(source, to: temporary)
      try output.commit()
    } catch {
      output.discard()
      throw ImageError(
        path: destination,
        reason: "cannot be replaced by \(source): \(reason(error))")
    }
  }

  /// Copies the bytes of the regular file `source` into a new file `destination`.
  private static func copyBytes(_ source: String, to destination: String) throws {
    let (input, _) = try RegularFile.open(source)
    defer { close(input) }
    let output = PathBytes.withCString(destination) {
      open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    }
    guard output >= 0 else {
      throw CopyFailure(reason: "cannot be written (\(String(cString: strerror(errno))))")
    }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else {
        throw CopyFailure(reason: "cannot be read (\(String(cString: strerror(errno))))")
      }
      if got == 0 { return }
      var done = 0
      while done < got {
        let wrote = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, got - done) }
        if wrote < 0 && errno == EINTR { continue }
        guard wrote > 0 else {
          throw CopyFailure(reason: "cannot be written (\(String(cString: strerror(errno))))")
        }
        done += wrote
      }
    }
  }

  /// Why a copy failed, in words.
  private struct CopyFailure: Error {
    var reason: String
  }

  private static func reason(_ error: any Error) -> String {
    (error as? CopyFailure)?.reason ?? (error as? RegularFile.Failure)?.reason ?? error.localizedDescription
  }
}

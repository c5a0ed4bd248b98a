/// Which goldens a run writes instead of checking, from `RECORD_GOLDENS`.
///
/// By default nothing is recorded: a missing golden fails, so a test that lost its golden
/// cannot pass unnoticed. `RECORD_GOLDENS=missing` writes goldens that do not exist yet,
/// `failed` also replaces goldens that do not match, `all` rewrites every golden whose pixels
/// changed at all. `1` is read as `all` (the meaning it had before the modes existed).
public enum RecordMode: String, Sendable, CaseIterable {
  /// Check every golden; write none.
  case none
  /// Write goldens that do not exist; check the others.
  case missing
  /// Write goldens that do not exist or do not match.
  case failed
  /// Write every golden whose pixels differ from the image checked.
  case all

  /// The mode `RECORD_GOLDENS` asks for: nil for a value that means none of them.
  ///
  /// - Parameter value: The variable's value, or nil when it is not set.
  public init?(environmentValue value: String?) {
    switch value?.lowercased() {
    case nil, "", "0", "none": self = .none
    case "missing": self = .missing
    case "failed": self = .failed
    case "all", "1": self = .all
    default: return nil
    }
  }

  /// Whether a golden in this state is written.
  func records(missing: Bool, failed: Bool) -> Bool {
    switch self {
    case .none: false
    case .missing: missing
    case .failed: missing || failed
    case .all: true
    }
  }
}

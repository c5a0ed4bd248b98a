import Foundation

/// Which fonts text is set in. A layout records the set it was measured with, so it is drawn
/// with the same fonts.
public enum FontSet: Hashable, Sendable {
  /// The machine's fonts through its fontconfig settings, with its fallback for CJK,
  /// Arabic, emoji and the rest. What users get by default.
  case system
  /// Only these font files, with no machine-wide fontconfig settings: the same pixels on any
  /// machine that has the same files. Golden tests use this with fonts committed beside them;
  /// text in a script none of the files covers is drawn as hex boxes, never in a machine's font.
  case pinned([String])
}

/// In JSON: `{"source": "system"}` or `{"source": "pinned", "files": [...]}`.
extension FontSet: Codable {
  private enum CodingKeys: String, CodingKey {
    case source, files
  }

  private enum Source: String, Codable {
    case system, pinned
  }

  /// Decodes `{"source": "system"}` or `{"source": "pinned", "files": [...]}`.
  /// - Throws: `DecodingError` when `source` is missing or neither value, or `files` is missing
  ///   for a pinned set.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(Source.self, forKey: .source) {
    case .system: self = .system
    case .pinned: self = .pinned(try container.decode([String].self, forKey: .files))
    }
  }

  /// Encodes as `{"source": "system"}` or `{"source": "pinned", "files": [...]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .system:
      try container.encode(Source.system, forKey: .source)
    case .pinned(let files):
      try container.encode(Source.pinned, forKey: .source)
      try container.encode(files, forKey: .files)
    }
  }
}

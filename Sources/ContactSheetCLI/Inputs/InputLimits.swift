/// How much input one run accepts, each checked while reading, before memory grows with it:
/// together they keep a run with the default options under 1 GB (see the README's resource
/// limits).
enum InputLimits {
  /// Items (pictures) in one run: about 50,000 pages of 20 cards.
  static let items = 1_000_000
  /// Values (scalars, lists and mappings) in one JSON manifest or style file: a million items
  /// of up to seven fields each.
  static let documentValues = 8_000_000
  /// Values in one YAML manifest or style file, with aliases counted each time they repeat:
  /// Yams holds a whole document as nodes of about 200 bytes each before it is read, so YAML
  /// stays at a million values (and ``InputText/limit`` bytes); larger catalogs are JSON or CSV.
  static let yamlDocumentValues = 1_000_000
  /// The longest line of the standard input list, in bytes (Linux's PATH_MAX).
  static let pathBytes = 4096

  /// The message for a run with more than ``items`` items.
  static func tooManyItems(_ source: String) -> String {
    "\(source): more than \(items) items; a run takes at most \(items) (split the catalog into several runs)"
  }
}

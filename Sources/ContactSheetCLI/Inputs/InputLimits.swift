/// How much input one run accepts, each checked while reading, before memory grows with it:
/// together they keep a run with the default options under 1 GB (see the README's resource
/// limits).
enum InputLimits {
  /// Items (pictures) in one run: about 37,000 pages of 20 cards. A run of a million items
  /// peaked at 978 MB from a JSON manifest and 1,105 MB from a CSV and a manifest together, over
  /// the 1 GB the limits promise; at 800,000 the measured-text table doubles its buckets.
  static let items = 750_000
  /// Rows of one CSV catalog, counted while it is parsed: a CSV run needs more memory an item
  /// than a manifest's (measured at the limit: 702 MB for 600,000 rows, 1,166 MB for 1,000,000).
  static let csvRows = 600_000
  /// Fields of one CSV catalog, counted while it is parsed (each holds 16 bytes before its
  /// text): the rows limit times about a dozen columns.
  static let csvCells = 8_000_000
  /// Values (scalars, lists and mappings) in one JSON manifest or style file: ``items`` items
  /// of up to nine fields each.
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

/// How much input one run accepts, each checked while reading, before memory grows with it:
/// together they keep a run with the default options under 1 GB (see docs/limits.md's resource
/// limits).
package enum InputLimits {
  /// Items (pictures) in one run: about 50,000 pages of 20 cards. `layout` of a million items
  /// without captions peaked at 776 MB from a JSON manifest, 793 MB from one in sections and
  /// 800 MB from a CSV (the measured texts and the entries are let go of before placing, the
  /// items before writing, and CSV rows are not all held).
  package static let items = 1_000_000
  /// Rows of one CSV catalog, counted while it is parsed: as many as ``items`` (rows become
  /// items as they are read, so a CSV costs what a manifest does).
  package static let csvRows = 1_000_000
  /// Fields of one CSV catalog, counted while it is parsed (a file of delimiters alone makes a
  /// row of 16 bytes a byte): the rows limit times about a dozen columns.
  package static let csvCells = 13_000_000
  /// Values (scalars, lists and mappings; keys do not count) in one JSON manifest or style
  /// file: ``items`` items of up to eight fields each (an item is its mapping and its values).
  package static let documentValues = 10_000_000
  /// Values in one YAML manifest or style file, with aliases counted each time they repeat:
  /// Yams holds a whole document as nodes of about 200 bytes each before it is read, so YAML
  /// stays at a million values (and ``InputText/limit`` bytes); larger catalogs are JSON or CSV.
  package static let yamlDocumentValues = 1_000_000
  /// The longest side a manifest or CSV may give as an image's `width` or `height`, in pixels.
  package static let pixelSide = 1_000_000
  /// What a given `width` and `height` must be, for messages.
  package static let pixelSizeRule = "width and height must be whole numbers of pixels from 1 to \(pixelSide)"
  /// The longest line of the standard input list, in bytes (Linux's PATH_MAX).
  package static let pathBytes = 4096

  /// The message for a run with more than ``items`` items.
  package static func tooManyItems(_ source: String) -> JobMessage {
    "\(source): more than \(items) items; a run takes at most \(items) (split the catalog into several runs)"
  }
}

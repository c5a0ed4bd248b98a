/// How much input one run accepts, each checked while reading, before memory grows with it:
/// together they keep a run with the default options under 1 GB (see the README's resource
/// limits).
enum InputLimits {
  /// Items (pictures) in one run: about 5,000 pages of 20 cards.
  static let items = 100_000
  /// Values (scalars, lists and mappings, with YAML aliases counted each time they repeat) in
  /// one manifest or style file.
  static let documentValues = 1_000_000
  /// The longest line of the standard input list, in bytes (Linux's PATH_MAX).
  static let pathBytes = 4096

  /// The message for a run with more than ``items`` items.
  static func tooManyItems(_ source: String) -> String {
    "\(source): more than \(items) items; a run takes at most \(items) (split the catalog into several runs)"
  }
}

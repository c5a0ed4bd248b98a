import Foundation
import SheetSupport

/// The order sections come in (`section-order`): as the inputs first have them, by name, or as
/// a file lists them.
public enum SectionOrder: Hashable, Sendable {
  /// In order of first appearance (the default).
  case input
  /// By name, sorted naturally ("Size 2" before "Size 10", case and accents aside), with the
  /// section of items that had none (`text-other`) last.
  case name
  /// As the UTF-8 text file at this path lists them, one name a line (blank lines and lines
  /// starting with `#` skipped); sections it does not list follow in input order, with a warning.
  case file(String)

  /// `input` or `name` (in any case), else a file's path.
  public init(parsing text: String) {
    switch text.lowercased() {
    case "input": self = .input
    case "name": self = .name
    default: self = .file(text)
    }
  }

  /// How the style key spells it.
  public var text: String {
    switch self {
    case .input: "input"
    case .name: "name"
    case .file(let path): path
    }
  }
}

/// Puts a catalog's sections in a ``SectionOrder``.
///
/// A section is a run of entries: a banner and what follows it (a banner that names no section
/// is ordered by its title), or items whose section differs from the one before; an item with
/// no section stays with the run before it. The runs of one section are brought together (in input order) and the
/// sections sorted; entries before the first section stay first. Items keep their order within
/// a section, so sorting items (`--sort`) is independent of this.
package enum SectionOrdering {
  /// One run of entries and the section it belongs to (nil before the first section).
  private struct Run {
    var section: String?
    var entries: [CatalogEntry] = []
  }

  /// `entries` with their sections in `order`; `otherSection` is the name given to items
  /// without one (last by name). Returns warnings: sections a file does not list, names it lists
  /// that no section has.
  package static func apply(
    _ entries: inout [CatalogEntry], order: SectionOrder, otherSection: String?
  ) throws -> [JobMessage] {
    guard order != .input else { return [] }
    var runs: [Run] = []
    for entry in entries {
      switch entry {
      case .banner(let content):
        runs.append(Run(section: content.section ?? content.title))
      case .item(let item):
        if runs.isEmpty || (item.section != nil && item.section != runs[runs.count - 1].section) {
          runs.append(Run(section: item.section))
        }
      }
      runs[runs.count - 1].entries.append(entry)
    }
    let names = orderedUnique(runs.compactMap(\.section))
    // Read (and checked) even when there is one section to order.
    let (ranked, warnings) = try ranks(names, order: order, otherSection: otherSection)
    guard names.count > 1 else { return warnings }
    // A stable sort: the runs of one section keep their order, and runs before any section
    // (rank -1) stay first.
    let sorted = runs.enumerated().sorted { left, right in
      let a = left.element.section.map { ranked[$0]! } ?? -1
      let b = right.element.section.map { ranked[$0]! } ?? -1
      return a == b ? left.offset < right.offset : a < b
    }
    entries = sorted.flatMap(\.element.entries)
    return warnings
  }

  /// Each section's place in `order`, and what reading a file's list found.
  private static func ranks(_ names: [String], order: SectionOrder, otherSection: String?) throws -> (
    [String: Int], [JobMessage]
  ) {
    switch order {
    case .input:
      return (Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) }), [])
    case .name:
      let sorted = names.sorted { a, b in
        if (a == otherSection) != (b == otherSection) { return b == otherSection }
        return a.compare(b, options: [.caseInsensitive, .diacriticInsensitive, .numeric]) == .orderedAscending
      }
      return (Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) }), [])
    case .file(let path):
      let listed = try listedNames(path)
      var ranked: [String: Int] = [:]
      for (index, name) in listed.enumerated() where ranked[name] == nil { ranked[name] = index }
      var warnings: [JobMessage] = []
      let present = Set(names)
      let unknown = listed.filter { !present.contains($0) }
      if !unknown.isEmpty {
        warnings.append(
          "\(setting: .sectionOrder) \(path): \(counted(unknown, "name")) no section has, ignored: \(sample(unknown))"
        )
      }
      let unlisted = names.filter { ranked[$0] == nil }
      if !unlisted.isEmpty {
        warnings.append(
          "\(setting: .sectionOrder) \(path) does not list \(counted(unlisted, "section")), which come after the ones it lists, in input order: \(sample(unlisted))"
        )
      }
      for (index, name) in unlisted.enumerated() { ranked[name] = listed.count + index }
      return (ranked, warnings)
    }
  }

  /// The names listed in the file at `path` (UTF-8, or another encoding as a CSV's is guessed):
  /// one a line, trimmed, blank lines and `#` comments skipped.
  private static func listedNames(_ path: String) throws -> [String] {
    let (decoded, _) = try TextDecoding.decode(InputText.bytes(path), path: path, encoding: nil)
    // A byte-order mark (Windows' editors write one) is not part of the first name.
    let text = decoded.hasPrefix("\u{FEFF}") ? Substring(decoded.dropFirst()) : Substring(decoded)
    return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  private static func orderedUnique(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }

  private static func counted(_ names: [String], _ noun: String) -> String {
    "\(names.count) \(noun)\(names.count == 1 ? "" : "s")"
  }

  /// The first five names, quoted, and how many more.
  private static func sample(_ names: [String]) -> String {
    let shown = names.prefix(5).map { "“\($0)”" }.joined(separator: ", ")
    return names.count > 5 ? "\(shown) and \(names.count - 5) more" : shown
  }
}

import Foundation
import SheetXMP

/// Which photos go on the sheet by their XMP rating and label: rejected photos (rating -1) are
/// left out unless asked for; `--min-rating N` keeps N stars and more (unrated counts as 0);
/// `--label red,green` keeps photos with one of those labels (by name, or by colour: `red`
/// also keeps Bridge's `Select`; `none` keeps unlabelled photos).
public struct RatingFilter: Sendable {
  package var minRating: Int?
  package var labels: [String] = []
  package var includeRejected = false

  /// Every photo but the rejected ones.
  public static let `default` = RatingFilter()

  private init() {}

  /// Checks the values given on the command line.
  public init(minRating: Int?, labels: String?, includeRejected: Bool) throws {
    if let minRating, !(0...5).contains(minRating) {
      throw InputError(.minRating, "\(setting: .minRating) \(minRating): give a number of stars from 0 to 5")
    }
    self.minRating = minRating
    self.labels = (labels ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    .filter { !$0.isEmpty }
    self.includeRejected = includeRejected
  }

  /// Why `tags` keep a photo off the sheet, or nil when it goes on it.
  package func exclusion(_ tags: XMPTags?) -> Exclusion? {
    let tags = tags ?? XMPTags()
    if tags.isRejected { return includeRejected ? nil : .rejected }
    if let minRating, (tags.rating ?? 0) < minRating { return .belowRating }
    if !labels.isEmpty {
      let names: Set<String> =
        if let label = tags.label {
          [label.lowercased(), LabelColors.colourName(of: label)]
        } else {
          ["none"]
        }
      if names.isDisjoint(with: labels) { return .otherLabel }
    }
    return nil
  }

  /// Why a photo was left out.
  package enum Exclusion: CaseIterable {
    case rejected, belowRating, otherLabel
  }

  /// Removes the photos this filter leaves out from `entries`; returns a line saying what was
  /// left out (nil when nothing was).
  package func apply(_ entries: inout [CatalogEntry]) -> JobMessage? {
    // Most runs leave nothing out: then the entries are only looked at, not rebuilt.
    let leavesOut = entries.contains { entry in
      guard case .item(let item) = entry else { return false }
      return exclusion(item.tags) != nil
    }
    guard leavesOut else { return nil }
    var counts: [Exclusion: Int] = [:]
    entries.removeAll { entry in
      guard case .item(let item) = entry, let reason = exclusion(item.tags) else { return false }
      counts[reason, default: 0] += 1
      return true
    }
    let total = counts.values.reduce(0, +)
    guard total > 0 else { return nil }
    let parts = Exclusion.allCases.compactMap { reason -> JobMessage? in
      guard let count = counts[reason] else { return nil }
      switch reason {
      case .rejected: return "\(count) rejected (\(setting: .includeRejected) keeps them)"
      case .belowRating:
        return
          "\(count) rated below \(minRating ?? 0) star\(minRating == 1 ? "" : "s") (\(setting: .minRating))"
      case .otherLabel:
        return "\(count) without the label \(labels.joined(separator: " or ")) (\(setting: .label))"
      }
    }
    return "left out \(total) photo\(total == 1 ? "" : "s"): \(parts.joined(separator: ", "))"
  }
}

/// Colour labels as Lightroom, Bridge and darktable name them, and the colour each is drawn in.
package enum LabelColors {
  /// The colour names, and the hex colour each label is drawn in (clear, not garish, on white
  /// cards and dark pages alike).
  package static let colours: [String: String] = [
    "red": "#e5484d", "orange": "#f76b15", "yellow": "#f5b800", "green": "#30a46c", "blue": "#3e7bfa",
    "purple": "#8e4ec6",
  ]
  /// Bridge's default label names, and their colours.
  package static let bridgeNames: [String: String] = [
    "select": "red", "second": "yellow", "approved": "green", "review": "blue", "to do": "purple",
  ]
  /// The colour of labels with any other name.
  package static let otherColour = "#8b8d98"

  /// The colour name a label stands for (`red` for `Red` and for Bridge's `Select`); the label
  /// itself, lower-cased, when it names no colour.
  package static func colourName(of label: String) -> String {
    let name = label.trimmingCharacters(in: .whitespaces).lowercased()
    if colours[name] != nil { return name }
    return bridgeNames[name] ?? name
  }

  /// The hex colour a label is drawn in.
  package static func hex(of label: String) -> String {
    colours[colourName(of: label)] ?? otherColour
  }
}

import Foundation

/// Lengths written with units (`12mm`, `0.5in`, `8pt`, `4px`, `1cm`), converted to points.
enum Length {
  struct ParseError: Error {
    var message: String
  }

  static let unitsInPoints: [String: Double] = [
    "pt": 1, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72,
  ]

  /// Points for `text`; a bare number is points, `px` is pixels at `dpi`.
  static func parse(_ text: String, dpi: Double) throws -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let unit = unitSuffix(trimmed)
    let number = String(trimmed.dropLast(unit.count))
    guard let value = Double(number), value.isFinite else {
      throw ParseError(
        message: "'\(text)' is not a length; write a number with mm, cm, in, pt or px, e.g. 12mm")
    }
    if unit == "px" { return value * 72 / dpi }
    guard let factor = unit.isEmpty ? 1 : unitsInPoints[unit] else {
      throw ParseError(message: "unknown unit '\(unit)' in '\(text)'; use mm, cm, in, pt or px")
    }
    return value * factor
  }

  /// The trailing letters of `text` (its unit), or "" for none.
  static func unitSuffix(_ text: String) -> String {
    String(text.reversed().prefix { $0.isLetter }.reversed())
  }
}

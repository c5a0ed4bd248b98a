import Foundation

/// Lengths written with units (`12mm`, `0.5in`, `8pt`, `4px`, `1cm`), converted to points.
package enum Length {
  package struct ParseError: Error {
    package var message: String
  }

  package static let unitsInPoints: [String: Double] = [
    "pt": 1, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72,
  ]

  /// The longest length accepted, in points: 200 in (5080 mm), the largest side a PDF page
  /// may have, so no length can make a page, a card or its pixel size overflow.
  package static let maximum = 14_400.0

  /// Points for `text`; `px` is pixels at `dpi`. A number needs a unit (0 aside): a bare `12`
  /// could mean points, millimetres or pixels, and guessing wrong is silent.
  package static func parse(_ text: String, dpi: Double) throws -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let unit = unitSuffix(trimmed)
    let number = String(trimmed.dropLast(unit.count))
    guard let value = Double(number), value.isFinite else {
      throw ParseError(
        message: "'\(text)' is not a length; write a number with mm, cm, in, pt or px, e.g. 12mm")
    }
    if unit.isEmpty && value != 0 {
      throw ParseError(
        message:
          "'\(text)' has no unit; write \(number)mm, \(number)cm, \(number)in, \(number)pt or \(number)px")
    }
    let points: Double
    if unit == "px" {
      points = value * 72 / dpi
    } else {
      guard let factor = unit.isEmpty ? 1 : unitsInPoints[unit] else {
        throw ParseError(message: "unknown unit '\(unit)' in '\(text)'; use mm, cm, in, pt or px")
      }
      points = value * factor
    }
    guard points.magnitude <= maximum else {
      throw ParseError(message: "'\(text)' is longer than the largest PDF page side, 200in (5080mm)")
    }
    return points
  }

  /// The trailing letters of `text` (its unit), or "" for none.
  package static func unitSuffix(_ text: String) -> String {
    String(text.reversed().prefix { $0.isLetter }.reversed())
  }
}

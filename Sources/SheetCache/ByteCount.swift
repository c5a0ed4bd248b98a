import Foundation

/// Sizes typed by people: `500MB`, `2GB`, `1.5G`, `750KiB`, `1000000` (bytes).
package enum ByteCount {
  /// The number of bytes `text` stands for: a number with an optional unit, K/KB, M/MB, G/GB,
  /// T/TB (powers of 1000, as disks are sold) or KiB, MiB, GiB, TiB (powers of 1024), case
  /// ignored; nil when it is not a size.
  package static func parse(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let digits = trimmed.prefix { $0.isNumber || $0 == "." }
    let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
    guard let value = Double(digits), value >= 0 else { return nil }
    let multipliers: [String: Double] = [
      "": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12, "tb": 1e12,
      "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824, "tib": 1_099_511_627_776,
    ]
    guard let multiplier = multipliers[unit] else { return nil }
    let bytes = value * multiplier
    guard bytes < 9e18 else { return nil }
    return Int(bytes.rounded())
  }
}

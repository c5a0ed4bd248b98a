import SheetLayout

/// A text measurer with exact, hand-computable numbers: every character is 5 points wide,
/// every line 10 points tall, lines break at the width (no word wrapping).
struct FakeMeasurer: TextMeasuring {
  var characterWidth = 5.0
  var lineHeight = 10.0
  /// Never loaded: only recorded by the layout.
  var fonts: FontSet = .system

  func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    guard !text.isEmpty else { return .empty }
    let perLine = max(1, Int(width / characterWidth))
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { max(1, ($0.count + perLine - 1) / perLine) }.reduce(0, +)
    let truncated = style.maxLines > 0 && lines > style.maxLines
    if truncated { lines = style.maxLines }
    let longest = text.split(separator: "\n").map(\.count).max() ?? 0
    return TextMeasurement(
      width: min(width, Double(longest) * characterWidth), height: Double(lines) * lineHeight,
      lineCount: lines, isTruncated: truncated)
  }
}

import CPangoCairo

/// A line limit counts the lines of the whole text. Pango's own limit (a negative layout
/// height) counts per paragraph, so a three-line caption limited to two lines would show all
/// three, one per paragraph. Text set under a limit therefore has its paragraph breaks (line
/// feed, carriage return, U+2029) turned into line separators (U+2028): the lines still break
/// where they did, but make one paragraph. Pango ends the last kept line with an ellipsis
/// when that line wraps; when it ends at a line separator instead, Pango drops the rest
/// without one, so ``ellipsizeLastLine(_:maxLines:)`` adds it.
enum LineSeparators {
  /// `text` as one paragraph: each paragraph break replaced by U+2028. In markup, breaks
  /// inside a tag (`<span\nweight="bold">`) are left as they are.
  static func oneParagraph(_ text: String, isMarkup: Bool) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }) else { return text }
    var result = String.UnicodeScalarView()
    var inTag = false
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      if isMarkup && scalar == "<" { inTag = true }
      if isMarkup && scalar == ">" { inTag = false }
      guard !inTag else {
        result.append(scalar)
        continue
      }
      switch scalar {
      case "\n" where previous == "\r": continue  // CR LF is one break.
      case "\n", "\r", "\u{2029}": result.append("\u{2028}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Pango sets the rest of the paragraph on the last line it may show, line separators
  /// included (drawn as nothing: "second linethird line"), and ellipsizes that only when it
  /// is too wide. When the last line holds a line separator, the text is cut there and ends
  /// with "…" (which Pango shortens further if the line is then too wide). The attributes of
  /// markup stay in place: only text after the cut changes.
  ///
  /// - Returns: Whether the text was cut.
  static func ellipsizeLastLine(_ layout: OpaquePointer, maxLines: Int) -> Bool {
    guard maxLines > 0, pango_layout_get_line_count(layout) >= Int32(maxLines),
      let line = pango_layout_get_line_readonly(layout, Int32(maxLines - 1)),
      let text = pango_layout_get_text(layout)
    else { return false }
    let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
    let start = Int(line.pointee.start_index)
    // U+2028 is E2 80 A8 in UTF-8.
    guard
      let cut = (start..<max(start, bytes.count - 2)).first(where: {
        bytes[$0] == 0xE2 && bytes[$0 + 1] == 0x80 && bytes[$0 + 2] == 0xA8
      })
    else { return false }
    let shortened = Array(bytes[..<cut]) + Array("\u{2026}".utf8) + [0]
    shortened.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, -1) }
    }
    return true
  }
}

import SheetDiff

/// What a changed region of a PDF page says in each version: the text of the lines it touches
/// (poppler's text with its boxes), so a catalog's proof reads `Item 042: €84.99 → €80.99`.
public struct TextChange: Codable, Hashable, Sendable {
  /// The changed region, in expected-page pixels (as ``ImageComparison/regions``).
  public var region: PixelRect
  /// The lines the region touches in the expected PDF.
  public var expected: String
  /// The same lines in the actual PDF.
  public var actual: String

  /// A change under `region` from the `expected` lines to the `actual` ones.
  public init(region: PixelRect, expected: String, actual: String) {
    self.region = region
    self.expected = expected
    self.actual = actual
  }

  /// The change in words: the words both versions share at the start and the end once,
  /// the rest as `old → new`; `text unchanged: …` when the words are the same (the change is
  /// in a picture or a colour).
  public var readable: String {
    guard expected != actual else { return "text unchanged: \(expected)" }
    let old = expected.split(separator: " ", omittingEmptySubsequences: true)
    let new = actual.split(separator: " ", omittingEmptySubsequences: true)
    var head = 0
    while head < min(old.count, new.count), old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < min(old.count, new.count) - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
      tail += 1
    }
    func words(_ part: ArraySlice<Substring>) -> String { part.joined(separator: " ") }
    let changed =
      "\(words(old[head..<old.count - tail]).isEmpty ? "∅" : words(old[head..<old.count - tail])) → "
      + "\(words(new[head..<new.count - tail]).isEmpty ? "∅" : words(new[head..<new.count - tail]))"
    return [words(old[..<head]), changed, words(old[(old.count - tail)...])].filter { !$0.isEmpty }.joined(
      separator: " ")
  }

  /// The text changes of page `index` (0-based) under the first `limit` of `regions`, found in
  /// both PDFs drawn at `dpi`; regions with no text on either side are left out.
  static func under(
    _ regions: [PixelRect], limit: Int = 5, expected: PDFRasterizer, actual: PDFRasterizer, page index: Int,
    dpi: Double
  ) -> [TextChange] {
    regions.prefix(limit).compactMap { region in
      let scale = 72 / dpi
      let area = (
        x: Double(region.x) * scale, y: Double(region.y) * scale, width: Double(region.width) * scale,
        height: Double(region.height) * scale
      )
      let before = expected.lineText(page: index, in: area)
      let after = actual.lineText(page: index, in: area)
      return before.isEmpty && after.isEmpty
        ? nil : TextChange(region: region, expected: before, actual: after)
    }
  }
}

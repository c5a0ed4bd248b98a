import CPangoCairo

extension TextEngine {
  /// The largest font size, in points, that Pango `markup` asks for, for a caption whose own
  /// font is `baseSize` points: an explicit size (`size`, `font_size`, a size in `font`) times
  /// any scale applying to it, or `baseSize` times a scale alone (`<big>`, `size="larger"`).
  /// FreeType cannot make a font of about two million points (`<span size="2147483647">`),
  /// and the failure it reports names no caption, so callers check this before drawing.
  ///
  /// - Returns: The size, 0 for markup that sets no size or scale, nil when `markup` is not
  ///   valid markup.
  package static func largestFontSize(inMarkup markup: String, baseSize: Double) -> Double? {
    var attributes: OpaquePointer?
    var error: UnsafeMutablePointer<GError>?
    guard pango_parse_markup(markup, -1, 0, &attributes, nil, nil, &error) != 0, let attributes else {
      if let error { g_error_free(error) }
      return nil
    }
    defer { pango_attr_list_unref(attributes) }
    guard let iterator = pango_attr_list_get_iterator(attributes) else { return 0 }
    defer { pango_attr_iterator_destroy(iterator) }
    let scaleUnit = Double(PANGO_SCALE)
    var largest = 0.0
    repeat {
      let description = pango_font_description_new()
      defer { pango_font_description_free(description) }
      pango_attr_iterator_get_font(iterator, description, nil, nil)
      let mask = pango_font_description_get_set_fields(description).rawValue
      let explicit =
        mask & PANGO_FONT_MASK_SIZE.rawValue != 0
        ? Double(pango_font_description_get_size(description)) / scaleUnit : nil
      var scale = 1.0
      if let attribute = pango_attr_iterator_get(iterator, PANGO_ATTR_SCALE) {
        scale = attribute.withMemoryRebound(to: PangoAttrFloat.self, capacity: 1) { $0.pointee.value }
      }
      if explicit != nil || scale != 1 {
        largest = max(largest, (explicit ?? baseSize) * scale)
      }
    } while pango_attr_iterator_next(iterator) != 0
    return largest
  }
}

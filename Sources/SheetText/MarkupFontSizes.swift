import CPangoCairo

extension TextEngine {
  /// The largest font size, in points, that Pango `markup` asks for, for a caption whose own
  /// font is `baseSize` points: an explicit size (`size`, `font_size`, a size in `font`) or
  /// `baseSize`, times the scale applying there (`<big>`, `size="larger"`, nested ones
  /// multiplied). FreeType cannot make a font of about two
  /// million points (`<span size="2147483647">`, or 80 nested `<big>`), and the failure it
  /// reports names no caption, so callers check this before drawing.
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
      // Worked out in floating point from the attributes themselves: Pango's own font
      // description holds the scaled size in 32 bits, which 80 nested <big> overflow.
      var sizes: [Double] = []
      for type in [PANGO_ATTR_SIZE, PANGO_ATTR_ABSOLUTE_SIZE] {
        if let attribute = pango_attr_iterator_get(iterator, type) {
          let size = attribute.withMemoryRebound(to: PangoAttrSize.self, capacity: 1) { $0.pointee.size }
          sizes.append(Double(size) / scaleUnit)
        }
      }
      if let attribute = pango_attr_iterator_get(iterator, PANGO_ATTR_FONT_DESC) {
        let description = attribute.withMemoryRebound(to: PangoAttrFontDesc.self, capacity: 1) {
          $0.pointee.desc
        }
        if pango_font_description_get_set_fields(description).rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0 {
          sizes.append(Double(pango_font_description_get_size(description)) / scaleUnit)
        }
      }
      // Markup multiplies nested scales when it is parsed; the innermost one applies.
      var scale = 1.0
      if let attribute = pango_attr_iterator_get(iterator, PANGO_ATTR_SCALE) {
        scale = attribute.withMemoryRebound(to: PangoAttrFloat.self, capacity: 1) { $0.pointee.value }
      }
      if !sizes.isEmpty || scale != 1 {
        // With several sizes in play, the largest: never less than Pango uses.
        largest = max(largest, (sizes.max() ?? baseSize) * scale)
      }
    } while pango_attr_iterator_next(iterator) != 0
    return largest
  }
}

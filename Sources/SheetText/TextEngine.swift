import CPangoCairo
import Foundation
import SheetLayout
import SheetSupport

/// Measures and draws text with Pango, using one fixed configuration for both, so text
/// always fits the box it was measured for, in PNG, PDF and SVG alike.
///
/// Font options are set explicitly (grey antialiasing, no hinting, unhinted metrics,
/// 72 units per inch, unrounded glyph positions): a layout does not change with the surface
/// it is drawn on. Not thread-safe: make one engine per thread.
///
/// Text whose style says markup is trusted to be valid markup: it is parsed once per measure
/// or draw, as Pango must to set it, and never validated separately. Decide once per text,
/// before laying out, whether it is valid (``isValidMarkup(_:)``) and escape it if not; text
/// that still fails to parse is set as plain text, so the engine never shows stale text.
public final class TextEngine: TextMeasuring {
  /// The fonts this engine sets text in.
  public let fonts: FontSet
  private let fontMap: UnsafeMutablePointer<PangoFontMap>
  private let context: OpaquePointer
  private var fontDescriptions: [String: OpaquePointer] = [:]
  /// One layout reused for every measurement (drawing makes its own).
  private let measuringLayout: OpaquePointer

  /// Creates an engine over `fonts` whose glyph edges are smoothed as `antialiasing` says
  /// (grey by default; the others exist to show that golden comparisons forgive them).
  public init(fonts: FontSet = .system, antialiasing: TextAntialiasing = .grey) throws {
    self.fonts = fonts
    switch fonts {
    case .system:
      guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
        throw TextError("could not create a Pango font map")
      }
      fontMap = map
    case .pinned(let files):
      fontMap = try Self.pinnedFontMap(files: files)
    }
    guard let context = pango_font_map_create_context(fontMap) else {
      g_object_unref(UnsafeMutableRawPointer(fontMap))
      throw TextError("could not create a Pango context")
    }
    self.context = context
    measuringLayout = pango_layout_new(context)!
    let fontOptions = cairo_font_options_create()
    cairo_font_options_set_antialias(fontOptions, antialiasing.cairoValue)
    cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(context, fontOptions)
    cairo_font_options_destroy(fontOptions)
    pango_cairo_context_set_resolution(context, 72)
    pango_context_set_round_glyph_positions(context, 0)
  }

  deinit {
    for description in fontDescriptions.values { pango_font_description_free(description) }
    g_object_unref(UnsafeMutableRawPointer(measuringLayout))
    g_object_unref(UnsafeMutableRawPointer(context))
    g_object_unref(UnsafeMutableRawPointer(fontMap))
  }

  /// The size of `text` set in `style` and wrapped at `width` points.
  public func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
    guard !text.isEmpty else { return .empty }
    let layout = measuringLayout
    let cut = configure(layout, text, style: style, width: width)
    var logicalWidth: Int32 = 0
    var logicalHeight: Int32 = 0
    pango_layout_get_size(layout, &logicalWidth, &logicalHeight)
    let scale = Double(PANGO_SCALE)
    return TextMeasurement(
      width: Double(logicalWidth) / scale, height: Double(logicalHeight) / scale,
      lineCount: Int(pango_layout_get_line_count(layout)),
      isTruncated: cut || pango_layout_is_ellipsized(layout) != 0)
  }

  /// Draws `text` with its top-left corner at the top-left of `box`, wrapped at the box's width.
  ///
  /// `cairo` is the `cairo_t` to draw with; its current source colour is used.
  package func draw(_ text: String, style: TextStyle, in box: Rect, cairo: OpaquePointer) {
    guard !text.isEmpty else { return }
    let layout = makeLayout(text, style: style, width: box.width)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    cairo_move_to(cairo, box.x, box.y)
    pango_cairo_show_layout(cairo, layout)
  }

  /// One unwrapped line of `text` set in `font` (as markup when `isMarkup`), in Pango units
  /// (1/1024 pt): its logical width, its ascent (the baseline's depth) and its height, and
  /// whether a character had no font (drawn as a hex box). What the fast path caches per word.
  func lineMetrics(_ text: String, font: String, isMarkup: Bool) -> (
    width: Int, ascent: Int, height: Int, hasBoxes: Bool
  ) {
    let layout = measuringLayout
    configure(layout, text, style: TextStyle(font: font, isMarkup: isMarkup), width: -1)
    pango_layout_set_width(layout, -1)
    var logicalWidth: Int32 = 0
    var logicalHeight: Int32 = 0
    pango_layout_get_size(layout, &logicalWidth, &logicalHeight)
    return (
      Int(logicalWidth), Int(pango_layout_get_baseline(layout)), Int(logicalHeight),
      pango_layout_get_unknown_glyphs_count(layout) > 0
    )
  }

  /// The runs Pango makes of `text` set unwrapped on one line in `font` (as markup when
  /// `isMarkup`): each run's first byte and byte count in the text set (markup removed), its
  /// width, and its ascent and descent (the logical extents the line's height is made of), in
  /// Pango units. Empty when the text does not fit one line.
  func lineRuns(_ text: String, font: String, isMarkup: Bool) -> [(
    offset: Int, length: Int, width: Int, ascent: Int, descent: Int
  )] {
    let layout = measuringLayout
    configure(layout, text, style: TextStyle(font: font, isMarkup: isMarkup), width: -1)
    pango_layout_set_width(layout, -1)
    guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0)
    else {
      return []
    }
    var runs: [(offset: Int, length: Int, width: Int, ascent: Int, descent: Int)] = []
    var node = line.pointee.runs
    while let current = node {
      let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
      var logical = PangoRectangle()
      pango_glyph_string_extents(run.glyphs, run.item.pointee.analysis.font, nil, &logical)
      runs.append(
        (
          Int(run.item.pointee.offset), Int(run.item.pointee.length),
          Int(pango_glyph_string_get_width(run.glyphs)),
          Int(-logical.y), Int(logical.height + logical.y)
        ))
      node = current.pointee.next
    }
    return runs
  }

  /// The glyphs Pango sets for `text` unwrapped on one line in `font` (as markup when
  /// `isMarkup`), in Pango units: the line's width, each run's byte range (in the text set,
  /// markup removed) with its ascent and descent, and each glyph's first byte and advance
  /// (kerning with the glyph after it included). Nil when the text does not fit one line or a
  /// character has no font (a hex box).
  func lineGlyphs(_ text: String, font: String, isMarkup: Bool) -> LineGlyphs? {
    let layout = measuringLayout
    configure(layout, text, style: TextStyle(font: font, isMarkup: isMarkup), width: -1)
    pango_layout_set_width(layout, -1)
    guard pango_layout_get_line_count(layout) == 1, pango_layout_get_unknown_glyphs_count(layout) == 0,
      let line = pango_layout_get_line_readonly(layout, 0)
    else {
      return nil
    }
    var result = LineGlyphs()
    var node = line.pointee.runs
    while let current = node {
      let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
      let offset = Int(run.item.pointee.offset)
      var logical = PangoRectangle()
      pango_glyph_string_extents(run.glyphs, run.item.pointee.analysis.font, nil, &logical)
      result.runs.append(
        (offset, Int(run.item.pointee.length), Int(-logical.y), Int(logical.height + logical.y)))
      let glyphs = run.glyphs.pointee
      for index in 0..<Int(glyphs.num_glyphs) {
        let advance = Int(glyphs.glyphs[index].geometry.width)
        result.glyphs.append((offset + Int(glyphs.log_clusters[index]), advance))
      }
      node = current.pointee.next
    }
    var logicalWidth: Int32 = 0
    var logicalHeight: Int32 = 0
    pango_layout_get_size(layout, &logicalWidth, &logicalHeight)
    result.width = Int(logicalWidth)
    return result
  }

  /// The text and height (Pango units) of each line of `text` as Pango sets it: for checking
  /// the fast path.
  package func lines(_ text: String, style: TextStyle, width: Double) -> [(text: String, height: Int)] {
    let layout = makeLayout(text, style: style, width: width)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let whole = String(cString: pango_layout_get_text(layout))
    let bytes = Array(whole.utf8)
    var result: [(String, Int)] = []
    for index in 0..<pango_layout_get_line_count(layout) {
      let line = pango_layout_get_line_readonly(layout, index)!
      var logical = PangoRectangle()
      pango_layout_line_get_extents(line, nil, &logical)
      let start = Int(line.pointee.start_index)
      let end = min(bytes.count, start + Int(line.pointee.length))
      result.append((String(decoding: bytes[start..<end], as: UTF8.self), Int(logical.height)))
    }
    return result
  }

  /// Which of `scalars` the primary font for `font` has glyphs for (no fallback font needed).
  func primaryFontCovers(_ scalars: [Unicode.Scalar], font: String) -> [Bool] {
    guard let loaded = pango_context_load_font(context, fontDescription(font)) else {
      return scalars.map { _ in false }
    }
    defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
    return scalars.map { pango_font_has_char(loaded, gunichar($0.value)) != 0 }
  }

  /// Whether `markup` parses as Pango markup.
  public static func isValidMarkup(_ markup: String) -> Bool {
    var error: UnsafeMutablePointer<GError>?
    let ok = pango_parse_markup(markup, -1, 0, nil, nil, nil, &error)
    if let error { g_error_free(error) }
    return ok != 0
  }

  private func makeLayout(_ text: String, style: TextStyle, width: Double) -> OpaquePointer {
    let layout = pango_layout_new(context)!
    configure(layout, text, style: style, width: width)
    return layout
  }

  /// Sets every property of `layout` that measuring and drawing depend on, so a reused layout
  /// measures exactly as a new one.
  /// Returns whether lines beyond the style's line limit were cut where Pango would not show
  /// an ellipsis (see ``LineSeparators``).
  @discardableResult
  private func configure(_ layout: OpaquePointer, _ text: String, style: TextStyle, width: Double) -> Bool {
    // A line limit counts the whole text's lines, not each paragraph's.
    let text = style.maxLines > 0 ? LineSeparators.oneParagraph(text, isMarkup: style.isMarkup) : text
    pango_layout_set_font_description(layout, fontDescription(style.font))
    pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.down)))
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    if style.maxLines > 0 {
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
      pango_layout_set_height(layout, Int32(-style.maxLines))
    } else {
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
      pango_layout_set_height(layout, -1)
    }
    switch style.alignment {
    case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
    case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
    }
    if !style.isMarkup || !setMarkup(layout, text) {
      pango_layout_set_attributes(layout, nil)
      pango_layout_set_text(layout, text, -1)
    }
    return LineSeparators.ellipsizeLastLine(layout, maxLines: style.maxLines)
  }

  /// Sets `markup` on `layout` as `pango_layout_set_markup` does, with its one parse, but
  /// returns false, changing nothing, when the markup does not parse (where Pango would log a
  /// warning and keep the layout's previous text).
  private func setMarkup(_ layout: OpaquePointer, _ markup: String) -> Bool {
    var attributes: OpaquePointer?
    var text: UnsafeMutablePointer<CChar>?
    guard pango_parse_markup(markup, -1, 0, &attributes, &text, nil, nil) != 0 else { return false }
    defer {
      pango_attr_list_unref(attributes)
      g_free(text)
    }
    pango_layout_set_text(layout, text, -1)
    pango_layout_set_attributes(layout, attributes)
    return true
  }

  private func fontDescription(_ font: String) -> OpaquePointer {
    if let cached = fontDescriptions[font] { return cached }
    let description = pango_font_description_from_string(font)!
    fontDescriptions[font] = description
    return description
  }

  private static func pinnedFontMap(files: [String]) throws -> UnsafeMutablePointer<PangoFontMap> {
    guard let config = FcConfigCreate() else {
      throw TextError("could not create a fontconfig configuration")
    }
    defer { FcConfigDestroy(config) }
    // Colour emoji are bitmap fonts: without the scaling rule they are drawn at their bitmap size.
    _ = FcConfigParseAndLoadFromMemory(config, PinnedFontRules.bitmapScaling, 1)
    for file in files {
      // Opened once without blocking first: a FIFO or device named as a font is refused.
      do {
        let (descriptor, _) = try RegularFile.open(file)
        close(descriptor)
      } catch {
        throw TextError(
          "font file \(TerminalText.escaped(file)) \(error.isMissing ? "does not exist" : error.reason)")
      }
      // Every file named must load: a typo would otherwise change the sheet silently. The
      // name goes to fontconfig as the bytes it names (``PathBytes``), UTF-8 or not.
      let added = PathBytes.withCString(file) { name in
        name.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcConfigAppFontAddFile(config, $0) }
      }
      guard added != 0 else {
        let reason = PathBytes.status(file) != nil ? "is not a font fontconfig can read" : "does not exist"
        throw TextError("font file \(TerminalText.escaped(file)) \(reason)")
      }
    }
    guard !files.isEmpty else { throw TextError("a pinned font set needs at least one font file") }
    guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
      throw TextError("could not create a Pango font map")
    }
    // The cairo font map made for FreeType is a PangoFcFontMap (an opaque type in Swift).
    pango_fc_font_map_set_config(OpaquePointer(map), config)
    return map
  }
}

/// One line's glyphs as Pango sets them (see ``TextEngine/lineGlyphs(_:font:isMarkup:)``).
struct LineGlyphs {
  /// The line's logical width (the sum of its glyphs' advances).
  var width = 0
  /// Each run's first byte and byte count, ascent and descent (its font's logical extents).
  var runs: [(offset: Int, length: Int, ascent: Int, descent: Int)] = []
  /// Each glyph's first byte (its cluster) and advance, in the order set.
  var glyphs: [(byte: Int, advance: Int)] = []
}

/// How glyph edges are smoothed.
public enum TextAntialiasing: String, Hashable, Sendable {
  /// Grey coverage (the default: the same pixels on every screen).
  case grey
  /// None: every pixel is ink or paper.
  case none

  // Cairo's "best" mode is not offered: Cairo 1.16 draws it through its subpixel glyph path,
  // which drew broken glyphs on image surfaces here.
  var cairoValue: cairo_antialias_t {
    switch self {
    case .grey: CAIRO_ANTIALIAS_GRAY
    case .none: CAIRO_ANTIALIAS_NONE
    }
  }
}

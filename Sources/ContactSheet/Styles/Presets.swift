/// Built-in styles chosen with `--preset`, declared in the same terms as any style layer; a
/// manifest's `style`, a style file and flags override them.
public enum Preset: String, CaseIterable, Sendable {
  /// A dense grid of small thumbnails with file names, for proofing a shoot.
  case proof
  /// Three columns, sections as banners, titles and prices in captions.
  case catalog
  /// One continuous sheet, two columns of rounded cards with soft shadows.
  case pinterest
  /// A catalog for the printer: a white page, a grid whose caption lines and prices line up,
  /// flat cards with a hairline border, pictures standing on their captions, each section on
  /// a new page.
  case print

  /// The style keys this preset sets, in order.
  package var settings: KeyValuePairs<String, StyleValue> {
    switch self {
    case .proof:
      [
        "mode": "grid", "columns": "8", "margin": "8mm", "gutter": "4pt", "row-gap": "4pt", "padding": "2pt",
        "font": "DejaVu Sans 5", "caption-lines": "1", "corner-radius": "0", "no-shadow": true,
      ]
    case .catalog:
      [
        "columns": "3", "margin": "15mm", "gutter": "12pt", "row-gap": "12pt", "padding": "8pt",
        "font": "DejaVu Sans 8", "caption-lines": "3", "corner-radius": "4pt",
      ]
    case .pinterest:
      [
        "page": "none", "width": "720pt", "columns": "2", "margin": "16pt", "gutter": "14pt",
        "row-gap": "14pt",
        "padding": "8pt", "font": "DejaVu Sans 10", "corner-radius": "14pt", "shadow-blur": "14pt",
        "shadow-opacity": "0.25",
      ]
    case .print:
      [
        "mode": "grid", "columns": "3", "margin": "15mm", "gutter": "12pt", "row-gap": "12pt",
        "padding": "8pt",
        "font": "DejaVu Sans 8", "caption-lines": "2", "corner-radius": "0", "no-shadow": true,
        "border": "0.5pt #d0d0d0", "background": "#ffffff", "section-start": "page",
        "image-align": "bottom",
      ]
    }
  }

  /// The preset's caption template; unlike its options it comes after a manifest's caption,
  /// so a manifest's own caption wins over the preset's.
  package var caption: String? {
    switch self {
    case .proof: "{name}"
    case .catalog, .print: "<b>{title|{name}}</b>\\n{price}"
    case .pinterest: nil
    }
  }

  /// The preset as a style layer; messages name it `preset NAME`.
  package var layer: StyleLayer {
    let name = "preset \(rawValue)"
    return StyleLayer(settings: settings.map { StyleSetting(key: $0.key, value: $0.value, origin: name) })
  }
}

/// Chooses and parses each item's caption template, each distinct text once, and names the
/// template's source when it does not parse.
///
/// The caption of an item is its own `caption`, else the run's (``InputOptions/caption``:
/// `--caption` or a style's), else the manifest's `caption`, else the fallback (a preset's),
/// else `{title}` for items with a title, else `{name}`.
package struct CaptionTemplates {
  private let shared: (text: String, source: String)?
  private var parsed: [String: CaptionTemplate] = [:]
  /// The template returned last, and its text.
  private var last: (text: String, template: CaptionTemplate)?

  package init(options: InputOptions, catalog: Catalog) throws {
    if let caption = options.caption {
      shared = (caption.text, caption.source)
    } else if let caption = catalog.captionTemplate {
      shared = (caption, catalog.captionSource ?? "the manifest's caption")
    } else if let caption = options.fallbackCaption {
      shared = (caption.text, caption.source)
    } else {
      shared = nil
    }
  }

  package mutating func template(for item: CatalogItem) throws -> CaptionTemplate {
    let (text, source): (String, String)
    if let own = item.caption {
      (text, source) = (own, "\(item.origin ?? item.path): caption")
    } else if let shared {
      (text, source) = shared
    } else {
      (text, source) = (item.fields["title"] != nil ? "{title}" : "{name}", "default caption")
    }
    // Most items' own captions are literals (cheaper to take as they are than to look up),
    // or all items share one template (found again without hashing its text).
    if CaptionTemplate.isLiteral(text) { return CaptionTemplate(literal: text) }
    if let last, last.text == text { return last.template }
    if let known = parsed[text] {
      last = (text, known)
      return known
    }
    do {
      let template = try CaptionTemplate(text)
      parsed[text] = template
      last = (text, template)
      return template
    } catch let error as CaptionTemplate.ParseError {
      throw InputError("\(source): \(error.message)")
    }
  }
}

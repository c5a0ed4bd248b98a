import SheetRender

/// The words ContactSheet prints of its own (headings, labels, placeholders), in the
/// document's language: chosen by `lang`, and each can be set by its own style key
/// (`text-contents`, …).
public struct BuiltInWords: Sendable, Hashable {
  /// The contents page's heading.
  public var contents: String
  /// The index's heading.
  public var index: String
  /// The cover's page label in a PDF viewer.
  public var cover: String
  /// The title of a document that names none.
  public var untitled: String
  /// After the page count in the cover's fine print (`12 pages`).
  public var pages: String
  /// A card with no picture.
  public var noImage: String
  /// Before a file's name on a card whose picture cannot be shown.
  public var cannotShow: String
  /// After a caption's `{date}` taken from the file's time, not the camera's (`2026-11-28
  /// (file date)`).
  public var fileDate = "file date"
  /// After a section's name in the small banner that repeats it atop a page it continues onto
  /// (`Kitchen (continued)`).
  public var continued = "continued"
  /// The section of catalog items whose section value is empty.
  public var other = "Other"
  /// Before the lowest price of a product whose variants cost different amounts (`from €19.00`).
  public var from = "from"

  /// The words of the language `tag` (BCP 47: its primary subtag decides, so `de-AT` is
  /// German); English for a language not in the table.
  public static func language(_ tag: String) -> BuiltInWords {
    let primary = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
    return table[primary] ?? table["en"]!
  }

  /// The languages in the table, by primary subtag.
  public static var languages: [String] { table.keys.sorted() }

  /// What the renderer prints itself.
  var render: RenderWords { RenderWords(cover: cover, noImage: noImage, cannotShow: cannotShow) }

  private static let table: [String: BuiltInWords] = [
    "en": BuiltInWords(
      contents: "Contents", index: "Index", cover: "Cover", untitled: "Contact sheet", pages: "pages",
      noImage: "No image", cannotShow: "Cannot show", fileDate: "file date", continued: "continued",
      other: "Other", from: "from"),
    "de": BuiltInWords(
      contents: "Inhalt", index: "Register", cover: "Titelseite", untitled: "Kontaktbogen", pages: "Seiten",
      noImage: "Kein Bild", cannotShow: "Nicht darstellbar:", fileDate: "Dateidatum",
      continued: "Fortsetzung",
      other: "Sonstiges", from: "ab"),
    "fr": BuiltInWords(
      contents: "Sommaire", index: "Index", cover: "Couverture", untitled: "Planche contact", pages: "pages",
      noImage: "Pas d’image", cannotShow: "Impossible d’afficher", fileDate: "date du fichier",
      continued: "suite", other: "Autres", from: "à partir de"),
    "es": BuiltInWords(
      contents: "Índice", index: "Índice alfabético", cover: "Portada", untitled: "Hoja de contactos",
      pages: "páginas", noImage: "Sin imagen", cannotShow: "No se puede mostrar",
      fileDate: "fecha del archivo", continued: "continuación", other: "Otros", from: "desde"),
    "it": BuiltInWords(
      contents: "Sommario", index: "Indice analitico", cover: "Copertina", untitled: "Provino a contatto",
      pages: "pagine", noImage: "Nessuna immagine", cannotShow: "Impossibile mostrare",
      fileDate: "data del file", continued: "continua", other: "Altro", from: "da"),
    "nl": BuiltInWords(
      contents: "Inhoud", index: "Register", cover: "Omslag", untitled: "Contactafdruk", pages: "pagina’s",
      noImage: "Geen afbeelding", cannotShow: "Kan niet tonen:", fileDate: "bestandsdatum",
      continued: "vervolg", other: "Overig", from: "vanaf"),
    "pl": BuiltInWords(
      contents: "Spis treści", index: "Indeks", cover: "Okładka", untitled: "Stykówka", pages: "stron",
      noImage: "Brak obrazu", cannotShow: "Nie można wyświetlić", fileDate: "data pliku",
      continued: "ciąg dalszy", other: "Inne", from: "od"),
  ]
}

import SheetLayout
import SheetRender

/// The one table of style keys: every option of `render` (and `layout`) that says how a sheet
/// looks, which presets, manifests' `style` and style files may set as well. The option
/// declarations take their help and defaults from here, `style --default` prints it, and every
/// style layer is checked against it.
package enum StyleKeys {
  package static let caption = StyleKey(
    "caption",
    help:
      "Caption template: {name} {stem} {ext} {dir} {index} {width} {height} {megapixels} {filesize} {date} {date:FORMAT} {camera} {lens} {exposure} {aperture} {iso} {focal} {section} {rating} {label} {frame}, any manifest or CSV field, {field|default} or {field|{other}}; \\n for a new line; Pango markup allowed. Default: {name}, or an item's title.",
    valueName: "template")

  // Where things go.
  package static let mode = StyleKey(
    "mode", .option, LayoutMode.self,
    help:
      "Arrangement: waterfall (columns of varying heights), staggered (offset rows), grid, or justified (rows filling the width, shapes kept).",
    default: "waterfall")
  package static let page = StyleKey(
    "page",
    help: "Paper: a3, a4, a5, letter, legal, tabloid or WxH (with units), optionally :landscape; or none.",
    default: "a4")
  package static let width = StyleKey(
    "width", help: "Sheet width when --page none (e.g. 1080px, 8in).", default: "800pt")
  package static let columns = StyleKey(
    "columns", .option, Int.self, help: "Number of columns.", default: "4")
  package static let columnWidth = StyleKey(
    "column-width",
    help: "Minimum column width; when given, the column count is derived from it instead of --columns.")
  package static let margin = StyleKey(
    "margin",
    help:
      "Page margins: one to four lengths (top right bottom left, as in CSS), e.g. \"12mm\" or \"10mm 15mm\".",
    default: "12mm")
  package static let gutter = StyleKey("gutter", help: "Gap between columns.", default: "10pt")
  package static let rowGap = StyleKey(
    "row-gap", help: "Gap between cards in a column, and around banners.", default: "10pt")
  package static let padding = StyleKey(
    "padding", help: "Space inside each card around its image and caption.", default: "5pt")
  package static let captionGap = StyleKey(
    "caption-gap", help: "Space between an image and its caption.", default: "4pt")
  package static let imageAspect = StyleKey(
    "image-aspect",
    help:
      "Fixed image box shape W:H (e.g. 4:3), images cropped to it (or letterboxed: --fit); default: each image's own shape."
  )
  package static let maxImageHeight = StyleKey(
    "max-image-height",
    help: "Tallest image box (e.g. 80mm); taller images are cropped or letterboxed (--fit).")
  package static let fit = StyleKey(
    "fit", .option, ImageFit.self,
    help:
      "How an image fills a box of another shape: crop (fill, centre kept) or letterbox (whole image); grid mode always letterboxes.",
    default: "crop")
  package static let imageAlign = StyleKey(
    "image-align", .option, ImageAlignment.self,
    help:
      "Where a letterboxed image sits in its box: center, or bottom (on its caption, so a row of products stands on one line).",
    default: "center")
  package static let font = StyleKey(
    "font", help: "Caption font, as a Pango font description (\"Family Size\").", default: "DejaVu Sans 7")
  package static let captionLines = StyleKey(
    "caption-lines", .option, Int.self,
    help: "Most caption lines; longer captions end in an ellipsis (0: no limit).",
    default: "2")
  package static let placement = StyleKey(
    "placement", .option, Placement.self,
    help: "Waterfall column choice: shortest (highest bottom, ties to the first) or order (round robin).",
    default: "shortest")
  package static let sectionStart = StyleKey(
    "section-start", .option, SectionStart.self,
    help:
      "Where each section begins: anywhere (below the one before, when its banner and first row fit), page (a new page) or odd-page (a new odd-numbered page, counting cover and contents; an even page before it left blank).",
    default: "anywhere")
  package static let sectionOrder = StyleKey(
    "section-order",
    help:
      "The order of sections: input (as they first appear), name (sorted naturally, 'Other' last) or a text FILE listing them one a line (the rest follow, with a warning).",
    default: "input", valueName: "input|name|file")
  package static let direction = StyleKey(
    "direction", .option, Direction.self,
    help: "Column order: ltr (first column on the left) or rtl (on the right).", default: "ltr")
  package static let stagger = StyleKey(
    "stagger", .option, Double.self,
    help: "Shift of every other row in staggered mode, as a fraction of the cell width (0 to 0.99).",
    default: "0.5")
  package static let rowHeight = StyleKey(
    "row-height",
    help:
      "Justified mode: the picture height rows aim for (e.g. 40mm). Default: the height at which 3:2 landscapes fill a row of --columns."
  )
  package static let rowHeightTolerance = StyleKey(
    "row-height-tolerance", .option, Double.self,
    help: "Justified mode: how far a row may stray from --row-height, as a fraction (0 to 0.99).",
    default: "0.25")
  package static let lastRow = StyleKey(
    "last-row", .option, LastRowStyle.self,
    help:
      "Justified mode: a section's last, unfilled row: left, center, or justify (widened to the width, pictures cropped).",
    default: "left")
  package static let rowBreaker = StyleKey(
    "row-breaker", .option, RowBreaker.self,
    help:
      "Justified mode: greedy (row by row, as flickr/justified-layout) or balanced (all rows of a section at once, closest to --row-height).",
    default: "greedy")
  package static let fullWidthEvery = StyleKey(
    "full-width-every", .option, Int.self,
    help: "Justified mode: every N rows, a landscape picture (a panorama) gets a full-width row (0: never).",
    default: "0")
  package static let bannerEvery = StyleKey(
    "banner-every", .option, Int.self, help: "Put a banner before every N items (0: none).", default: "0")
  package static let bannerTemplate = StyleKey(
    "banner-template",
    help: "Title of --banner-every banners: {n} banner number, {first}/{last} item numbers, {count}.",
    default: BannerCadence.defaultTemplate)
  package static let balance = StyleKey(
    "balance", .option, Int.self,
    help: "Let cards move up to K places from input order to even out column bottoms (0: keep order).",
    default: "0")
  package static let header = StyleKey(
    "header",
    help:
      "Text at the top of every page, Pango markup (<b>{title}</b>): {title} {page} {pages} {date} {section} (of the page's first card); 'left|centre|right' splits it. Its height is reserved."
  )
  package static let footer = StyleKey(
    "footer",
    help:
      "Text at the bottom of every page, Pango markup: {title} {page} {pages} {date} {section}; 'left|centre|right' splits it. Its height is reserved."
  )
  package static let qr = StyleKey(
    "qr", .flag,
    help:
      "Print a QR code of each card's link beside or below its caption (--qr-position), 21 mm with its quiet zone (--qr-size), so its modules span at least 15 mm; a warning when cards are too narrow. For readers of the printed catalog."
  )
  package static let qrSize = StyleKey(
    "qr-size",
    help:
      "Side of each QR code with its quiet zone (e.g. 25mm); implies --qr. Default 21mm, which phones read from paper."
  )
  package static let qrPosition = StyleKey(
    "qr-position", .option, QRCodePosition.self,
    help:
      "Where QR codes stand: beside the caption (at its right, the caption narrower), below it, or auto (beside when the caption keeps at least the code's width; below in justified mode).",
    default: "auto")
  package static let contents = StyleKey(
    "contents", .flag,
    help: "Begin with contents page(s): each section with its page number, a link to its banner in PDF.")
  package static let index = StyleKey(
    "index",
    help:
      "End with an alphabetical index of the items by this caption field (name, sku, …) with page numbers, each a link to the card in PDF.",
    valueName: "field")
  package static let indexColumns = StyleKey(
    "index-columns",
    help:
      "Columns of the index pages, 1 to 10, each line's entry and page number joined by a dotted leader; auto: as many as fit 63 mm wide (two on A4 portrait).",
    default: "auto", valueName: "n|auto")
  package static let cover = StyleKey(
    "cover", .flag,
    help:
      "Begin with a cover (page 1, before any contents): the document's title (--title) centred, --cover-subtitle, --cover-image and --cover-note."
  )
  package static let coverImage = StyleKey(
    "cover-image", help: "A picture filling a large frame on the cover (implies --cover).", valueName: "file")
  package static let coverFit = StyleKey(
    "cover-fit", .option, ImageFit.self,
    help:
      "How the cover image fills its frame: letterbox (whole picture, the frame takes its shape: logos) or crop (fills the frame, centre kept).",
    default: "letterbox")
  package static let coverSubtitle = StyleKey(
    "cover-subtitle", help: "The line under the cover's title. Default: the document's subject, if any.",
    valueName: "text")
  package static let coverNote = StyleKey(
    "cover-note", help: "Fine print at the cover's foot: {date} {pages} {title}; '' for none.",
    default: CoverContent.defaultNote, valueName: "template")
  package static let bannerStyle = StyleKey(
    "banner-style", .option, BannerStyle.self,
    help:
      "Section banners: rule (text over a hairline), band (text on a band of --banner-fill inside the margins) or full-bleed (the band runs from page edge to page edge, into a PDF's --bleed; text stays inside the margins).",
    default: "rule")
  package static let bannerFill = StyleKey(
    "banner-fill", help: "The colour of band and full-bleed banners.", default: "#e6e2d9")
  package static let dpi = StyleKey(
    "dpi", .option, Double.self,
    help: "Pixels per inch that px lengths refer to (the PNG output resolution).", default: "150")

  // How it looks.
  package static let cornerRadius = StyleKey(
    "corner-radius", help: "Radius of the card corners (0: square corners).", default: "6pt")
  package static let border = StyleKey(
    "border",
    help:
      "A line around each card: width and colour as one value, e.g. --border '0.5pt #cccccc' or 0.5pt,#ccc.",
    valueName: "len color")
  package static let shadowBlur = StyleKey(
    "shadow-blur", help: "Shadow blur radius (about two standard deviations of a Gaussian).", default: "6pt")
  package static let shadowOffset = StyleKey(
    "shadow-offset", help: "Shadow offset X,Y (e.g. 0,2pt).", default: "0,2pt")
  package static let shadowOpacity = StyleKey(
    "shadow-opacity", .option, Double.self, help: "Shadow opacity, 0…1.", default: "0.22")
  package static let shadowColor = StyleKey(
    "shadow-color", help: "Shadow colour (#rrggbb or a CSS name).", default: "black")
  package static let noShadow = StyleKey("no-shadow", .flag, help: "Draw cards without a shadow.")
  package static let showRating = StyleKey(
    "show-rating", .flag,
    help:
      "Draw each photo's XMP star rating on its image and its colour label as a bar along the card's foot.")
  package static let logo = StyleKey(
    "logo", help: "A picture (PNG, JPEG, any format read) in a corner of every page's header or footer.",
    valueName: "file")
  package static let logoPosition = StyleKey(
    "logo-position", .option, Logo.Slot.self,
    help: "Where the logo goes: header-left, header-right, footer-left or footer-right.",
    default: "header-right")
  package static let logoHeight = StyleKey(
    "logo-height",
    help: "The logo's height (its width follows its shape); its header or footer is at least as tall.",
    default: "8mm")
  package static let watermark = StyleKey(
    "watermark",
    help:
      "Text set across every image along its diagonal (PROOF, the studio's name), or a picture file (SVG, PDF, PNG…) centred on each.",
    valueName: "text|file")
  package static let watermarkOpacity = StyleKey(
    "watermark-opacity", .option, Double.self, help: "How opaque the watermark is, 0…1.", default: "0.3")
  package static let background = StyleKey("background", help: "Page background colour.", default: "#f4f4f2")
  package static let cardColor = StyleKey("card-color", help: "Card background colour.", default: "white")
  package static let captionColor = StyleKey(
    "caption-color", help: "Caption text colour.", default: "#333333")
  package static let ppi = StyleKey(
    "ppi",
    help: "Pixels per inch of images embedded in PDF and SVG, or 'original' to embed the files as they are.",
    default: "300", valueName: "n|original")
  package static let jpegQuality = StyleKey(
    "jpeg-quality", .option, Int.self,
    help: "JPEG quality (1–100) of .jpg pages and of photos embedded in PDF and SVG.", default: "90")
  package static let minPPI = StyleKey(
    "min-ppi", .option, Double.self,
    help:
      "PDF: warn of each picture that prints at fewer pixels per inch than this (its own pixels over its size on the page); 0: no warnings. Default: 200 for a PDF made for print (--pdfx, --bleed or --crop-marks), none otherwise."
  )
  package static let title = StyleKey(
    "title",
    help: "Document title: PDF metadata and {title} in --header and --footer. Overrides the manifest's.")
  package static let author = StyleKey("author", help: "PDF author. Overrides the manifest's.")
  package static let subject = StyleKey("subject", help: "PDF subject. Overrides the manifest's.")
  package static let keywords = StyleKey("keywords", help: "PDF keywords. Overrides the manifest's.")
  package static let bleed = StyleKey(
    "bleed",
    help:
      "PDF: extend each page by this much (e.g. 3mm) with the background running into it; sets the TrimBox and BleedBox.",
    default: "0pt")
  package static let lang = StyleKey(
    "lang",
    help:
      "The language of the text (BCP 47: en, de, fr-CA…): a PDF's /Lang, and the words ContactSheet prints itself (Contents, Index, Cover…) in English, German, French, Spanish, Italian, Dutch or Polish.",
    default: "en", valueName: "tag")
  package static let textContents = StyleKey(
    "text-contents", help: "The contents page's heading (default: from --lang, 'Contents').",
    valueName: "text")
  package static let textIndex = StyleKey(
    "text-index", help: "The index's heading (default: from --lang, 'Index').", valueName: "text")
  package static let textCover = StyleKey(
    "text-cover", help: "The cover's page label in a PDF viewer (default: from --lang, 'Cover').",
    valueName: "text")
  package static let textUntitled = StyleKey(
    "text-untitled", help: "The title of a document that names none (default: from --lang, 'Contact sheet').",
    valueName: "text")
  package static let textPages = StyleKey(
    "text-pages",
    help: "The word after the page count in the cover's fine print (default: from --lang, 'pages').",
    valueName: "text")
  package static let textNoImage = StyleKey(
    "text-no-image", help: "A card without a picture (default: from --lang, 'No image').", valueName: "text")
  package static let textFileDate = StyleKey(
    "text-file-date",
    help:
      "After a caption's {date} that comes from the file's time, not the camera's (default: from --lang, 'file date').",
    valueName: "text")
  package static let textContinued = StyleKey(
    "text-continued",
    help:
      "After a section's name in the small banner repeating it atop a page it continues onto (default: from --lang, 'continued'); empty for no such banner.",
    valueName: "text")
  package static let textOther = StyleKey(
    "text-other",
    help:
      "The section of catalog rows whose section column is empty (default: from --lang, 'Other').",
    valueName: "text")
  package static let textFrom = StyleKey(
    "text-from",
    help:
      "Before the lowest price of a shop product whose variants cost different amounts (default: from --lang, 'from').",
    valueName: "text")
  package static let fileDate = StyleKey(
    "file-date", .option, FileDateChoice.self,
    help:
      "A photo without a capture date: mark (its file's date, marked as such) or empty (no {date}).",
    default: "mark")
  package static let textCannotShow = StyleKey(
    "text-cannot-show",
    help:
      "Before a file's name on a card whose picture cannot be shown (default: from --lang, 'Cannot show').",
    valueName: "text")
  package static let tagged = StyleKey(
    "tagged", .flag,
    help:
      "PDF: tag the document for screen readers (PDF/UA): sections with headings, each picture a figure with alternative text (its caption), captions as paragraphs, contents and index as tables of contents."
  )
  package static let pdfx = StyleKey(
    "pdfx", .flag,
    help:
      "PDF: write PDF/X-4 for print shops (needs --output-intent): the printing condition's profile embedded, XMP metadata, a trim box on every page, RGB tagged as sRGB."
  )
  package static let outputIntent = StyleKey(
    "output-intent",
    help:
      "PDF/X: the printing condition, a registered name (FOGRA39, FOGRA51, FOGRA52, FOGRA47, GRACoL2013, SWOP2013C3) with its profile in --icc, or an ICC output profile file.",
    valueName: "name|file.icc")
  package static let icc = StyleKey(
    "icc", help: "PDF/X: the ICC output profile of the --output-intent named.", valueName: "file.icc")
  package static let cropMarks = StyleKey(
    "crop-marks", .flag, help: "PDF: draw crop marks outside the trim box (and the bleed), at each corner.")

  // Which fonts.
  package static let fontFile = StyleKey(
    "font-file", .repeatable,
    help:
      "Use only these font files (repeatable), ignoring the machine's font settings: the same sheet on every machine that has the files. Default: the system's fonts, with fallback for every script.",
    valueName: "file")

  /// Every style key, in the order `style --default` prints them.
  package static let all: [StyleKey] = [
    caption, mode, page, width, columns, columnWidth, margin, gutter, rowGap, padding, captionGap,
    imageAspect,
    maxImageHeight, fit, imageAlign, font, captionLines, placement, sectionStart, sectionOrder, direction,
    stagger,
    rowHeight,
    rowHeightTolerance, lastRow, rowBreaker, fullWidthEvery, bannerEvery, bannerTemplate,
    balance,
    header, footer, qr, qrSize, qrPosition, contents, index, indexColumns, cover, coverImage, coverFit,
    coverSubtitle,
    coverNote, bannerStyle,
    bannerFill,
    dpi, cornerRadius, border, shadowBlur, shadowOffset, shadowOpacity,
    shadowColor, noShadow, showRating, logo, logoPosition, logoHeight, watermark, watermarkOpacity,
    background, cardColor, captionColor, ppi,
    jpegQuality, minPPI, title,
    author,
    subject,
    keywords, bleed, cropMarks, lang, textContents, textIndex, textCover, textUntitled, textPages,
    textNoImage,
    textCannotShow, textFileDate, textContinued, textOther, textFrom, fileDate, tagged, pdfx, outputIntent,
    icc,
    fontFile,
  ]

  /// Options of `render` and `layout` that belong to a run (what to read, where to write, how
  /// strictly), not to a style: a style that sets one is refused.
  package static let runOnly: [String] = [
    "output", "style", "preset", "quiet", "recursive", "help", "version", "json", "strict", "max-pixels",
    "image-column", "section-column", "delimiter", "encoding", "from", "link-template", "currency", "offline",
    "link-column", "alt-field", "group-by", "sort",
    "reverse",
    "min-rating",
    "label", "include-rejected", "section-by", "raw-jpeg", "cache", "no-cache", "cache-size", "pages",
    "frames",
    "interval", "scenes", "job", "per-folder",
  ]

  private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  /// The key called `name`, if there is one.
  package static func named(_ name: String) -> StyleKey? {
    byName[name]
  }
}

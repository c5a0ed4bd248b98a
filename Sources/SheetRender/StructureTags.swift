import CPangoCairo
import Foundation
import SheetSupport

/// Writes a tagged PDF's structure while the renderer draws (Cairo's structure tags): the
/// document, a section per banner with its heading, each card's picture as a figure and its
/// caption as a paragraph, the contents and index as a table of contents. What is drawn
/// outside tags (page backgrounds, shadows, card grounds, headers and footers, crop marks) is
/// decoration. Cairo 1.16 writes no alternative text, so the figures' texts are kept here, in
/// drawing order, for the finisher to add (``PDFFinisher``).
final class StructureTags {
  private var cairo: OpaquePointer?
  /// Open elements, outermost first.
  private var open: [String] = []
  /// Each figure's alternative text, in the order the figures were drawn.
  private(set) var figureTexts: [String] = []

  /// Starts the document on `cairo`, the PDF's drawing context (the same for every page).
  /// (Cairo 1.16 may write the Document element's children straight under the tree's root;
  /// the finisher then puts the element back.)
  func beginDocument(_ cairo: OpaquePointer) {
    guard self.cairo == nil else { return }
    self.cairo = cairo
    begin("Document")
  }

  /// Closes every open element: the end of the document.
  func endDocument() {
    while !open.isEmpty { end() }
  }

  /// Starts a section (closing the one before, and any table of contents).
  func beginSection() {
    while let last = open.last, last != "Document" { end() }
    begin("Sect")
  }

  /// Draws `body` as element `name` (`H1`, `P`, `TOCI`…).
  func tag(_ name: String, _ body: () -> Void) {
    guard cairo != nil else { return body() }
    begin(name)
    body()
    end()
  }

  /// Draws `body` as a figure whose alternative text is `text`.
  func figure(_ text: String, _ body: () -> Void) {
    guard cairo != nil else { return body() }
    figureTexts.append(text)
    tag("Figure", body)
  }

  /// The element Cairo is asked to write for a link (Cairo 1.16 takes its `Link` tag to be an
  /// annotation, which it writes wrongly): the finisher renames it `Link` and gives it the
  /// link's annotation (``PDFStructureTree``).
  static let linkPlaceholder = "Annot"

  /// Draws `body` as the text of a link, when `isLink`; the link itself is added to the page
  /// afterwards, in the same order as the links drawn.
  func link(_ isLink: Bool, _ body: () -> Void) {
    guard isLink else { return body() }
    tag(Self.linkPlaceholder, body)
  }

  /// Draws `body` as an item of the table of contents (or index), opening the table first.
  func tableOfContentsItem(_ body: () -> Void) {
    guard cairo != nil else { return body() }
    if open.last != "TOC" { begin("TOC") }
    tag("TOCI", body)
  }

  /// Closes a table of contents left open (before an element that is not one of its items).
  func endTableOfContents() {
    if open.last == "TOC" { end() }
  }

  private func begin(_ name: String) {
    guard let cairo else { return }
    cairo_tag_begin(cairo, name, "")
    open.append(name)
  }

  private func end() {
    guard let cairo, let name = open.popLast() else { return }
    cairo_tag_end(cairo, name)
  }
}

extension RenderItem {
  /// What a screen reader says for the card's picture: its ``alt`` text, else its caption as
  /// plain text (each line, joined), else its file's name; never empty.
  func alternativeText(caption: String) -> String {
    if let alt, !alt.allSatisfy(\.isWhitespace) { return alt }
    let lines = Markup.plainText(caption).split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let text = lines.filter { !$0.isEmpty }.joined(separator: ", ")
    if !text.isEmpty { return text }
    let name = source?.name.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? "Picture" : name
  }
}

import Foundation
import SheetSupport
import Testing

/// `Markup.plainText`: tags removed and entities decoded over UTF-8 bytes, the same text the
/// Foundation version made (tags stripped, then each entity replaced in turn), and with a
/// limit, only the start of it.
@Suite("Markup as plain text")
struct MarkupPlainTextTests {
  /// The former implementation, kept here as the reference.
  private func reference(_ markup: String) -> String {
    var plain = ""
    var inTag = false
    for character in markup {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        plain.append(character)
      }
    }
    return
      plain
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  @Test("the same text as the Foundation version on 20,000 random pieces of markup")
  func sameAsReference() {
    let pieces = [
      "<b>", "</b>", "<span size=\"x\">", "</span>", "&lt;", "&gt;", "&quot;", "&apos;", "&amp;",
      "&amp;lt;", "&l", "t;", "&", ";", "<", ">", "a", "é", "東京", "مرحبا", " ", "€ 12,50", "e\u{301}\u{302}",
      "\u{1F469}\u{200D}\u{1F467}",
    ]
    var random = SeededRandom(seed: 20_261_123)
    for _ in 0..<20_000 {
      let count = Int.random(in: 0..<12, using: &random)
      let markup = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
      #expect(Markup.plainText(markup) == reference(markup), "\(markup)")
    }
  }

  @Test("with a limit, the first bytes of the text, however long the markup")
  func limited() {
    let markup = "<b>" + String(repeating: "ab &amp; <i>c</i>", count: 100_000) + "</b>"
    let whole = Markup.plainText(markup)
    for limit in [0, 1, 5, 6, 7, 4_160] {
      #expect(Markup.plainText(markup, limit: limit) == String(whole.utf8.prefix(limit))!)
    }
    #expect(Markup.plainText("a&amp;b", limit: 100) == "a&b")
  }
}

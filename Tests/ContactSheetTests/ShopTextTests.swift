import Foundation
import Testing

@testable import ContactSheet

/// The pieces of shop exports that are text: HTML descriptions as caption markup, prices as
/// numbers, and the direction marks of right-to-left captions.
@Suite("Shop text: HTML to markup, prices, direction marks")
struct ShopTextTests {
  @Test("HTML becomes lines, bullets, bold and italic; other tags, scripts and comments go")
  func htmlMarkup() {
    #expect(
      HTMLMarkup.markup(
        "<p>The <strong>best</strong> table &amp; more.</p><ul><li>Oak</li><li>180&nbsp;cm</li></ul>")
        == "The <b>best</b> table &amp; more.\n•\u{A0}Oak\n•\u{A0}180\u{A0}cm")
    #expect(HTMLMarkup.markup("<b>bold <i>both</b> italic</i>") == "<b>bold <i>both</i></b><i> italic</i>")
    #expect(HTMLMarkup.markup("a<script>alert(1)</script>b<!-- x > y -->c") == "abc")
    #expect(HTMLMarkup.markup("1 < 2 &lt; 3 &bogus; &#x1F600;") == "1 &lt; 2 &lt; 3 &amp;bogus; 😀")
  }

  @Test("entities decode as browsers do; control characters and noncharacters are dropped")
  func htmlEntities() {
    // 146 and 150 are Windows-1252's ’ and –, as Word pastes them.
    #expect(HTMLMarkup.markup("it&#146;s &#150; ok") == "it’s – ok")
    #expect(HTMLMarkup.markup("a&#1;b\u{7}c&#xFFFF;d&#127;e") == "abcde")
    // &#0; and a surrogate are not characters: shown as written, escaped.
    #expect(HTMLMarkup.markup("&#0;&#xD800;") == "&amp;#0;&amp;#xD800;")
    for html in ["<b>x", "</i>y", "<b><i>z</b>", "&#9;<u>w", "<<<>>>"] {
      #expect(CaptionBuilder.isValidMarkup(HTMLMarkup.markup(html)), "\(html)")
    }
  }

  @Test("text of many '<' and no '>' converts in linear time")
  func htmlNoQuadratic() {
    let hostile = String(repeating: "<a", count: 200_000)
    let start = Date()
    let markup = HTMLMarkup.markup(hostile)
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(markup.hasPrefix("&lt;a&lt;a"))
  }

  @Test("prices in either decimal convention, with a sign, from ASCII digits only")
  func prices() {
    #expect(ShopProduct.number("1,299.00") == 1299)
    #expect(ShopProduct.number("1.299,00") == 1299)
    #expect(ShopProduct.number("199") == 199)
    #expect(ShopProduct.number("€ 19,90") == 19.9)
    #expect(ShopProduct.number("-5.00") == -5)
    #expect(ShopProduct.number("½") == nil)
    #expect(ShopProduct.number("") == nil)
  }

  @Test("a value of several lines is isolated line by line, so each line's own isolate closes")
  func multilineIsolates() {
    let value = CaptionDirection.isolated(CaptionTemplate.FieldValue("שלום\nworld"))
    #expect(value.text == "\u{2068}שלום\u{2069}\n\u{2068}world\u{2069}")
    let marked = CaptionDirection.markingLines(value.text, rightToLeftDocument: false)
    #expect(marked == "\u{200E}\u{2067}\u{2068}שלום\u{2069}\u{2069}\n\u{200E}\u{2068}world\u{2069}")
  }
}

/// Shop descriptions (Shopify's `Body (HTML)`, WooCommerce's `Description`) as caption
/// markup: paragraphs, headings and line breaks become lines, list items lines starting with a
/// bullet, bold and italic stay bold and italic, every other tag is dropped (its text kept; a
/// script's or style's text dropped too), entities are decoded and runs of white space become
/// one space. The result is always valid Pango markup: text is escaped, and tags are closed in
/// order.
package enum HTMLMarkup {
  /// The caption markup of `html`.
  package static func markup(_ html: String) -> String {
    var converter = Converter()
    converter.convert(Array(html.unicodeScalars))
    return converter.finish()
  }

  /// The tags kept, as Pango names them.
  private static let styles: [String: String] = ["b": "b", "strong": "b", "i": "i", "em": "i", "u": "u"]
  /// Tags that end a line before and after them.
  private static let blocks: Set<String> = [
    "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "tr", "blockquote", "section",
    "article", "header", "footer", "dl", "dt", "dd", "pre", "hr",
  ]
  /// Tags whose text is not shown.
  private static let hidden: Set<String> = ["script", "style", "head", "title", "template", "noscript"]

  private struct Converter {
    var output = ""
    /// The styles open, innermost last.
    var open: [String] = []
    /// Whether a space is owed before the next text (white space seen since the last text).
    var pendingSpace = false
    /// Line ends owed before the next text (at most one: paragraphs are lines, not gaps).
    var pendingBreak = false
    /// Whether the current line has text yet.
    var lineHasText = false
    /// The hidden tag whose text is being skipped, if any.
    var hiddenTag: String?

    mutating func convert(_ scalars: [Unicode.Scalar]) {
      var index = 0
      // Where no `>` follows: found once, so text of many `<` and no `>` is read in one pass.
      var noCloseFrom = scalars.count
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "<", scalars[index...].starts(with: "<!--".unicodeScalars) {
          // A comment ends at `-->`, whatever `>` it holds.
          let rest = scalars[(index + 4)...]
          let end = (rest.startIndex..<max(rest.startIndex, scalars.count - 2)).first {
            scalars[$0] == "-" && scalars[$0 + 1] == "-" && scalars[$0 + 2] == ">"
          }
          index = end.map { $0 + 3 } ?? scalars.count
        } else if scalar == "<", index < noCloseFrom,
          let end = scalars[(index + 1)..<noCloseFrom].firstIndex(of: ">")
        {
          tag(String(String.UnicodeScalarView(scalars[(index + 1)..<end])))
          index = end + 1
        } else if scalar == "&", let (decoded, length) = HTMLMarkup.entity(scalars, at: index) {
          text(decoded)
          index += length
        } else {
          if scalar == "<" { noCloseFrom = index }
          text(String(scalar))
          index += 1
        }
      }
    }

    mutating func text(_ text: String) {
      guard hiddenTag == nil else { return }
      for character in text where !HTMLMarkup.isInvisible(character) {
        if character.isWhitespace && character != "\u{A0}" {
          // None after a bullet's no-break space.
          pendingSpace = lineHasText && !output.hasSuffix("\u{A0}")
          continue
        }
        if pendingBreak {
          output += "\n"
          pendingBreak = false
          pendingSpace = false
        }
        if pendingSpace {
          output += " "
          pendingSpace = false
        }
        output += CaptionTemplate.escaped(String(character))
        lineHasText = true
      }
    }

    mutating func lineBreak() {
      if lineHasText { pendingBreak = true }
      lineHasText = false
      pendingSpace = false
    }

    mutating func tag(_ body: String) {
      let trimmed = body.trimmingPrefix(while: \.isWhitespace)
      let closing = trimmed.hasPrefix("/")
      let name = String(
        trimmed.dropFirst(closing ? 1 : 0).prefix { $0.isLetter || $0.isNumber }
      ).lowercased()
      if let hiddenTag {
        if closing && name == hiddenTag { self.hiddenTag = nil }
        return
      }
      if HTMLMarkup.hidden.contains(name) && !closing && !trimmed.hasSuffix("/") {
        hiddenTag = name
        return
      }
      // Two breaks in a row leave no empty line: a caption has no room for gaps.
      if name == "br" {
        lineBreak()
        return
      }
      if HTMLMarkup.blocks.contains(name) {
        lineBreak()
        if name == "li" && !closing { text("•\u{A0}") }
        return
      }
      guard let style = HTMLMarkup.styles[name] else { return }
      if closing {
        guard let position = open.lastIndex(of: style) else { return }
        // Closes what was opened inside it too, and opens those again: markup nests.
        let inner = open[(position + 1)...]
        for tag in inner.reversed() { output += "</\(tag)>" }
        output += "</\(style)>"
        open.remove(at: position)
        for tag in inner { output += "<\(tag)>" }
      } else {
        // Owed breaks and spaces go before the tag, so bold text does not start a line's gap.
        if pendingBreak {
          output += "\n"
          pendingBreak = false
        }
        if pendingSpace {
          output += " "
          pendingSpace = false
        }
        output += "<\(style)>"
        open.append(style)
      }
    }

    mutating func finish() -> String {
      for tag in open.reversed() { output += "</\(tag)>" }
      // Empty styled runs (a <b></b>) say nothing.
      var result = output
      for style in ["b", "i", "u"] {
        result = result.replacingOccurrences(of: "<\(style)></\(style)>", with: "")
      }
      while result.hasSuffix(" ") || result.hasSuffix("\n") { result.removeLast() }
      return result
    }
  }

  /// The character an entity at `index` (`&amp;`, `&#233;`, `&#xE9;`) stands for, and its
  /// length; nil when there is no entity there (the `&` is then text).
  static func entity(_ scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
    let limit = min(scalars.count, index + 12)
    guard let semicolon = scalars[index..<limit].firstIndex(of: ";") else { return nil }
    let body = String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon]))
    let length = semicolon - index + 1
    if body.hasPrefix("#") {
      let digits = body.dropFirst()
      let value =
        digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
      // As browsers read them: 128–159 are Windows-1252's characters (Word pastes &#146;).
      if (0x80...0x9F).contains(value), let mapped = windows1252[value] { return (mapped, length) }
      return (String(scalar), length)
    }
    return named[body].map { ($0, length) }
  }

  /// Whether `character` is a control character (tab and line ends aside, which are white
  /// space) or a noncharacter: never shown, and refused by Pango's markup parser.
  static func isInvisible(_ character: Character) -> Bool {
    character.unicodeScalars.contains { scalar in
      let value = scalar.value
      if value == 0x09 || value == 0x0A || value == 0x0D { return false }
      return value < 0x20 || (0x7F...0x9F).contains(value) || scalar.properties.isNoncharacterCodePoint
    }
  }

  /// Windows-1252's characters at 128–159, which numeric entities there stand for.
  private static let windows1252: [UInt32: String] = [
    0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰",
    0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•",
    0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›", 0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
  ]

  /// The named entities shop descriptions use.
  private static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–", "mdash": "—",
    "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
    "bull": "•", "middot": "·", "times": "×", "deg": "°", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢",
    "copy": "©", "reg": "®", "trade": "™", "sect": "§", "para": "¶", "frac12": "½", "frac14": "¼",
    "frac34": "¾", "plusmn": "±", "micro": "µ", "shy": "\u{AD}", "auml": "ä", "ouml": "ö", "uuml": "ü",
    "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß", "eacute": "é", "egrave": "è", "ecirc": "ê",
    "agrave": "à", "aacute": "á", "acirc": "â", "ccedil": "ç", "iacute": "í", "oacute": "ó", "uacute": "ú",
    "ntilde": "ñ", "Eacute": "É", "oslash": "ø", "aring": "å", "aelig": "æ",
  ]
}

/// One line of a filled caption template, with the literal text around its fields kept only
/// where it belongs: `{exposure} · f/{aperture} · ISO {iso}` without an ISO value reads
/// "1/250 s · f/2.8", not "1/250 s · f/2.8 · ISO".
///
/// The literal between two fields is split in three: what ends the field before (closing
/// markup tags, a unit such as ` mm`), the joiner (a separator word such as `·`, `|`, `—` with
/// its spaces, a `, `, or the spaces alone), and what starts the field after (opening tags, a
/// label such as `ISO ` or `f/`). Text before a line's first field starts it and text after its
/// last ends it. An empty field takes its own start and end with it, and a joiner is printed
/// only between two fields that are printed (the joiner before the later one). A label stays
/// with its value (a no-break space or a word joiner between them), and the space before a
/// separator is a no-break space, so that no line starts with the separator.
enum CaptionLine {
  /// A part of a line: literal markup, or a field's text (escaped; empty when missing).
  enum Piece {
    case literal(String)
    case field(String)
  }

  /// The line's text; nil when it has fields and every one is empty (the line is left out).
  static func join(_ pieces: [Piece]) -> String? {
    var literals = [""]
    var fields: [String] = []
    for piece in pieces {
      switch piece {
      case .literal(let text): literals[literals.count - 1] += text
      case .field(let text):
        fields.append(text)
        literals.append("")
      }
    }
    guard !fields.isEmpty else { return literals[0] }
    let kept = fields.indices.filter { !fields[$0].isEmpty }
    guard !kept.isEmpty else { return nil }
    var starts = [String](repeating: "", count: fields.count)
    var ends = starts
    var joiners = starts
    starts[0] = literals[0]
    ends[fields.count - 1] = literals[fields.count]
    for index in 1..<fields.count {
      (ends[index - 1], joiners[index], starts[index]) = split(literals[index])
    }
    // What is left out keeps its markup tags (only its text goes), so a line whose tags span
    // fields (`<i>{a} · {b}</i>`) stays balanced; tags left empty are then dropped.
    var line = ""
    var printed = false
    for index in fields.indices {
      guard !fields[index].isEmpty else {
        line += tags(of: joiners[index]) + tags(of: starts[index]) + tags(of: ends[index])
        continue
      }
      line += printed ? joiners[index] : tags(of: joiners[index])
      line += glued(starts[index], fields[index], ends[index])
      printed = true
    }
    return withoutEmptyTags(line)
  }

  /// The markup tags of `text`, in order, without the text between them.
  private static func tags(of text: String) -> String {
    guard text.contains("<") else { return "" }
    var result = ""
    var inTag = false
    for character in text {
      if character == "<" { inTag = true }
      if inTag { result.append(character) }
      if character == ">" { inTag = false }
    }
    return result
  }

  /// `text` without tags that open and at once close (`<i></i>`, `<span …></span>`).
  private static func withoutEmptyTags(_ text: String) -> String {
    guard text.contains("></") else { return text }
    var result = text
    while let close = result.range(of: "></") {
      // The opening tag ends at `close.lowerBound`; find where it starts and its name.
      guard let open = result[..<close.lowerBound].lastIndex(of: "<"),
        let closeEnd = result[close.upperBound...].firstIndex(of: ">")
      else { break }
      let openName = result[result.index(after: open)..<close.lowerBound].prefix { !$0.isWhitespace }
      let closeName = result[close.upperBound..<closeEnd]
      guard !openName.hasPrefix("/"), openName == closeName else { break }
      result.removeSubrange(open...closeEnd)
    }
    return result
  }

  /// `start`, `value` and `end` kept together: a space between a label and its value, or
  /// between the value and its unit, does not break; a label ending in a symbol (`f/`) is
  /// joined to the value by a word joiner.
  private static func glued(_ start: String, _ value: String, _ end: String) -> String {
    var start = start
    if start.last == " " {
      start.removeLast()
      start += "\u{00A0}"
    } else if let last = start.last, !last.isWhitespace, last != ">" {
      start += "\u{2060}"
    }
    var end = end
    if end.first == " " { end = "\u{00A0}" + end.dropFirst() }
    return start + value + end
  }

  /// The literal between two fields, split into the end of the field before, the joiner, and
  /// the start of the field after (see ``CaptionLine``). Markup tags are part of the joiner
  /// only when they open and close around it; otherwise closing tags in it go with the field
  /// before, opening ones with the field after, so that markup stays balanced.
  static func split(_ literal: String) -> (end: String, joiner: String, start: String) {
    let characters = Array(literal)
    // Each character's place: inside a tag, whitespace, or text.
    var inTag = [Bool](repeating: false, count: characters.count)
    var insideTag = false
    for (index, character) in characters.enumerated() {
      if character == "<" { insideTag = true }
      inTag[index] = insideTag
      if character == ">" { insideTag = false }
    }
    func isSpace(_ index: Int) -> Bool { !inTag[index] && characters[index].isWhitespace }
    // Words: runs of characters that are not spaces (tags included, and ignored when judging).
    var words: [Range<Int>] = []
    var index = 0
    while index < characters.count {
      if isSpace(index) {
        index += 1
        continue
      }
      let start = index
      while index < characters.count && !isSpace(index) { index += 1 }
      words.append(start..<index)
    }
    func visible(_ range: Range<Int>) -> [Character] { range.filter { !inTag[$0] }.map { characters[$0] } }
    // A separator is a word of punctuation or symbols, but not a currency or unit (`€`, `%`,
    // `°`: they belong to a number) nor a bracket (an opening one starts the next field, a
    // closing one ends the field before).
    func isSeparator(_ word: Range<Int>) -> Bool {
      let text = visible(word)
      return !text.isEmpty
        && text.allSatisfy { character in
          guard !character.isLetter && !character.isNumber, !"%‰°′″".contains(character) else { return false }
          let category = character.unicodeScalars.first?.properties.generalCategory
          return ![
            .currencySymbol, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
          ]
          .contains(category)
        }
    }
    // Spaces before `position` and after `end`, taken into the joiner.
    func widened(_ range: Range<Int>) -> Range<Int> {
      var lower = range.lowerBound
      while lower > 0 && isSpace(lower - 1) { lower -= 1 }
      var upper = range.upperBound
      while upper < characters.count && isSpace(upper) { upper += 1 }
      return lower..<upper
    }
    var joiner: Range<Int>
    var bindsBefore = false
    if let word = words.first(where: isSeparator) {
      joiner = widened(word)
      bindsBefore = joiner.lowerBound < word.lowerBound
    } else if let word = words.first(where: { word in
      let text = visible(word)
      // An entity (`&amp;`) ends in ";" too, and is never cut.
      return text.count > 1 && (text.last == "," || text.last == ";") && !text.contains("&")
    }) {
      // `mm, ISO`: the comma joins; the word before it ends the field.
      let comma = word.last { !inTag[$0] } ?? word.lowerBound
      joiner = comma..<widened(word).upperBound
    } else if let first = characters.indices.first(where: isSpace),
      let last = characters.indices.last(where: isSpace)
    {
      joiner = first..<(last + 1)
    } else {
      joiner = 0..<characters.count
    }
    // A styled joiner (`<span foreground="#888"> · </span>`) keeps the tags around it when
    // they open and close within it; otherwise tags are never part of the joiner.
    func isClosing(_ tagStart: Int) -> Bool {
      tagStart + 1 < characters.count && characters[tagStart + 1] == "/"
    }
    var lower = joiner.lowerBound
    while lower > 0 && characters[lower - 1] == ">" && inTag[lower - 1] {
      var open = lower - 1
      while open > 0 && characters[open] != "<" { open -= 1 }
      guard !isClosing(open) else { break }
      lower = open
    }
    var upper = joiner.upperBound
    while upper < characters.count && characters[upper] == "<" && isClosing(upper) {
      while upper < characters.count && characters[upper] != ">" { upper += 1 }
      upper = min(upper + 1, characters.count)
    }
    var depth = 0
    var balanced = true
    for position in lower..<upper where characters[position] == "<" && inTag[position] {
      depth += isClosing(position) ? -1 : 1
      if depth < 0 { balanced = false }
    }
    let keepsTags = balanced && depth == 0
    if keepsTags { joiner = lower..<upper }
    var end = String(characters[..<joiner.lowerBound])
    var start = String(characters[joiner.upperBound...])
    var text = ""
    var opening = ""
    var bindsSpace = bindsBefore
    index = joiner.lowerBound
    while index < joiner.upperBound {
      guard inTag[index] else {
        if bindsSpace && characters[index] == " " {
          text += "\u{00A0}"
        } else {
          text.append(characters[index])
        }
        bindsSpace = false
        index += 1
        continue
      }
      var tag = ""
      while index < joiner.upperBound && inTag[index] {
        tag.append(characters[index])
        index += 1
      }
      if keepsTags {
        text += tag
      } else if tag.hasPrefix("</") {
        end += tag
      } else {
        opening += tag
      }
    }
    start = opening + start
    return (end, text, start)
  }
}

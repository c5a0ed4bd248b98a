import Foundation
import SheetSupport
import SheetText
import Testing

@testable import ContactSheet

/// The read phase's fast paths give what the slow paths they stand in for give: checked on
/// random text made of the characters each rule looks at (digits of several scripts, currency
/// symbols, codes and units, combining and format characters, markup, braces).
@Suite("Read phase fast paths")
struct ReadFastPathTests {
  /// Pieces random text is made of: every rule's trigger, and what sits next to one.
  static let pieces = [
    " ", " ", " ", "  ", "5", "0", "123", "1234", "٣", "١٢", "۴", "５", "\u{1D7D3}", "€", "$", "£", "¥", "₹",
    "EUR",
    "USD",
    "BRL", "ISO", "No.", "Nr.", "f/", "No", "f", "mm", "m", "min", "mins", "kg", "kgs", "mAh", "°C", "°F",
    "°",
    "%", "x", "×", "kHz", "MP", "KB", "kB", ".", ",", "-", "+", "a", "Z", "é", "e", "\u{0301}", "\u{200D}",
    "\u{200C}", "\u{00AD}", "\u{0600}", "_", "東京", "مرحبا", "ك", "ñ", "ß", "<b>", "</b>", "<", ">", "&amp;",
    "&",
    "'", "\"", "\n", "\r\n", "\t", "{", "}", "{{", "}}", "\\", "\\n", "{name}", "·", "#000123", "\u{00A0}",
  ]

  static func randomText(_ generator: inout SeededRandom, pieces: [String] = pieces, count: Int = 12)
    -> String
  {
    (0..<Int(generator.next() % UInt64(count + 1))).map { _ in
      pieces[Int(generator.next() % UInt64(pieces.count))]
    }.joined()
  }

  @Test("the no-break space scanner binds exactly the spaces the three regular expressions bind")
  func noBreakSpacesMatchRegularExpressions() {
    var generator = SeededRandom(seed: 20_261_122)
    // Spaces and digits often, so that most texts hold a space some rule looks at.
    let pieces = Self.pieces + Array(repeating: " ", count: 40) + Array(repeating: "7", count: 10)
    var bound = 0
    for _ in 0..<60_000 {
      let text = Self.randomText(&generator, pieces: pieces)
      let expected = ReferenceNoBreakSpaces.bind(text)
      #expect(NoBreakSpaces.bind(text) == expected, "\(Array(text.unicodeScalars))")
      if expected != text { bound += 1 }
    }
    // The random texts exercise the rules, not only the texts they leave alone.
    #expect(bound > 2000)
  }

  @Test(
    "a caption with no brace or backslash parses as one literal, as reading it character by character does")
  func literalTemplates() throws {
    var generator = SeededRandom(seed: 7)
    let plain = Self.pieces.filter { !$0.contains("{") && !$0.contains("}") && !$0.contains("\\") }
    for _ in 0..<5000 {
      let text = Self.randomText(&generator, pieces: plain)
      #expect(CaptionTemplate.isLiteral(text))
      #expect(CaptionTemplate(literal: text).parts == (try CaptionTemplate.parts(of: text)))
      #expect(CaptionTemplate(literal: text).render { _, _ in nil } == text)
    }
    #expect(!CaptionTemplate.isLiteral("a {name}"))
    #expect(!CaptionTemplate.isLiteral("a\\nb"))
    #expect(!CaptionTemplate.isLiteral("}}"))
  }

  @Test("text without <, > or & is valid markup without asking Pango, as Pango would say")
  func markupFastPath() {
    var generator = SeededRandom(seed: 11)
    let controls =
      (1..<32).map { String(UnicodeScalar(UInt8($0))) } + ["\u{7F}", "\u{85}", "\u{FEFF}", "\u{FFFF}"]
    for _ in 0..<5000 {
      let text = Self.randomText(&generator, pieces: Self.pieces + controls)
      #expect(
        CaptionBuilder.isValidMarkup(text) == TextEngine.isValidMarkup(text), "\(Array(text.unicodeScalars))")
    }
  }

  @Test("natural order compares ASCII names as it compares any names")
  func naturalOrder() {
    var generator = SeededRandom(seed: 3)
    let pieces = [
      "a", "B", "b", "Z", "_", "-", ".", "0", "00", "1", "2", "9", "10", "010", "٣", "é", "E\u{0301}", "İ",
      "x",
    ]
    for _ in 0..<20_000 {
      let a = Self.randomText(&generator, pieces: pieces, count: 6)
      let b = generator.next() % 4 == 0 ? a : Self.randomText(&generator, pieces: pieces, count: 6)
      #expect(NaturalOrder.compare(a, b) == ReferenceNaturalOrder.compare(a, b), "\(a) \(b)")
    }
    #expect(NaturalOrder.compare("img2.jpg", "img10.jpg") == .orderedAscending)
    #expect(NaturalOrder.compare("IMG_010.jpg", "img_9.jpg") == .orderedDescending)
  }

  @Test("a path's folder and name split as text are what the full check finds")
  func folderAndName() {
    var generator = SeededRandom(seed: 5)
    let pieces = ["/", "/", ".", "..", "a", "photo.jpg", "é", "\u{0301}", "x.y"]
    for _ in 0..<20_000 {
      let path = Self.randomText(&generator, pieces: pieces, count: 8)
      let folder = generator.next() % 5 == 0 ? "" : "/home/ada"
      let found = ProofSections.folderAndName(path, currentFolder: folder)
      let expected = ReferenceFolderAndName.split(path, currentFolder: folder)
      #expect(found == expected, "\(path)")
    }
  }

  @Test("a path's last part taken as text is the one URL gives")
  func lastComponent() {
    var generator = SeededRandom(seed: 9)
    let pieces = [
      "/", "a", "b.jpg", ".", "..", "%", "%20", ";", "?", "#", " ", "é", "e\u{0301}", "~", "~a", ":", "\\",
      "&", "+",
      "=", "@", "[", "]", "東京", "\u{FFFD}", "\n", "\t", "\u{0}", "x.y.z", "\u{200B}", "😀", "'", "\"", "*",
    ]
    var taken = 0
    for _ in 0..<20_000 {
      let path = Self.randomText(&generator, pieces: pieces, count: 6)
      guard let name = PathText.lastComponent(path) else { continue }
      taken += 1
      #expect(name == URL(fileURLWithPath: path).lastPathComponent, "\(Array(path.unicodeScalars))")
    }
    #expect(taken > 10_000)
    #expect(PathText.lastComponent("photos/p0000001.jpg") == "p0000001.jpg")
    #expect(PathText.lastComponent("~") == nil)
  }

  @Test("Joining plain paths without splitting them gives what normalizing the joined path gives")
  func pathJoin() {
    var generator = SeededRandom(seed: 13)
    let pieces = ["/", "/", "a", "photos", "p1.jpg", ".", "..", "...", ".x", "x.", "é", " "]
    var plain = 0
    for _ in 0..<20_000 {
      let folder = Self.randomText(&generator, pieces: pieces, count: 4)
      let relative = Self.randomText(&generator, pieces: pieces, count: 4)
      let expected =
        relative.hasPrefix("/") || folder.isEmpty
        ? PathText.normalize(relative) : PathText.normalize(folder + "/" + relative)
      #expect(PathText.join(folder, relative) == expected, "\(folder) + \(relative)")
      if PathText.isNormal(folder) && PathText.isNormal(relative) { plain += 1 }
    }
    #expect(plain > 1000)
    #expect(PathText.join("/tmp/catalog", "photos/p0000001.jpg") == "/tmp/catalog/photos/p0000001.jpg")
  }
}

/// Natural order as first written: the reference for its ASCII fast path.
enum ReferenceNaturalOrder {
  static func compare(_ a: String, _ b: String) -> ComparisonResult {
    var left = Substring(a).unicodeScalars[...]
    var right = Substring(b).unicodeScalars[...]
    while let l = left.first, let r = right.first {
      if l.properties.numericType != nil && r.properties.numericType != nil,
        l.value < 128, r.value < 128
      {
        let leftDigits = left.prefix { $0.value >= 48 && $0.value <= 57 }
        let rightDigits = right.prefix { $0.value >= 48 && $0.value <= 57 }
        let leftNumber = String(String.UnicodeScalarView(leftDigits)).drop { $0 == "0" }
        let rightNumber = String(String.UnicodeScalarView(rightDigits)).drop { $0 == "0" }
        if leftNumber.count != rightNumber.count {
          return leftNumber.count < rightNumber.count ? .orderedAscending : .orderedDescending
        }
        if leftNumber != rightNumber {
          return leftNumber < rightNumber ? .orderedAscending : .orderedDescending
        }
        left = left.dropFirst(leftDigits.count)
        right = right.dropFirst(rightDigits.count)
        continue
      }
      let lower = (String(l).lowercased(), String(r).lowercased())
      if lower.0 != lower.1 { return lower.0 < lower.1 ? .orderedAscending : .orderedDescending }
      left = left.dropFirst()
      right = right.dropFirst()
    }
    if left.isEmpty && right.isEmpty {
      return a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending)
    }
    return left.isEmpty ? .orderedAscending : .orderedDescending
  }
}

/// `ProofSections.folderAndName` as first written: the reference for its byte check.
enum ReferenceFolderAndName {
  static func split(_ path: String, currentFolder: String) -> (folder: String, name: String) {
    let absolute = path.hasPrefix("/") ? path : currentFolder + "/" + path
    if !absolute.contains("/./") && !absolute.contains("/../") && !absolute.contains("//")
      && !absolute.hasSuffix("/") && !absolute.hasSuffix("/.") && !absolute.hasSuffix("/..")
      && !currentFolder.isEmpty, let slash = absolute.lastIndex(of: "/")
    {
      let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
      return (folder, String(absolute[absolute.index(after: slash)...]))
    }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    return (url.deletingLastPathComponent().path, url.lastPathComponent)
  }
}

/// The no-break space rules as they were first written, as ICU regular expressions: the
/// reference the scanner is checked against.
enum ReferenceNoBreakSpaces {
  private static let currencyCodes = "EUR|USD|GBP|CHF|JPY|CNY|SEK|NOK|DKK|PLN|CZK|HUF|CAD|AUD|NZD|INR|BRL"
  private static let units =
    "mm|cm|dm|m|km|in|ft|mg|g|kg|lb|oz|ml|cl|dl|l|s|ms|min|h|px|pt|MP|KB|kB|MB|GB|TB|W|kW|V|mAh|Hz|kHz|°C|°F|°|%|x|×"
  private static let patterns: [NSRegularExpression] = [
    "(?<=\\p{Sc}|\\b(?:\(currencyCodes)|ISO|No\\.|Nr\\.|f/)) (?=[-+]?[\\d.,])",
    "(?<=\\d) (?=\\p{Sc}|(?:\(currencyCodes)|\(units))(?![\\p{L}\\d]))",
    "(?<=\\d) (?=\\d{3}(?!\\d))",
  ].map { try! NSRegularExpression(pattern: $0) }

  static func bind(_ text: String) -> String {
    guard text.contains(" ") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      result += bindPlain(String(rest[..<open]))
      result += rest[open...close]
      rest = rest[rest.index(after: close)...]
    }
    return result + bindPlain(String(rest))
  }

  private static func bindPlain(_ text: String) -> String {
    var text = text
    for pattern in patterns {
      text = pattern.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\u{00A0}")
    }
    return text
  }
}

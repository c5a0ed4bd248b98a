import Foundation
import SheetSupport
import Testing

@testable import ContactSheet

/// The shortcuts of the read phase (fields found without a dictionary, paths joined as text,
/// values escaped only when they need it, items' names gathered once) give what the longer
/// ways they stand in for give.
@Suite("Read path shortcuts")
struct ReadPathSpeedupTests {
  private func pairs(_ fields: [(String, String)]) -> [DataNode.Pair] {
    fields.map { name, value in
      DataNode.Pair(
        key: DataNode(.scalar(name, isPlain: false), at: SourceLocation(line: 1, column: 1)),
        value: DataNode(.scalar(value, isPlain: false), at: SourceLocation(line: 1, column: 1)))
    }
  }

  /// The mapping of `fields`, as a manifest item's.
  private func object(_ fields: [(String, String)]) -> ScalarObject {
    ScalarObject(pairs(fields), at: SourceLocation(line: 1, column: 1))
  }

  @Test("an item's fields are found as a dictionary of its pairs finds them, the last of a name winning")
  func fieldList() {
    let written = [("image", "a.jpg"), ("title", "One"), ("price", "3"), ("title", "Two"), ("caption", "C")]
    let fields = FieldList(object(written))
    let dictionary = Dictionary(written, uniquingKeysWith: { _, last in last })
    #expect(fields.image == "a.jpg")
    #expect(fields.caption == "C")
    #expect(fields.section == nil)
    var expected = dictionary
    expected["image"] = nil
    expected["caption"] = nil
    #expect(fields.itemFields(section: nil).dictionary == expected)
    expected["section"] = "Chairs"
    #expect(fields.itemFields(section: "Chairs").dictionary == expected)
    // An item's own section is replaced by the one it is given, never kept twice.
    let own = FieldList(object([("image", "a.jpg"), ("section", "Own"), ("section", "Last")]))
    #expect(own.section == "Last")
    #expect(own.itemFields(section: "Last").names == ["section"])
    #expect(own.itemFields(section: "Last")["section"] == "Last")
    // Names known to be unique are not looked for again.
    let unique = FieldList(
      object([("image", "a.jpg"), ("width", "3"), ("height", "4")]), namesAreUnique: true)
    #expect(unique.itemFields(section: nil).dictionary == ["width": "3", "height": "4"])
    #expect(unique.width == "3" && unique.height == "4")
  }

  @Test("items' field names compare equal exactly when they are the same names in the same order")
  func sameNames() {
    let a = ItemFields(names: ["w", "h"], values: ["1", "2"], columns: [0, 1])
    #expect(a.hasSameNames(as: ItemFields(names: ["w", "h"], values: ["30", "40"], columns: [0, 1])))
    #expect(!a.hasSameNames(as: ItemFields(names: ["w", "x"], values: ["1", "2"], columns: [0, 1])))
    #expect(!a.hasSameNames(as: ItemFields(names: ["w"], values: ["1"], columns: [0])))
    #expect(
      !a.hasSameNames(as: ItemFields(names: ["w", "h", "d"], values: ["1", "2", "3"], columns: [0, 1, 2])))
    #expect(!a.hasSameNames(as: ItemFields(names: ["h", "w"], values: ["1", "2"], columns: [0, 1])))
    #expect(ItemFields().hasSameNames(as: ItemFields()))
    #expect(!ItemFields().hasSameNames(as: a))
  }

  @Test("a CSV path joined as text is the one Foundation joins")
  func csvPathJoin() {
    let folders = [
      "", "/", ".", "..", "a", "a/b", "/a/b", "a/", "a//b", "./a", "a/./b", "a/../b", "/tmp/scale", "é/東京",
    ]
    let names = [
      "p.jpg", "photos/p1.jpg", "./p.jpg", "../p.jpg", "a//b.jpg", "p/", "p/.", ".", "..", "东.jpg",
    ]
    for folder in folders {
      for name in names {
        #expect(
          PathText.appending(name, to: folder) == (folder as NSString).appendingPathComponent(name),
          "\(folder) + \(name)")
      }
    }
  }

  @Test("a value is escaped as Markup.escape escapes it, and kept as it is when nothing needs escaping")
  func escaping() {
    var generator = SeededRandom(seed: 13)
    for _ in 0..<5000 {
      let text = ReadFastPathTests.randomText(&generator)
      #expect(CaptionTemplate.escaped(text) == Markup.escape(text), "\(text)")
    }
    #expect(CaptionTemplate.escaped("a'b") == "a&apos;b")
    #expect(CaptionTemplate.escaped("\"") == "&quot;")
  }

  @Test("a template of one field renders as the general rule renders it")
  func loneField() throws {
    let values: [String: String] = ["name": "a<b", "empty": "", "lines": "x\ny"]
    func value(_ name: String, _ format: String?) -> String? { values[name] }
    // What the general rule (lines of literals and fields, a line of empty fields left out)
    // makes of each.
    let expected = [
      "{name}": "a&lt;b", "{empty}": "", "{missing}": "", "{lines}": "x\ny",
      "{missing|fallback\\nline}": "fallback\nline", "{empty|{name}}": "a&lt;b",
    ]
    for (text, caption) in expected {
      let template = try CaptionTemplate(text)
      #expect(template.parts.count == 1)
      #expect(template.render(value) == caption, "\(text)")
    }
  }
}

extension ReadPathSpeedupTests {
  @Test("a field's stored size counts its length's bytes and its UTF-8 bytes")
  func storedSize() {
    #expect(ItemFields.storedSize("") == 1)
    #expect(ItemFields.storedSize("width") == 6)
    #expect(ItemFields.storedSize("é") == 3)
    #expect(ItemFields.storedSize(String(repeating: "a", count: 127)) == 128)
    #expect(ItemFields.storedSize(String(repeating: "a", count: 128)) == 130)
    #expect(ItemFields.storedSize(String(repeating: "a", count: 16_384)) == 16_387)
  }
}

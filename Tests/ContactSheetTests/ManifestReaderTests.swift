import Foundation
import SheetLayout
import TestSupport
import Testing

@testable import ContactSheet

/// A manifest is read once into one value, the same from JSON as from YAML.
@Suite("Reading manifests")
struct ManifestReaderTests {
  private func manifest(_ text: String, named name: String) throws -> Manifest {
    let url = try FixturePaths.temporaryFolder().appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    var manifest = try ManifestReader.read(url.path)
    // Compare what the files say, not where the temporary folder is.
    manifest.path = name
    return manifest
  }

  private func summary(_ manifest: Manifest) -> [String] {
    var lines = [
      "\(manifest.title ?? "-") \(manifest.author ?? "-") \(manifest.subject ?? "-") \(manifest.keywords ?? "-")",
      "caption \(manifest.caption.map { "\($0.text) at \($0.location)" } ?? "-")",
    ]
    lines += manifest.style.map {
      "style \($0.key) \($0.value) at \($0.origin.split(separator: ":").dropFirst().joined(separator: ":"))"
    }
    lines += manifest.entries.map { entry in
      switch entry {
      case .banner(let banner): "banner \(banner.title) \(banner.subtitle ?? "-")"
      case .item(let item):
        "item \((item.path as NSString).lastPathComponent) \(item.section ?? "-") \(item.caption ?? "-") "
          + "\(item.knownSize.map { "\($0.width)x\($0.height)" } ?? "-") \(item.fields.dictionary.sorted { $0.key < $1.key })"
          + " at \(item.origin?.split(separator: ":").dropFirst().joined(separator: ":") ?? "-")"
      }
    }
    return lines
  }

  @Test("JSON and YAML manifests saying the same thing give the same value, positions included")
  func jsonAndYamlAgree() throws {
    let json = try manifest(
      """
      {"title": "T", "keywords": ["a", "b"], "caption": "{title}",
      "style": {"columns": 3, "shadow": {"blur": "2pt"}, "no-shadow": true, "font-file": ["x.ttf"]},
      "items": ["p/a.jpg", {"image": "b.jpg", "title": "B", "width": 640, "height": 480}, {"banner": "Next", "subtitle": "S"}],
      "sections": [{"title": "Sec", "items": [{"image": "../c.jpg", "caption": "C", "link": "L"}]}]}
      """, named: "m.json")
    let yaml = try manifest(
      """
      {"title": "T", "keywords": ["a", "b"], "caption": "{title}",
      "style": {"columns": 3, "shadow": {"blur": "2pt"}, "no-shadow": true, "font-file": ["x.ttf"]},
      "items": ["p/a.jpg", {"image": "b.jpg", "title": "B", "width": 640, "height": 480}, {"banner": "Next", "subtitle": "S"}],
      "sections": [{"title": "Sec", "items": [{"image": "../c.jpg", "caption": "C", "link": "L"}]}]}
      """, named: "m.yaml")
    #expect(summary(json) == summary(yaml))
    #expect(json.caption?.location == SourceLocation(line: 1, column: 51))
    #expect(json.style.map(\.key) == ["columns", "shadow-blur", "no-shadow", "font-file"])
    #expect(json.style.map(\.value) == [.text("3"), .text("2pt"), .boolean(true), .list(["x.ttf"])])
    #expect(json.entries.count == 5)
    guard case .item(let sized) = json.entries[1], case .item(let sectioned) = json.entries[4] else {
      Issue.record("unexpected entries \(json.entries)")
      return
    }
    #expect(
      sized.knownSize?.width == 640
        && sized.fields.dictionary == ["title": "B", "width": "640", "height": "480"])
    #expect(sectioned.section == "Sec" && sectioned.caption == "C" && sectioned.link == "L")
  }

  @Test("sections read streamed from JSON give what YAML gives, entries and messages alike")
  func sectionsAgree() throws {
    let texts = [
      """
      {"sections": [{"items": [{"image": "a.jpg", "width": 3, "height": 4}, "b.jpg",
        {"image": "c.jpg", "section": "Own", "tags": "x"}, {"banner": "B"}], "title": "After", "subtitle": "S"},
        {"title": "Empty"}, {"title": "Nested", "items": [{"image": "d.jpg", "n": 1, "q": "\\u00e9"}]}],
       "items": [{"image": "e.jpg", "section": "Top"}]}
      """,
      #"{"sections": [{"items": [{"width": 1}]}]}"#,
      "{\"sections\": [{\"title\": \"T\", \"items\": [{\"image\": \"a.jpg\"},\n {\"width\": 1}]}]}",
      #"{"sections": [{"title": "T", "items": [{"image": "a.jpg", "tags": [1]}]}]}"#,
      #"{"sections": [{"title": "T", "items": 5}]}"#,
      #"{"sections": [{"title": "T", "items": [{"image": "a", "width": "+0", "height": 3}]}]}"#,
      #"{"sections": [{"title": "T", "items": [{"image": "a", "width": "+12", "height": 3}]}]}"#,
      #"{"sections": [{"title": "T", "items": [7, {"image": "a"}]}, {"title": "U", "items": [[]]}]}"#,
      #"{"sections": [{"title": "T", "items": [{"image": "a"}]}, "S"]}"#,
    ]
    func outcome(_ name: String, _ text: String) -> String {
      do {
        return try summary(manifest(text, named: name)).joined(separator: "\n")
      } catch {
        return "\(error)".components(separatedBy: "/").last ?? ""
      }
    }
    for text in texts {
      let json = outcome("m.json", text)
      #expect(json == outcome("m.yaml", text).replacingOccurrences(of: "m.yaml", with: "m.json"), "\(text)")
    }
    #expect(
      outcome("m.json", texts[0]).contains(
        "item c.jpg Own - - [(key: \"section\", value: \"Own\"), (key: \"tags\", value: \"x\")] at 2:3"))
    #expect(outcome("m.json", texts[2]).hasSuffix("m.json:2:2: this item has no 'image' (nor 'banner')"))
  }

  @Test("keys that mean nothing are named up to ten, then counted, in JSON and YAML alike")
  func unknownKeysCapped() throws {
    let sections = (0..<30).map { #"{"title": "S\#($0)", "id": \#($0), "items": [{"image": "a.jpg"}]}"# }
    let json = try manifest(#"{"sections": [\#(sections.joined(separator: ", "))]}"#, named: "many.json")
    let yaml = try manifest(
      "sections:\n" + (0..<30).map { "  - {title: S\($0), id: \($0), items: [{image: a.jpg}]}\n" }.joined(),
      named: "many.yaml")
    for manifest in [json, yaml] {
      #expect(manifest.warnings.count == 11, "\(manifest.path)")
      #expect(manifest.warnings.first?.description.contains("unknown key 'id' in a section, ignored") == true)
      #expect(
        manifest.warnings.last?.description.hasSuffix("20 more keys that mean nothing here were ignored")
          == true)
      #expect(manifest.entries.count == 60)
    }
  }

  @Test("a JSON syntax error gives the file, line and column")
  func jsonSyntaxError() throws {
    do {
      _ = try manifest("{\"items\": [\n  \"a.jpg\",\n]}\n", named: "bad.json")
      Issue.record("expected an error")
    } catch let error as InputError {
      #expect(
        error.description.hasSuffix(
          "bad.json:3:1: syntax error: a ',' before ']': JSON allows no comma after the last element"))
    }
  }

  @Test("an empty manifest says what it needs, in JSON as in YAML")
  func emptyManifest() throws {
    for name in ["e.json", "e.yaml"] {
      #expect(throws: InputError.self) { try manifest("\n  \n", named: name) }
    }
  }
}

import Foundation
import SheetLayout
import TestSupport
import Testing

@testable import ContactSheet

@Suite("Section order")
struct SectionOrderTests {
  private func item(_ name: String, _ section: String?) -> CatalogEntry {
    var item = CatalogItem(path: "/photos/\(name).jpg")
    item.section = section
    return .item(item)
  }

  /// Each entry as `name` (items) or `[title]` (banners).
  private func names(_ entries: [CatalogEntry]) -> [String] {
    entries.map { entry in
      switch entry {
      case .item(let item): ((item.path as NSString).lastPathComponent as NSString).deletingPathExtension
      case .banner(let content): "[\(content.title)]"
      }
    }
  }

  /// A lead item with no section, then sections B, Size 10, Other, Size 2, with B again later
  /// and an item without a section after Size 2's.
  private var catalog: [CatalogEntry] {
    [
      item("lead", nil), item("b1", "B"), item("s10", "Size 10"), item("o1", "Other"), item("s2", "Size 2"),
      item("loose", nil), item("b2", "B"),
    ]
  }

  @Test("input order leaves everything where it is")
  func input() throws {
    var entries = catalog
    #expect(try SectionOrdering.apply(&entries, order: .input, otherSection: "Other").isEmpty)
    #expect(names(entries) == names(catalog))
  }

  @Test("by name: natural order, the runs of a section together, Other last, what came first stays first")
  func byName() throws {
    var entries = catalog
    #expect(try SectionOrdering.apply(&entries, order: .name, otherSection: "Other").isEmpty)
    #expect(names(entries) == ["lead", "b1", "b2", "s2", "loose", "s10", "o1"])
    #expect(SectionOrder(parsing: "Name") == .name)
  }

  @Test("from a file: its order, then the rest in input order; banners move with their section")
  func fromFile() throws {
    let folder = try FixturePaths.temporaryFolder()
    let list = folder.appendingPathComponent("order.txt").path
    try Data("\u{FEFF}# first the sizes\n  Size 2  \nSize 10\n\nGone\n".utf8).write(
      to: URL(fileURLWithPath: list))
    var entries = [.banner(BannerContent(title: "B", subtitle: "b's", section: "B"))] + catalog.dropFirst()
    let warnings = try SectionOrdering.apply(&entries, order: .file(list), otherSection: "Other")
    #expect(names(entries) == ["s2", "loose", "s10", "[B]", "b1", "b2", "o1"])
    #expect(warnings.map(\.description).contains { $0.contains("1 name no section has, ignored: “Gone”") })
    #expect(
      warnings.map(\.description).contains {
        $0.contains("does not list 2 sections") && $0.contains("“B”, “Other”")
      })
    // A missing file is an error even for a catalog of one section.
    var single = [item("a", "A")]
    #expect(throws: (any Error).self) {
      try SectionOrdering.apply(
        &single, order: .file(folder.appendingPathComponent("none").path), otherSection: "Other")
    }
  }
}

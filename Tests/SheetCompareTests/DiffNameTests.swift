import SheetSupport
import Testing

@Suite("Names of page files and diff images")
struct DiffNameTests {
  @Test("page files are numbered only when there are several; a suffix goes after the number")
  func names() {
    let pages = PageFileNames(path: "/out/sheet.png")
    #expect(pages.name(page: 0, of: 1) == "/out/sheet.png")
    #expect(pages.name(page: 1, of: 3) == "/out/sheet-002.png")
    let diffs = PageFileNames(path: "/diffs/sub/b.png", suffix: ".diff")
    #expect(diffs.name(page: 0, numbered: false) == "/diffs/sub/b.diff.png")
    #expect(diffs.name(page: 0, numbered: true) == "/diffs/sub/b-001.diff.png")
  }
}

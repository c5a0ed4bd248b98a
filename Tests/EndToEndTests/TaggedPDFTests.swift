import Foundation
import TestSupport
import Testing

/// `--tagged` writes a structure tree screen readers follow: PyPI's `pdfua` checker (installed
/// by `make oracles`) and `contactsheet preflight` find nothing, the tree is walked here, and
/// the pages draw exactly as untagged ones.
@Suite("Tagged PDFs")
struct TaggedPDFTests {
  private static let pdfua = FixturePaths.packageRoot.appendingPathComponent(".build/oracles/bin/pdfua").path

  /// Renders the fixture photos with a cover and sections; `links` adds a contents page and an
  /// index (whose entries are links). The title and footer hold ligatures ("ffi", "ff"), which
  /// Cairo marks as spans of actual text outside the structure.
  private func render(_ extra: [String], to output: String, links: Bool = true) throws {
    let photos = ["rocket.jpg", "coffee.png", "horse.png", "chelsea.png", "grace_hopper.jpg"].map(
      FixturePaths.photo)
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render"] + photos + [
        "-o", output, "--cover", "--section-by", "dir", "--title", "Office coffee", "--header",
        "{title}|{page}",
        "--footer", "Affiliated offices", "--min-ppi", "0",
      ] + (links ? ["--contents", "--index", "name"] : []) + extra)
    #expect(result.status == 0, "\(result.standardError)")
  }

  /// The structure tree as `S` names in document order, with each Figure's `/Alt`.
  private func structure(_ path: String) throws -> [String] {
    let script = """
      import pikepdf, sys
      p = pikepdf.open(sys.argv[1])
      def walk(k):
          if isinstance(k, pikepdf.Array):
              for x in k: walk(x)
          elif isinstance(k, pikepdf.Dictionary) and '/S' in k:
              alt = k.get('/Alt')
              print(str(k.S)[1:] + ('=' + str(alt) if alt is not None else ''))
              walk(k.get('/K'))
      walk(p.Root.StructTreeRoot.K)
      """
    let result = try ProcessRunner.run("/usr/bin/python3", ["-c", script, path])
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init)
  }

  @Test("a sheet with a cover, sections and ligatures passes pdfua and preflight's PDF/UA rules")
  func checkers() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("tagged.pdf").path
    try render(["--tagged", "--lang", "de"], to: output, links: false)
    try PDFCheck.requireValid(output)
    let checked = try ProcessRunner.run(Self.pdfua, ["check", output])
    #expect(checked.status == 0, "\(checked.standardOutput)")
    let preflight = try ProcessRunner.run(FixturePaths.binary, ["preflight", "--pdfua", output])
    #expect(preflight.status == 0, "\(preflight.standardOutput)")
    #expect(try ProcessRunner.pdfInfo(output)["Tagged"] == "yes")
    // The same sheet untagged is what the checkers object to.
    let plain = folder.appendingPathComponent("plain.pdf").path
    try render(["--lang", "de"], to: plain, links: false)
    #expect(try ProcessRunner.run(Self.pdfua, ["check", plain]).status != 0)
  }

  @Test(
    "with links (contents, index), each link is a Link element holding its annotation; both checkers pass")
  func links() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("tagged.pdf").path
    try render(["--tagged"], to: output)
    // The contents' entry for the photos' one section, and the index's five.
    try requireLinksInTree(output, count: 6)
  }

  @Test("a catalog's cards link to their product pages: with and without captions, the links are in the tree")
  func cardLinks() throws {
    let folder = try FixturePaths.temporaryFolder()
    let csv = folder.appendingPathComponent("shop.csv")
    let rows = [
      ("rocket.jpg", "Rocket", "Toys"), ("coffee.png", "Coffee", "Food"), ("horse.png", "", "Food"),
    ]
    let text =
      "image,name,category,link\n"
      + rows.map { "\(FixturePaths.photo($0.0)),\($0.1),\($0.2),https://shop.example/\($0.0)" }.joined(
        separator: "\n")
    try text.write(to: csv, atomically: true, encoding: .utf8)
    for (name, caption) in [("captioned", "{name}"), ("bare", "")] {
      let output = folder.appendingPathComponent("\(name).pdf").path
      let result = try ProcessRunner.run(
        FixturePaths.binary,
        [
          "render", csv.path, "-o", output, "--caption", caption, "--group-by", "category", "--contents",
          "--qr",
          "--tagged", "--min-ppi", "0",
        ])
      #expect(result.status == 0, "\(result.standardError)")
      // Three cards and the contents' two entries.
      try requireLinksInTree(output, count: 5)
    }
  }

  @Test(
    "alternative text comes from an 'Image Alt Text' column, or the field --alt-field names; a blank one from the caption"
  )
  func altField() throws {
    let folder = try FixturePaths.temporaryFolder()
    let csv = folder.appendingPathComponent("shop.csv")
    let text = """
      image,name,Image Alt Text,description
      \(FixturePaths.photo("rocket.jpg")),Rocket,A red toy rocket on a white table,Tin toy
      \(FixturePaths.photo("coffee.png")),Coffee,  ,Espresso
      """
    try text.write(to: csv, atomically: true, encoding: .utf8)
    func alts(_ extra: [String]) throws -> (alts: [String], warnings: String) {
      let output = folder.appendingPathComponent("alt.pdf").path
      let result = try ProcessRunner.run(
        FixturePaths.binary,
        ["render", csv.path, "-o", output, "--caption", "{name}", "--tagged", "--min-ppi", "0"] + extra)
      #expect(result.status == 0, "\(result.standardError)")
      let figures = try structure(output).filter { $0.hasPrefix("Figure=") }
      return (figures.map { String($0.dropFirst("Figure=".count)) }, result.standardError)
    }
    #expect(try alts([]).alts == ["A red toy rocket on a white table", "Coffee"])
    #expect(try alts(["--alt-field", "description"]).alts == ["Tin toy", "Espresso"])
    let misspelt = try alts(["--alt-field", "descr"])
    #expect(misspelt.alts == ["Rocket", "Coffee"])
    #expect(
      misspelt.warnings.contains("--alt-field descr: no item has a field 'descr'"), "\(misspelt.warnings)")
  }

  /// Checks that `path` has `count` link annotations, each with a `/StructParent` whose entry in
  /// the parent tree is a Link element (in the tree, under the Document) holding that
  /// annotation; that `pdfua` and preflight find nothing and the file claims PDF/UA-1; and that
  /// preflight sees a link taken out of the tree, or a Link element that lost its annotation.
  private func requireLinksInTree(_ path: String, count: Int) throws {
    try PDFCheck.requireValid(path)
    let script = """
      import pikepdf, sys
      p = pikepdf.open(sys.argv[1])
      nums = p.Root.StructTreeRoot.ParentTree.Nums
      parents = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
      inTree = set()
      def walk(k):
          if isinstance(k, pikepdf.Array):
              for x in k: walk(x)
          elif isinstance(k, pikepdf.Dictionary) and '/S' in k:
              if k.S == '/Link': inTree.add(k.objgen)
              walk(k.get('/K'))
      walk(p.Root.StructTreeRoot.K)
      for page in p.pages:
          for a in page.obj.get('/Annots', []):
              e = parents[int(a.StructParent)]
              kids = e.K if isinstance(e.K, pikepdf.Array) else [e.K]
              held = [k for k in kids if isinstance(k, pikepdf.Dictionary) and k.get('/Type') == '/OBJR']
              print('link', e.S, e.objgen in inTree, [k.Obj.objgen == a.objgen for k in held], str(a.Contents) != '')
      """
    let result = try ProcessRunner.run("/usr/bin/python3", ["-c", script, path])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == count, "\(result.standardOutput)")
    #expect(lines.allSatisfy { $0 == "link /Link True [True] True" }, "\(result.standardOutput)")
    let checked = try ProcessRunner.run(Self.pdfua, ["check", path])
    #expect(checked.status == 0, "\(checked.standardOutput)")
    let preflight = try ProcessRunner.run(FixturePaths.binary, ["preflight", "--pdfua", path])
    #expect(preflight.status == 0, "\(preflight.standardOutput)")
    let breaks = [
      ("del p.pages[-1].obj.Annots[0]['/StructParent']", "a link is not in the structure tree"),
      (
        "nums = p.Root.StructTreeRoot.ParentTree.Nums; nums[-1].K = nums[-1].K[0]",
        "does not lead to a Link element holding it"
      ),
    ]
    for (index, (change, finding)) in breaks.enumerated() {
      let broken = path + ".broken\(index).pdf"
      let made = try ProcessRunner.run(
        "/usr/bin/python3",
        [
          "-c", "import pikepdf, sys\np = pikepdf.open(sys.argv[1])\n\(change)\np.save(sys.argv[2])", path,
          broken,
        ])
      #expect(made.status == 0, "\(made.standardError)")
      let found = try ProcessRunner.run(FixturePaths.binary, ["preflight", "--pdfua", broken])
      #expect(found.status == 1)
      #expect(found.standardOutput.contains("PDF/UA-1 link-structure, page"), "\(found.standardOutput)")
      #expect(found.standardOutput.contains(finding), "\(found.standardOutput)")
    }
  }

  @Test("--tagged and --pdfx on PNG output are said to do nothing")
  func notPDF() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("sheet.png").path
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", FixturePaths.photo("rocket.jpg"), "-o", output, "--tagged", "--pdfx", "--output-intent",
        PDFXTests.cmykProfile,
      ])
    #expect(result.status == 0)
    #expect(result.standardError.contains("--tagged is for PDF output"))
    #expect(result.standardError.contains("--pdfx is for PDF output"))
  }

  @Test("--pages refuses a tagged document before reading anything, and plan does too")
  func wholeOnly() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("part.pdf").path
    let photo = FixturePaths.photo("rocket.jpg")
    let render = try ProcessRunner.run(
      FixturePaths.binary, ["render", photo, "-o", output, "--tagged", "--pages", "1"])
    #expect(render.status == 2)
    #expect(render.standardError.contains("--pages draws part of a document, but a tagged PDF"))
    let plan = try ProcessRunner.run(
      FixturePaths.binary, ["plan", photo, "-o", output, "--shards", "2", "--tagged"])
    #expect(plan.status == 2)
    #expect(plan.standardError.contains("a tagged PDF is written whole"))
  }

  @Test("the tree: a document of sections, each a heading then figures with their captions as alt text")
  func tree() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("tagged.pdf").path
    try render(["--tagged"], to: output)
    let tree = try structure(output)
    #expect(tree.first == "Document")
    #expect(tree.filter { $0 == "Sect" }.count >= 3)  // contents, the photos' folder, the index
    #expect(tree.filter { $0 == "H1" }.count >= 4)  // the cover's title and each section's banner
    let figures = tree.filter { $0.hasPrefix("Figure") }
    // Five cards and the cover's picture frame is not drawn without --cover-image.
    #expect(figures.count == 5, "\(tree)")
    #expect(figures.contains("Figure=rocket.jpg") && figures.allSatisfy { $0.count > "Figure=".count })
    #expect(tree.contains("TOC") && tree.filter { $0 == "TOCI" }.count >= 6)
    // Every section's heading comes first in it.
    for (index, element) in tree.enumerated() where element == "Sect" {
      #expect(tree[index + 1] == "H1", "\(tree)")
    }
  }

  @Test("decorations are artifacts, and the pages draw exactly as untagged ones")
  func samePixels() throws {
    let folder = try FixturePaths.temporaryFolder()
    let tagged = folder.appendingPathComponent("tagged.pdf").path
    let plain = folder.appendingPathComponent("plain.pdf").path
    try render(["--tagged"], to: tagged)
    try render([], to: plain)
    // The ligatures' spans of actual text are there, to be nested in artifacts.
    let spans = try ProcessRunner.run(
      "/usr/bin/python3",
      [
        "-c",
        "import pikepdf,sys; p=pikepdf.open(sys.argv[1]); print(sum(1 for pg in p.pages for o, op in pikepdf.parse_content_stream(pg) if str(op) == 'BDC' and str(o[0]) == '/Span'))",
        tagged,
      ])
    #expect(Int(spans.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0)
    let count = Int(try ProcessRunner.pdfInfo(plain)["Pages"] ?? "") ?? 0
    #expect(count >= 4)
    for page in 1...count {
      let a = folder.appendingPathComponent("a\(page)")
      let b = folder.appendingPathComponent("b\(page)")
      for url in [a, b] {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      }
      let expected = try Raster.page(plain, page: page, dpi: 40, folder: a)
      let actual = try Raster.page(tagged, page: page, dpi: 40, folder: b)
      #expect(actual.bytes == expected.bytes, "page \(page)")
    }
    let unmarked = """
      import pikepdf, sys
      p = pikepdf.open(sys.argv[1])
      count = 0
      for page in p.pages:
          depth = 0
          for operands, op in pikepdf.parse_content_stream(page):
              op = str(op)
              if op in ('BDC', 'BMC'): depth += 1
              elif op == 'EMC': depth -= 1
              elif depth == 0 and op in ('Tj', 'TJ', 'Do', 'f', 'S', 'B', 'sh'): count += 1
      print(count)
      """
    let result = try ProcessRunner.run("/usr/bin/python3", ["-c", unmarked, tagged])
    #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test("PDF/X-4 and tagged together: both checkers and preflight find nothing")
  func withPDFX() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("both.pdf").path
    try render(
      ["--tagged", "--pdfx", "--output-intent", "FOGRA39", "--icc", PDFXTests.cmykProfile, "--bleed", "3mm"],
      to: output, links: false)
    #expect(try ProcessRunner.run(Self.pdfua, ["check", output]).status == 0)
    let preflight = try ProcessRunner.run(FixturePaths.binary, ["preflight", "--min-ppi", "40", output])
    #expect(preflight.status == 0, "\(preflight.standardOutput)")
  }
}

import Foundation
import TestSupport
import Testing

/// Ratings, labels, frames, sections and folder scans as a photographer uses them, through the
/// built binary, on fixtures exiftool wrote (`scripts/make-xmp-fixtures`).
@Suite("Proofing a shoot, end to end")
struct ProofingTests {
  /// What `layout --json` says, with the standard error it printed.
  struct LayoutResult {
    var status: Int32
    var items: [[String: Any]]
    var banners: [String]
    var standardError: String
    /// The column of every card, page by page.
    var cardColumns: [Int] = []

    var names: [String] {
      items.map {
        (($0["source"] as? String) ?? "" as String).split(separator: "/").last.map(String.init) ?? ""
      }
    }
    var captions: [String] { items.map { $0["caption"] as? String ?? "" } }
    func item(_ name: String) -> [String: Any]? {
      items.first { ($0["source"] as? String)?.hasSuffix("/" + name) == true }
    }
  }

  static func xmpFixture(_ name: String) -> String {
    FixturePaths.fixtures.appendingPathComponent("xmp").appendingPathComponent(name).path
  }

  /// A folder holding copies of the named XMP fixtures (name → name in the folder).
  static func shoot(_ files: [String: String], in folder: URL? = nil) throws -> URL {
    let folder = try folder ?? FixturePaths.temporaryFolder("shoot")
    for (source, name) in files {
      try FileManager.default.copyItem(
        atPath: xmpFixture(source), toPath: folder.appendingPathComponent(name).path)
    }
    return folder
  }

  static func layout(_ arguments: [String]) throws -> LayoutResult {
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout"] + arguments)
    guard result.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    else {
      return LayoutResult(status: result.status, items: [], banners: [], standardError: result.standardError)
    }
    let pages = json["pages"] as? [[String: Any]] ?? []
    let banners = pages.flatMap { $0["elements"] as? [[String: Any]] ?? [] }
      .filter { $0["kind"] as? String == "banner" }.compactMap { $0["text"] as? String }
    let columns = pages.flatMap { $0["elements"] as? [[String: Any]] ?? [] }
      .filter { $0["kind"] as? String == "card" }.compactMap { $0["column"] as? Int }
    return LayoutResult(
      status: result.status, items: json["items"] as? [[String: Any]] ?? [], banners: banners,
      standardError: result.standardError, cardColumns: columns)
  }

  static let allRated: [String: String] = [
    "rated-4-red.jpg": "rated-4-red.jpg", "rated-2.png": "rated-2.png",
    "rated-5-green.webp": "rated-5-green.webp",
    "rejected.jpg": "rejected.jpg", "unrated.jpg": "unrated.jpg", "label-only.jpg": "label-only.jpg",
    "sidecar-wins.jpg": "sidecar-wins.jpg", "sidecar-wins.xmp": "sidecar-wins.xmp",
    "darktable.jpg": "darktable.jpg", "darktable.jpg.xmp": "darktable.jpg.xmp",
  ]

  @Test(
    "ratings and labels come from JPEG, PNG and WebP packets and from sidecars, the sidecar winning field by field"
  )
  func ratingsAndLabels() throws {
    let folder = try Self.shoot(Self.allRated)
    let result = try Self.layout([folder.path, "--caption", "{rating|unrated} {label}"])
    #expect(result.status == 0, "\(result.standardError)")
    func tags(_ name: String) -> (Int?, String?) {
      (result.item(name)?["rating"] as? Int, result.item(name)?["label"] as? String)
    }
    #expect(tags("rated-4-red.jpg") == (4, "Red"))
    #expect(tags("rated-2.png") == (2, nil))
    #expect(tags("rated-5-green.webp") == (5, "Green"))
    #expect(tags("label-only.jpg") == (nil, "Select"))
    #expect(
      tags("sidecar-wins.jpg") == (5, "Blue"), "sidecar's 5 stars over the embedded 1, embedded label kept")
    #expect(tags("darktable.jpg") == (3, "Purple"), "name.ext.xmp sidecar")
    #expect(tags("unrated.jpg") == (nil, nil))
    #expect(result.item("rated-4-red.jpg")?["caption"] as? String == "★★★★☆ Red")
    // The empty stars take the space before them along (it used to be left dangling).
    #expect(result.item("unrated.jpg")?["caption"] as? String == "unrated")
    // Rejected photos are left out, and the run says so; sidecars are never photos.
    #expect(result.item("rejected.jpg") == nil)
    #expect(result.items.count == 7)
    #expect(result.standardError.contains("left out 1 photo: 1 rejected (--include-rejected keeps them)"))
    #expect(
      !result.standardError.contains("xmp"), "sidecars of photos are not reported: \(result.standardError)")
  }

  @Test("--include-rejected, --min-rating, --label and --sort rating choose and order the photos")
  func filtersAndSort() throws {
    let folder = try Self.shoot(Self.allRated)
    let rejected = try Self.layout([folder.path, "--include-rejected"])
    #expect(rejected.item("rejected.jpg")?["rating"] as? Int == -1)
    let best = try Self.layout([folder.path, "--min-rating", "4", "--sort", "rating"])
    #expect(
      best.names == ["rated-5-green.webp", "sidecar-wins.jpg", "rated-4-red.jpg"], "ties keep name order")
    #expect(best.standardError.contains("4 rated below 4 stars (--min-rating)"), "\(best.standardError)")
    // `red` matches the label Red and Bridge's red label, Select; `none` matches unlabelled photos.
    let red = try Self.layout([folder.path, "--label", "red"])
    #expect(red.names == ["label-only.jpg", "rated-4-red.jpg"])
    let unlabelled = try Self.layout([folder.path, "--label", "none,green"])
    #expect(unlabelled.names == ["rated-2.png", "rated-5-green.webp", "unrated.jpg"])
    let none = try Self.layout([folder.path, "--min-rating", "5", "--label", "red"])
    #expect(none.status == 2)
    #expect(none.standardError.contains("no images left"))
    let bad = try Self.layout([folder.path, "--min-rating", "6"])
    #expect(bad.status == 2)
    #expect(bad.standardError.contains("--min-rating 6"))
  }

  @Test("{frame} numbers photos within their folder in name order, before filters, so numbers stay put")
  func frames() throws {
    let folder = try Self.shoot(Self.allRated)
    let all = try Self.layout([folder.path, "--caption", "{frame}", "--include-rejected"])
    #expect(all.captions == (1...8).map(String.init))
    let best = try Self.layout([folder.path, "--caption", "{frame}", "--min-rating", "4"])
    #expect(best.captions == ["4", "5", "7"])  // rated-4-red, rated-5-green, sidecar-wins
  }

  @Test("a broken sidecar is a warning naming it, and the photo keeps its embedded tags")
  func brokenSidecar() throws {
    let folder = try Self.shoot(["rated-4-red.jpg": "a.jpg", "broken.xmp": "a.xmp"])
    let result = try Self.layout([folder.path])
    #expect(result.status == 0)
    #expect(result.item("a.jpg")?["rating"] as? Int == 4)
    #expect(
      result.standardError.contains("warning: \(folder.path)/a.xmp: the sidecar is not valid XMP; ignored"))
  }

  @Test("--section-by date starts a banner per day taken, in date order; dir one per folder")
  func sections() throws {
    let top = try FixturePaths.temporaryFolder()
    for (day, files) in [
      ("b", ["rated-4-red.jpg", "darktable.jpg"]), ("a", ["unrated.jpg", "sidecar-wins.jpg"]),
    ] {
      let folder = top.appendingPathComponent(day)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      _ = try Self.shoot(Dictionary(uniqueKeysWithValues: files.map { ($0, $0) }), in: folder)
    }
    let byDate = try Self.layout([
      top.appendingPathComponent("b").path, top.appendingPathComponent("a").path, "--section-by", "date",
    ])
    #expect(byDate.banners == ["Thursday 13 June 2024", "Friday 14 June 2024"])
    #expect(byDate.names == ["sidecar-wins.jpg", "unrated.jpg", "darktable.jpg", "rated-4-red.jpg"])
    let byFolder = try Self.layout([top.path, "-r", "--section-by", "dir", "--sort", "rating"])
    #expect(byFolder.banners == ["a", "b"], "a section is titled by its folder's own name")
    #expect(byFolder.names == ["sidecar-wins.jpg", "unrated.jpg", "rated-4-red.jpg", "darktable.jpg"])
    let bad = try Self.layout([top.path, "--section-by", "week"])
    #expect(bad.status == 2)
  }

  @Test("--show-rating draws stars, the rejected mark and label bars on the cards (golden)")
  func ratingBadges() throws {
    let output = try FixturePaths.temporaryFolder().appendingPathComponent("badges.png").path
    let photos = [
      "rated-4-red.jpg", "rated-5-green.webp", "rejected.jpg", "label-only.jpg", "rated-2.png",
      "darktable.jpg",
    ]
    let fonts = ["--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
    let result = try ProcessRunner.run(
      FixturePaths.binary,
      ["render"] + photos.map(Self.xmpFixture)
        + [
          "--include-rejected", "--show-rating", "-o", output, "--page", "none", "--width", "150mm",
          "--columns", "3",
          "--margin", "6mm", "--dpi", "100", "--caption", "{frame} · {rating|unrated} {label}", "-q",
        ] + fonts, environment: ["SOURCE_DATE_EPOCH": "0"])
    #expect(result.status == 0, "\(result.standardError)")
    try Golden.check(output, named: "render-rating-badges", channelTolerance: 2)
  }

  @Test("--section-by date gives the PDF one bookmark per day")
  func dateBookmarks() throws {
    let folder = try Self.shoot(["rated-4-red.jpg": "a.jpg", "unrated.jpg": "b.jpg"])
    let output = folder.appendingPathComponent("out/proof.pdf").path
    try FileManager.default.createDirectory(
      atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", folder.path, "-o", output, "--section-by", "date", "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    let outline = try ProcessRunner.run("qpdf", ["--json", "--json-key=outlines", output])
    #expect(outline.standardOutput.contains("\"title\": \"Thursday 13 June 2024\""))
    #expect(outline.standardOutput.contains("\"title\": \"Friday 14 June 2024\""))
  }

  @Test(
    "IPTC captions: title, creator, keywords, city from sidecar, XMP and IIM, escaped; {artist} suggests {creator}"
  )
  func descriptiveCaptions() throws {
    let folder = try Self.shoot([
      "described.jpg": "described.jpg", "described.xmp": "described.xmp", "iptc-utf8.jpg": "iptc-utf8.jpg",
      "iptc-latin1.jpg": "iptc-latin1.jpg", "unrated.jpg": "unrated.jpg",
    ])
    let result = try Self.layout([
      folder.path, "--caption", "<b>{title}</b>\\n{description} · {creator} · {city}, {country}\\n{keywords}",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // A separator keeps to the field before it (a no-break space), so no line starts with one.
    #expect(
      result.item("described.jpg")?["caption"] as? String
        == "<b>Sidecar title</b>\nBoats coming in &amp; &lt;nets&gt; drying\u{A0}· Ana Ruiz\u{A0}· Vigo, Spain\nharbour, boats"
    )
    #expect(
      result.item("iptc-utf8.jpg")?["caption"] as? String
        == "<b>Zürich Hauptbahnhof</b>\nGleis 3\u{A0}· Jan Nowak, Łucja Kowalska\u{A0}· Zürich, Schweiz\nBahnhof, Zürich"
    )
    #expect(result.item("iptc-latin1.jpg")?["caption"] as? String == "<b>Señal</b>\nMálaga")
    #expect(result.item("unrated.jpg")?["caption"] as? String == "")
    let suggestion = try Self.layout([folder.path, "--caption", "{artist} {shutter} {Copyright_Notice}"])
    let warnings = suggestion.standardError.split(separator: "\n").filter {
      $0.hasPrefix("warning: --caption")
    }
    #expect(
      warnings == [
        "warning: --caption: no field named {Copyright_Notice}; did you mean {copyright}?",
        "warning: --caption: no field named {artist}; did you mean {creator}?",
        "warning: --caption: no field named {shutter}; did you mean {exposure}?",
      ], "\(suggestion.standardError)")
  }

  @Test("--job: one YAML file holds the style and the run options; flags typed override it")
  func jobFile() throws {
    let folder = try Self.shoot(Self.allRated)
    let jobs = try FixturePaths.temporaryFolder("jobs")
    try "columns: 2\n".write(to: jobs.appendingPathComponent("look.yaml"), atomically: true, encoding: .utf8)
    let job = jobs.appendingPathComponent("client-proof.yaml")
    try """
    # The studio's client proof: picks only, best first, stars in the caption.
    min-rating: 3
    sort: rating
    include-rejected: false
    style: look.yaml
    caption: "{rating} {label}"
    """.write(to: job, atomically: true, encoding: .utf8)
    let result = try Self.layout([folder.path, "--job", job.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.names == ["rated-5-green.webp", "sidecar-wins.jpg", "rated-4-red.jpg", "darktable.jpg"])
    #expect(result.item("rated-4-red.jpg")?["caption"] as? String == "★★★★☆ Red")
    #expect(
      result.items.allSatisfy { ($0["column"] as? Int ?? 0) < 2 }, "the style file beside the job applies")
    let overridden = try Self.layout([
      folder.path, "--job", job.path, "--min-rating", "5", "--caption", "{name}",
    ])
    #expect(overridden.names == ["rated-5-green.webp", "sidecar-wins.jpg"])
    #expect(overridden.item("sidecar-wins.jpg")?["caption"] as? String == "sidecar-wins.jpg")
    // A list is the option's comma-separated value; `output` (a run option `layout` does not
    // take) is left to `render`.
    try "label: [red, green]\noutput: proof.pdf\n".write(to: job, atomically: true, encoding: .utf8)
    let labels = try Self.layout([folder.path, "--job", job.path])
    #expect(labels.status == 0, "\(labels.standardError)")
    #expect(
      Set(labels.names) == ["rated-4-red.jpg", "rated-5-green.webp", "label-only.jpg"], "\(labels.names)")
    let twice = try Self.layout([folder.path, "--job", job.path, "--job", job.path])
    #expect(
      twice.status == 2 && twice.standardError.contains("--job is given 2 times"), "\(twice.standardError)")
    try "min-rating: 3\ncolums: 2\n".write(to: job, atomically: true, encoding: .utf8)
    let typo = try Self.layout([folder.path, "--job", job.path])
    #expect(typo.status == 2)
    #expect(
      typo.standardError.contains("client-proof.yaml:2:1: 'colums' is not a style key")
        && typo.standardError.contains("did you mean 'columns'?"),
      "\(typo.standardError)")
    try "help: true\n".write(to: job, atomically: true, encoding: .utf8)
    let refused = try Self.layout([folder.path, "--job", job.path])
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("'help' cannot be set in a job file"), "\(refused.standardError)")
  }

  @Test(
    "--per-folder: one PDF per folder holding images, named after it; -o must name a folder or hold {folder}")
  func perFolder() throws {
    let top = try FixturePaths.temporaryFolder("per-folder")
    for (day, files) in [
      ("2024/day-1", ["unrated.jpg"]), ("2025/day-1", ["rated-2.png", "darktable.jpg"]), ("notes", []),
    ] {
      let folder = top.appendingPathComponent(day)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      _ = try Self.shoot(Dictionary(uniqueKeysWithValues: files.map { ($0, $0) }), in: folder)
    }
    let proofs = top.appendingPathComponent("proofs").path + "/"
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", top.path, "-r", "--per-folder", "-o", proofs, "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    let written = try FileManager.default.contentsOfDirectory(atPath: proofs).sorted()
    #expect(written == ["2024-day-1.pdf", "2025-day-1.pdf"])
    #expect(try ProcessRunner.pdfInfo(proofs + "2025-day-1.pdf")["Pages"] == "1")
    let pattern = try ProcessRunner.run(
      FixturePaths.binary,
      [
        "render", top.appendingPathComponent("2025").path, "-r", "--per-folder", "-o",
        proofs + "{folder}-proof.png", "-q",
      ])
    #expect(pattern.status == 0, "\(pattern.standardError)")
    #expect(FileManager.default.fileExists(atPath: proofs + "day-1-proof.png"))
    let noFolder = try ProcessRunner.run(
      FixturePaths.binary,
      ["render", top.path, "-r", "--per-folder", "-o", top.appendingPathComponent("one.pdf").path])
    #expect(noFolder.status == 2)
    #expect(
      noFolder.standardError.contains("give -o a folder (proofs/) or a name with {folder}"),
      "\(noFolder.standardError)")
  }

  @Test(
    "a section that goes on to a new page repeats a small running banner; --text-continued '' turns it off")
  func runningBanner() throws {
    let top = try FixturePaths.temporaryFolder("running")
    for (folder, photo) in [("garden", "chelsea.png"), ("kitchen", "coffee.png")] {
      let path = top.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
      for index in 1...7 {
        try FileManager.default.copyItem(
          atPath: FixturePaths.photo(photo),
          toPath: path.appendingPathComponent("\(folder)-\(index).png").path)
      }
    }
    func banners(_ extra: [String]) throws -> [[(title: String, subtitle: String?)]] {
      let result = try ProcessRunner.run(
        FixturePaths.binary,
        [
          "layout", top.path, "-r", "--section-by", "dir", "--page", "105x148mm", "--columns", "2",
          "--contents",
        ]
          + extra)
      #expect(result.status == 0, "\(result.standardError)")
      let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
      return (json?["pages"] as? [[String: Any]] ?? []).map { page in
        (page["elements"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "banner" }.map {
          ($0["text"] as? String ?? "", $0["subtitle"] as? String)
        }
      }
    }
    let pages = try banners([])
    // The contents page, then garden (6 cards), garden's last card under its running banner
    // and kitchen, then kitchen's last five under theirs.
    #expect(pages.map { $0.map(\.title) } == [["Contents"], ["garden"], ["", "kitchen"], [""]], "\(pages)")
    #expect(
      pages[2].first?.subtitle == "garden (continued)" && pages[3].first?.subtitle == "kitchen (continued)")
    let german = try banners(["--lang", "de"])
    #expect(german[2].first?.subtitle == "garden (Fortsetzung)")
    let off = try banners(["--text-continued", ""])
    #expect(off.map { $0.map(\.title) } == [["Contents"], ["garden"], ["kitchen"], []], "\(off)")
  }
}

/// Folder scans leave nothing out silently.
@Suite("Folder scans, end to end")
struct FolderScanTests {
  @Test("one line names what a scan skipped and why; sidecars and earlier outputs are not photos")
  func skippedLine() throws {
    let folder = try ProofingTests.shoot([
      "unrated.jpg": "DSC_0002.jpg", "rated-2.png": "DSC_0003.png", "broken.xmp": "orphan.xmp",
    ])
    for name in ["a.psd", "b.psd", "README"] {
      try Data("x".utf8).write(to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("gone.jpg").path, withDestinationPath: "/nonexistent/gone.jpg")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("sheet.png").path
    for run in 0..<2 {
      let result = try ProcessRunner.run(
        FixturePaths.binary, ["render", folder.path, "-o", output, "--dpi", "30"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.contains("2 images, 1 page"), "\(result.standardError)")
      let earlier = run == 1 ? ", 1 written by an earlier run of this command (sheet.png)" : ""
      let count = run == 1 ? 6 : 5
      #expect(
        result.standardError.contains(
          "\(folder.path): skipped \(count) files: 2 .psd (unsupported format), 1 unreadable (gone.jpg), 1 without an extension (unsupported format)\(earlier), 1 .xmp sidecar without a photo; 1 subfolder not searched (add -r to include them)"
        ), "\(result.standardError)")
    }
    // Numbered pages of an earlier multi-page run are left out too (and then removed as stale).
    try FileManager.default.copyItem(
      atPath: output, toPath: folder.appendingPathComponent("sheet-002.png").path)
    let pages = try ProcessRunner.run(
      FixturePaths.binary, ["render", folder.path, "-o", output, "--dpi", "30"])
    #expect(pages.status == 0, "\(pages.standardError)")
    #expect(pages.standardError.contains("2 images, 1 page"), "\(pages.standardError)")
    #expect(
      pages.standardError.contains("2 written by an earlier run of this command (sheet-002.png, sheet.png)"))
    // `layout` writes nothing, so an earlier sheet in the folder is a photo to it.
    let listed = try ProofingTests.layout([folder.path])
    #expect(listed.names == ["DSC_0002.jpg", "DSC_0003.png", "sheet.png"])
  }

  @Test("a folder whose images are all in subfolders says to add -r")
  func suggestsRecursive() throws {
    let top = try FixturePaths.temporaryFolder()
    let sub = top.appendingPathComponent("day1")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    _ = try ProofingTests.shoot(["unrated.jpg": "a.jpg"], in: sub)
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", top.path, "-o", top.appendingPathComponent("x.pdf").path])
    #expect(result.status == 2)
    #expect(
      result.standardError.contains("its images are all in subfolders: add -r to include them"),
      "\(result.standardError)")
    let recursive = try ProofingTests.layout([top.path, "-r"])
    #expect(recursive.names == ["a.jpg"])
    #expect(!recursive.standardError.contains("skipped"))
  }

  @Test("a RAW+JPEG pair shows once, as the JPEG by default, with the RAW's sidecar; --raw-jpeg chooses")
  func rawJPEGPairs() throws {
    let folder = try ProofingTests.shoot([
      "unrated.jpg": "DSC_0001.JPG", "darktable.jpg.xmp": "DSC_0001.NEF.xmp", "rated-2.png": "DSC_0002.png",
    ])
    try Data("not really a RAW".utf8).write(to: folder.appendingPathComponent("DSC_0001.NEF"))
    let jpeg = try ProofingTests.layout([folder.path])
    #expect(jpeg.names == ["DSC_0001.JPG", "DSC_0002.png"])
    #expect(jpeg.item("DSC_0001.JPG")?["rating"] as? Int == 3, "the RAW's sidecar applies to its JPEG")
    #expect(jpeg.standardError.contains("1 RAW file shown as its JPEG (--raw-jpeg raw or both to show them)"))
    let raw = try ProofingTests.layout([folder.path, "--raw-jpeg", "raw"])
    #expect(raw.names == ["DSC_0001.NEF", "DSC_0002.png"])
    #expect(raw.item("DSC_0001.NEF")?["rating"] as? Int == 3)
    #expect(raw.standardError.contains("1 JPEG of RAW+JPEG pairs shown as the RAW"))
    let both = try ProofingTests.layout([folder.path, "--raw-jpeg", "both"])
    #expect(both.names == ["DSC_0001.JPG", "DSC_0001.NEF", "DSC_0002.png"])
    #expect(!both.standardError.contains("skipped"))
  }

  @Test("files given one by one (a shell glob) are scanned as their folder would be")
  func globAsFolder() throws {
    let folder = try ProofingTests.shoot([
      "unrated.jpg": "IMG_0002.JPG", "darktable.jpg.xmp": "IMG_0002.CR3.xmp", "rated-2.png": "IMG_0010.png",
      "darktable.jpg": "MVI_0003.THM", "label-only.jpg": "IMG_0011.JPG",
    ])
    try Data("not really a RAW".utf8).write(to: folder.appendingPathComponent("IMG_0002.CR3"))
    try Data("<plist/>".utf8).write(to: folder.appendingPathComponent("IMG_0010.AAE"))
    try FileManager.default.copyItem(
      atPath: TestClips.path("black-start.mp4"), toPath: folder.appendingPathComponent("MVI_0003.MP4").path)
    try Data("stale".utf8).write(to: folder.appendingPathComponent("proof.pdf"))
    // What `contactsheet render DCIM/* -o DCIM/proof.pdf` receives: the shell's sorted names.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let paths = names.map { folder.appendingPathComponent($0).path }
    let output = folder.appendingPathComponent("proof.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render"] + paths + ["-o", output, "--caption", "{name}"])
    #expect(result.status == 0, "\(result.standardError)")
    for part in [
      "\(folder.path): skipped 5 files: ", "1 .AAE (unsupported format)", "1 RAW file shown as its JPEG",
    ] {
      #expect(result.standardError.contains(part), "\(result.standardError)")
    }
    #expect(result.standardError.contains("1 .THM poster of the clip beside it"), "\(result.standardError)")
    #expect(result.standardError.contains("1 .xmp sidecar (read with its photo)"), "\(result.standardError)")
    #expect(
      result.standardError.contains("1 written by an earlier run of this command (proof.pdf)"),
      "\(result.standardError)")
    #expect(!result.standardError.contains("Cannot show"), "\(result.standardError)")
    let listed = try ProofingTests.layout(paths + ["--caption", "{name}"])
    #expect(listed.names == ["IMG_0002.JPG", "IMG_0010.png", "IMG_0011.JPG", "MVI_0003.MP4"])
    #expect(listed.item("IMG_0002.JPG")?["rating"] as? Int == 3, "the RAW's sidecar applies to its JPEG")
    // Order is the order given; a file given twice shows once, and the line says so.
    let given = ["IMG_0011.JPG", "IMG_0010.png", "IMG_0010.png"].map {
      folder.appendingPathComponent($0).path
    }
    let reordered = try ProofingTests.layout(given + ["--caption", "{name}"])
    #expect(reordered.names == ["IMG_0011.JPG", "IMG_0010.png"], "\(reordered.standardError)")
    #expect(reordered.standardError.contains("1 given twice"), "\(reordered.standardError)")
  }
}

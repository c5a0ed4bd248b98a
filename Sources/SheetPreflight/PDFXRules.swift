/// PDF/X-4's machine-checkable rules (ISO 15930-7), each finding named by its rule.
struct PDFXRules {
  let document: PDFDocument
  let minimumPPI: Double
  /// The most total ink (C+M+Y+K, in percent) CMYK may ask for, when the intent is CMYK.
  let maximumInk: Double
  private var found: [PreflightFinding] = []
  /// The CMYK images whose ink was read (an image placed twice is read once).
  private var inkChecked: Set<String> = []

  init(document: PDFDocument, minimumPPI: Double, maximumInk: Double) {
    self.document = document
    self.minimumPPI = minimumPPI
    self.maximumInk = maximumInk
  }

  private mutating func add(_ rule: String, page: Int? = nil, object: String? = nil, _ message: String) {
    found.append(PreflightFinding(standard: .pdfx, rule: rule, page: page, object: object, message: message))
  }

  func findings() -> [PreflightFinding] {
    var rules = self
    rules.checkFile()
    let intentComponents = rules.checkOutputIntent()
    rules.checkMetadata()
    rules.checkPages(intentComponents: intentComponents)
    rules.checkFonts()
    return rules.found
  }

  private mutating func checkFile() {
    if document.isEncrypted { add("encryption", "the file is encrypted; PDF/X allows no encryption") }
    if document.trailer["ID"]?.items.count != 2 { add("trailer-id", "the trailer has no /ID") }
    for warning in document.warnings { add("syntax", "libqpdf had to repair the file: \(warning)") }
  }

  /// Checks the output intent; returns its profile's colour components when there is one.
  private mutating func checkOutputIntent() -> Int? {
    let intents = (document.root["OutputIntents"]?.items ?? []).filter { $0["S"]?.name == "GTS_PDFX" }
    guard let intent = intents.first else {
      add("output-intent", "no /OutputIntents entry of subtype /GTS_PDFX names the printing condition")
      return nil
    }
    if intents.count > 1 {
      add("output-intent", "\(intents.count) /GTS_PDFX output intents; PDF/X allows one")
    }
    if (intent["OutputConditionIdentifier"]?.text ?? "").isEmpty {
      add("output-intent", object: intent.reference, "the output intent has no /OutputConditionIdentifier")
    }
    guard let profile = intent["DestOutputProfile"], let bytes = profile.streamData() else {
      add(
        "output-intent", object: intent.reference,
        "the output intent embeds no /DestOutputProfile (PDF/X-4 needs it)")
      return nil
    }
    guard bytes.count >= 132, String(decoding: bytes[36..<40], as: UTF8.self) == "acsp" else {
      add("output-intent", object: profile.reference, "the destination profile is not an ICC profile")
      return nil
    }
    let space = String(decoding: bytes[16..<20], as: UTF8.self)
    let components = ["CMYK": 4, "RGB ": 3, "GRAY": 1][space]
    if String(decoding: bytes[12..<16], as: UTF8.self) != "prtr" {
      add(
        "output-intent", object: profile.reference,
        "the destination profile is not an output (printer) profile")
    }
    if let declared = profile["N"]?.number, let components, Int(declared) != components {
      add(
        "output-intent", object: profile.reference,
        "/N is \(Int(declared)) but the profile has \(components) components")
    }
    return components
  }

  private mutating func checkMetadata() {
    let info = document.trailer["Info"]
    let version = info?["GTS_PDFXVersion"]?.text
    if version?.hasPrefix("PDF/X-4") != true {
      add(
        "pdfx-version", object: info?.reference,
        "the Info dictionary's /GTS_PDFXVersion is \(version.map { "'\($0)'" } ?? "missing"), not PDF/X-4")
    }
    let trapped = info?["Trapped"]?.name
    if trapped != "True" && trapped != "False" {
      add(
        "trapped", object: info?.reference, "/Trapped is \(trapped ?? "missing"); PDF/X needs True or False")
    }
    guard let xmp = XMPPacket(document) else {
      add("metadata", "the catalog has no XMP /Metadata stream")
      return
    }
    if xmp.value("pdfxid:GTS_PDFXVersion")?.hasPrefix("PDF/X-4") != true {
      add("metadata", "XMP has no pdfxid:GTS_PDFXVersion of PDF/X-4")
    }
    for property in [
      "xmp:CreateDate", "xmp:ModifyDate", "xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass",
    ]
    where xmp.value(property) == nil {
      add("metadata", "XMP has no \(property)")
    }
    if let trapped, let stated = xmp.value("pdf:Trapped"), stated != trapped {
      add("metadata", "XMP pdf:Trapped is \(stated) but Info /Trapped is \(trapped)")
    }
    if let title = info?["Title"]?.text, let stated = xmp.value("dc:title"), stated != title {
      add("metadata", "XMP dc:title '\(stated)' differs from Info /Title '\(title)'")
    }
  }

  private mutating func checkPages(intentComponents: Int?) {
    for (index, page) in document.pages().enumerated() {
      let number = index + 1
      guard let media = page["MediaBox"]?.rectangle else {
        add("boxes", page: number, object: page.reference, "the page has no /MediaBox")
        continue
      }
      let trim = page["TrimBox"]?.rectangle
      let art = page["ArtBox"]?.rectangle
      let bleed = page["BleedBox"]?.rectangle
      if trim == nil && art == nil {
        add("boxes", page: number, object: page.reference, "the page has neither /TrimBox nor /ArtBox")
      }
      if trim != nil && art != nil {
        add("boxes", page: number, object: page.reference, "the page has both /TrimBox and /ArtBox")
      }
      if let bleed, !Self.contains(media, bleed) {
        add(
          "boxes", page: number, object: page.reference,
          "the /BleedBox \(bleed) reaches past the /MediaBox \(media)")
      }
      if let trim, !Self.contains(bleed ?? media, trim) {
        add(
          "boxes", page: number, object: page.reference,
          "the /TrimBox \(trim) reaches past the \(bleed == nil ? "/MediaBox" : "/BleedBox")")
      }
      var scanner = ContentScanner()
      scanner.scan(page: page)
      if scanner.isTooComplex {
        add(
          "complexity", page: number, object: page.reference,
          "the page draws more than \(ContentScanner.largestFormCount) forms; what lies past them is not checked"
        )
      }
      for placement in scanner.placements where placement.ppi < minimumPPI {
        add(
          "image-resolution", page: number, object: placement.image.reference,
          "an image prints at \(Int(placement.ppi.rounded(.down))) ppi, below \(Int(minimumPPI))")
      }
      if intentComponents == 4 {
        checkInk(scanner, page: page, number: number)
      } else if scanner.usesDeviceCMYK {
        add(
          "colour", page: number, object: page.reference,
          "device CMYK is used, but the output intent is not CMYK")
      }
      if intentComponents != 3 {
        if scanner.usesUntaggedRGB {
          add(
            "colour", page: number, object: page.reference,
            "device RGB is used without a /DefaultRGB colour space, and the output intent is not RGB")
        }
        if let group = page["Group"], group["CS"]?.name == "DeviceRGB",
          page["Resources"]?["ColorSpace"]?["DefaultRGB"] == nil
        {
          add(
            "colour", page: number, object: page.reference,
            "the page's transparency group blends in device RGB without a /DefaultRGB")
        }
      }
    }
  }

  /// The total ink of the page's CMYK colours and of each CMYK image on it (once a file)
  /// against ``maximumInk``.
  private mutating func checkInk(_ scanner: ContentScanner, page: PDFObject, number: Int) {
    let limit = maximumInk == maximumInk.rounded() ? String(Int(maximumInk)) : String(maximumInk)
    // Rounded as a percentage is printed: 300.4% is within 300%.
    if scanner.highestInk.rounded() > maximumInk {
      add(
        "total-ink", page: number, object: page.reference,
        "a CMYK colour asks for \(Int(scanner.highestInk.rounded()))% total ink, above \(limit)%")
    }
    for placement in scanner.placements where placement.isCMYK {
      let key = placement.image.reference ?? "page \(number)"
      guard inkChecked.insert(key).inserted else { continue }
      switch InkCoverage.highest(of: placement.image) {
      case .highest(let ink) where ink.rounded() > maximumInk:
        add(
          "total-ink", page: number, object: placement.image.reference,
          "a CMYK image reaches \(Int(ink.rounded()))% total ink, above \(limit)%")
      case .highest: break
      case .notChecked(let reason):
        add(
          "total-ink", page: number, object: placement.image.reference,
          "the total ink of a CMYK image was not checked: \(reason)")
      }
    }
  }

  private mutating func checkFonts() {
    var unembedded: [(String, String?)] = []
    document.forEachObject { object in
      guard object["Type"]?.name == "Font", let subtype = object["Subtype"]?.name, subtype != "Type3" else {
        return
      }
      let font = subtype == "Type0" ? object["DescendantFonts"]?.items.first : object
      let descriptor = font?["FontDescriptor"]
      if !["FontFile", "FontFile2", "FontFile3"].contains(where: { descriptor?[$0] != nil }) {
        unembedded.append((object["BaseFont"]?.name ?? "unnamed", object.reference))
      }
    }
    for (name, reference) in unembedded {
      add("fonts", object: reference, "the font \(name) is not embedded")
    }
  }

  /// Whether `inner` lies within `outer`, exactly.
  private static func contains(_ outer: [Double], _ inner: [Double]) -> Bool {
    inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3]
  }
}

import SheetSupport

/// Reads a page's content streams for what preflight needs: where each image is placed (its
/// transformation, so its effective resolution), whether device RGB or CMYK is used, and the
/// most ink a CMYK colour asks for. Not a renderer: text, paths and most operators are skipped
/// unread.
struct ContentScanner {
  /// An image drawn: the image XObject, its pixels per inch, and whether its samples are CMYK.
  struct Placement {
    var image: PDFObject
    var ppi: Double
    var isCMYK: Bool
  }

  private(set) var placements: [Placement] = []
  /// Whether `rg`, `RG` or a `/DeviceRGB` colour space was used in content whose resources
  /// give no `DefaultRGB`.
  private(set) var usesUntaggedRGB = false
  /// Whether device CMYK is used: `k`, `K`, a `/DeviceCMYK` colour space or image.
  private(set) var usesDeviceCMYK = false
  /// The most total ink (C+M+Y+K, in percent) a CMYK colour set by the content asks for; 0
  /// for none.
  private(set) var highestInk = 0.0
  /// Whether the page drew more forms than are checked (``largestFormCount``): what lies past
  /// them is not checked.
  private(set) var isTooComplex = false
  private var visitedForms: Set<String> = []
  private var formsDrawn = 0
  /// The most form invocations followed on a page: a hostile file of forms each drawing the
  /// next many times would otherwise take exponential time.
  static let largestFormCount = 100_000

  /// Scans `page`'s content.
  mutating func scan(page: PDFObject) {
    scan(
      content: page.pageContent(), resources: page["Resources"], matrix: .identity, depth: 0,
      defaultRGB: false)
  }

  /// What the scan follows of the graphics state (saved by `q`, restored by `Q`).
  private struct State {
    var matrix: Matrix
    /// Whether the fill and stroke colour spaces are CMYK (device or ICC-based).
    var fillIsCMYK = false
    var strokeIsCMYK = false
  }

  /// Whether the colour space named `name` (an operand of `cs` or `CS`: a device space or one
  /// of `resources`) is CMYK; notes device CMYK.
  private mutating func isCMYK(named name: String, resources: PDFObject?) -> Bool {
    guard !name.hasPrefix("Device") else { return isCMYK(deviceSpace: name) }
    return isCMYK(resources?["ColorSpace"]?[name])
  }

  /// Whether the colour space `space` (a device space's name, or an array such as
  /// `[/ICCBased …]`) is CMYK; notes device CMYK. Indexed and separation spaces are not
  /// followed.
  private mutating func isCMYK(_ space: PDFObject?) -> Bool {
    guard let space else { return false }
    if let name = space.name { return isCMYK(deviceSpace: name) }
    let items = space.items
    return items.count == 2 && items[0].name == "ICCBased" && items[1]["N"]?.number == 4
  }

  private mutating func isCMYK(deviceSpace name: String) -> Bool {
    guard name == "DeviceCMYK" else { return false }
    usesDeviceCMYK = true
    return true
  }

  /// Notes the ink of a CMYK colour given by its last four operands.
  private mutating func noteInk(_ operands: [ContentTokenizer.Token]) {
    let values = operands.suffix(4).compactMap(\.number)
    guard values.count == 4 else { return }
    highestInk = max(highestInk, values.reduce(0) { $0 + min(max($1, 0), 1) } * 100)
  }

  private mutating func scan(
    content: [UInt8], resources: PDFObject?, matrix: Matrix, depth: Int, defaultRGB: Bool
  ) {
    let defaultRGB = defaultRGB || resources?["ColorSpace"]?["DefaultRGB"] != nil
    var tokenizer = ContentTokenizer(content)
    var operands: [ContentTokenizer.Token] = []
    var stack: [State] = []
    var state = State(matrix: matrix)
    while let token = tokenizer.next() {
      guard case .operator(let op) = token else {
        operands.append(token)
        if operands.count > 64 { operands.removeFirst() }
        continue
      }
      switch op {
      case "q": stack.append(state)
      case "Q": state = stack.popLast() ?? state
      case "cm":
        let numbers = operands.suffix(6).compactMap(\.number)
        if numbers.count == 6 {
          state.matrix = Matrix(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]).then(
            state.matrix)
        }
      case "rg", "RG":
        if !defaultRGB { usesUntaggedRGB = true }
      case "k", "K":
        usesDeviceCMYK = true
        noteInk(operands)
      case "cs", "CS":
        guard case .name(let name)? = operands.last else { break }
        if name == "DeviceRGB" && !defaultRGB { usesUntaggedRGB = true }
        let cmyk = isCMYK(named: name, resources: resources)
        if op == "cs" { state.fillIsCMYK = cmyk } else { state.strokeIsCMYK = cmyk }
      case "sc", "scn":
        if state.fillIsCMYK { noteInk(operands) }
      case "SC", "SCN":
        if state.strokeIsCMYK { noteInk(operands) }
      case "Do":
        guard case .name(let name)? = operands.last, let object = resources?["XObject"]?[name] else { break }
        switch object["Subtype"]?.name {
        case "Image":
          guard object["ImageMask"]?.bool != true, let width = object["Width"]?.number,
            let height = object["Height"]?.number
          else { break }
          let (across, down) = state.matrix.unitSquareSides
          guard across > 0.01, down > 0.01 else { break }
          placements.append(
            Placement(
              image: object, ppi: min(width / (across / 72), height / (down / 72)),
              isCMYK: isCMYK(object["ColorSpace"])))
          if object["ColorSpace"]?.name == "DeviceRGB" && !defaultRGB { usesUntaggedRGB = true }
        case "Form":
          let key = object.reference ?? name
          guard formsDrawn < Self.largestFormCount else {
            isTooComplex = true
            break
          }
          formsDrawn += 1
          guard depth < 12, !visitedForms.contains(key), let data = object.streamData() else { break }
          visitedForms.insert(key)
          let numbers = object["Matrix"]?.items.compactMap(\.number) ?? []
          let form =
            numbers.count == 6
            ? Matrix(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]) : .identity
          // A form with resources of its own looks default colour spaces up in them alone.
          let own = object["Resources"]
          scan(
            content: data, resources: own ?? resources, matrix: form.then(state.matrix), depth: depth + 1,
            defaultRGB: own == nil && defaultRGB)
          visitedForms.remove(key)
        default: break
        }
      default: break
      }
      operands.removeAll(keepingCapacity: true)
    }
  }
}

/// A PDF transformation matrix `[a b c d e f]`.
struct Matrix {
  var a, b, c, d, e, f: Double
  static let identity = Matrix(1, 0, 0, 1, 0, 0)

  init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
    (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
  }

  /// This transformation followed by `other` (PDF's `cm` order: the new matrix times the CTM).
  func then(_ other: Matrix) -> Matrix {
    Matrix(
      a * other.a + b * other.c, a * other.b + b * other.d, c * other.a + d * other.c,
      c * other.b + d * other.d,
      e * other.a + f * other.c + other.e, e * other.b + f * other.d + other.f)
  }

  /// The lengths, in points, of the unit square's two sides once transformed: an image's
  /// placed width and height.
  var unitSquareSides: (Double, Double) { ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }
}

import SheetSupport

/// Reads a page's content streams for what preflight needs: where each image is placed (its
/// transformation, so its effective resolution) and whether RGB is used by colour operators.
/// Not a renderer: text, paths and most operators are skipped unread.
struct ContentScanner {
  /// An image drawn: the image XObject, the page it is on, and its pixels per inch.
  struct Placement {
    var image: PDFObject
    var ppi: Double
  }

  private(set) var placements: [Placement] = []
  /// Whether `rg`, `RG` or a `/DeviceRGB` colour space was used in content whose resources
  /// give no `DefaultRGB`.
  private(set) var usesUntaggedRGB = false
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

  private mutating func scan(
    content: [UInt8], resources: PDFObject?, matrix: Matrix, depth: Int, defaultRGB: Bool
  ) {
    let defaultRGB = defaultRGB || resources?["ColorSpace"]?["DefaultRGB"] != nil
    var tokenizer = ContentTokenizer(content)
    var operands: [ContentTokenizer.Token] = []
    var stack: [Matrix] = []
    var current = matrix
    while let token = tokenizer.next() {
      guard case .operator(let op) = token else {
        operands.append(token)
        if operands.count > 64 { operands.removeFirst() }
        continue
      }
      switch op {
      case "q": stack.append(current)
      case "Q": current = stack.popLast() ?? current
      case "cm":
        let numbers = operands.suffix(6).compactMap(\.number)
        if numbers.count == 6 {
          current = Matrix(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]).then(
            current)
        }
      case "rg", "RG":
        if !defaultRGB { usesUntaggedRGB = true }
      case "cs", "CS":
        if case .name("DeviceRGB")? = operands.last, !defaultRGB { usesUntaggedRGB = true }
      case "Do":
        guard case .name(let name)? = operands.last, let object = resources?["XObject"]?[name] else { break }
        switch object["Subtype"]?.name {
        case "Image":
          guard object["ImageMask"]?.bool != true, let width = object["Width"]?.number,
            let height = object["Height"]?.number
          else { break }
          let (across, down) = current.unitSquareSides
          guard across > 0.01, down > 0.01 else { break }
          placements.append(Placement(image: object, ppi: min(width / (across / 72), height / (down / 72))))
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
            content: data, resources: own ?? resources, matrix: form.then(current), depth: depth + 1,
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

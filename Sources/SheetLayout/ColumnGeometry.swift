/// The content box and the column (or cell) widths derived from the options, validated.
struct ColumnGeometry {
  /// The area cards and banners go in: the page inside its margins, minus header and footer.
  let content: Rect
  let count: Int
  /// Outer width of a column or cell.
  let width: Double
  /// Width inside the padding: the image and caption width.
  let innerWidth: Double
  /// Sideways shift of odd rows in staggered mode (zero otherwise).
  let stagger: Double
  /// The side of a card's QR code (`qrCodeSize`, at most `innerWidth`), 0 for none.
  let qrCode: Double
  /// Whether QR codes stand beside the caption rather than below it (``QRCodePosition``).
  let qrBeside: Bool
  /// The width captions wrap at: `innerWidth`, less ``besideRoom``.
  let captionWidth: Double
  /// Room at each caption's right for QR codes beside it (a code and a caption gap), kept on
  /// every card, with a code or not, so captions line up; 0 when codes go below.
  var besideRoom: Double { innerWidth - captionWidth }

  /// Validates `options`; `reservedTop` and `reservedBottom` are the header and footer heights
  /// (with their gaps) taken from every page.
  init(options: LayoutOptions, reservedTop: Double = 0, reservedBottom: Double = 0) throws {
    try Self.validate(options)
    let margins = options.margins
    let pageWidth = options.page.width
    let pageHeight: Double
    switch options.page {
    case .paper(_, let height): pageHeight = height
    case .continuous: pageHeight = .infinity
    }
    content = Rect(
      x: margins.left, y: margins.top + reservedTop, width: pageWidth - margins.left - margins.right,
      height: pageHeight - margins.top - margins.bottom - reservedTop - reservedBottom)
    guard content.width > 0, content.height > 0 else {
      throw LayoutError(
        .margin,
        "the margins\(reservedTop + reservedBottom > 0 ? ", header and footer" : "") leave no room on a \(Self.format(pageWidth))×\(Self.format(pageHeight)) pt page; use smaller margins or a bigger \(setting: .page)"
      )
    }
    switch options.columns {
    case .count(let n):
      guard n > 0, n <= 10_000 else {
        throw LayoutError(.columns, "must be between 1 and 10000 (got \(n))")
      }
      count = n
    case .minimumWidth(let minimum):
      guard minimum > 0, minimum.isFinite else {
        throw LayoutError(.columnWidth, "must be more than 0 (got \(minimum))")
      }
      count = max(
        1, min(10_000, Int(((content.width + options.gutter) / (minimum + options.gutter)).rounded(.down))))
    }
    let gutters = options.gutter * Double(count - 1)
    guard gutters < content.width else {
      throw LayoutError(
        .gutter,
        "\(count - 1) gutters of \(Self.format(options.gutter)) pt take more than the \(Self.format(content.width)) pt between the margins; use a smaller \(setting: .gutter) or fewer columns"
      )
    }
    let shiftFraction = options.mode.placer.rowShift(options)
    width = (content.width - gutters) / (Double(count) + shiftFraction)
    stagger = width * shiftFraction
    innerWidth = width - 2 * options.padding
    guard innerWidth >= 1 else {
      throw LayoutError(
        options.columns.setting,
        "\(count) columns of \(Self.format(width)) pt leave no room inside \(setting: .padding) \(Self.format(options.padding)) pt; use fewer columns or less padding"
      )
    }
    qrCode = min(options.qrCodeSize ?? 0, innerWidth)
    let besideWidth = innerWidth - qrCode - options.captionGap
    switch options.qrCodePosition {
    case _ where options.mode == .justified: qrBeside = false
    case .below: qrBeside = false
    case .beside: qrBeside = qrCode > 0 && besideWidth >= Self.narrowestCaption
    case .auto: qrBeside = qrCode > 0 && besideWidth >= max(qrCode, Self.narrowestCaption)
    }
    captionWidth = qrBeside ? besideWidth : innerWidth
  }

  /// The narrowest caption beside a QR code, in points (about eight letters at 7 pt): a card
  /// narrower than this and its code puts the code below even when asked to put it beside.
  static let narrowestCaption = 36.0

  private static func validate(_ options: LayoutOptions) throws {
    let pageWidth = options.page.width
    guard pageWidth.isFinite, pageWidth > 0, pageWidth < 1e7 else {
      throw LayoutError(.page, "the page width must be a positive number of points (got \(pageWidth))")
    }
    if case .paper(_, let height) = options.page, !(height.isFinite && height > 0 && height < 1e7) {
      throw LayoutError(.page, "the page height must be a positive number of points (got \(height))")
    }
    let margins = options.margins
    for (setting, value) in [
      (LayoutSetting.gutter, options.gutter), (.rowGap, options.rowGap), (.padding, options.padding),
      (.captionGap, options.captionGap), (.margin, margins.top), (.margin, margins.right),
      (.margin, margins.bottom), (.margin, margins.left), (.bannerPadding, options.bannerPadding),
    ] where !(value >= 0 && value < 1e7) {
      throw LayoutError(setting, "must be zero or more (got \(value))")
    }
    if let aspect = options.imageAspect, !(aspect > 0 && aspect.isFinite) {
      throw LayoutError(.imageAspect, "must be W:H with both sides more than 0, e.g. 4:3")
    }
    if let side = options.qrCodeSize, !(side > 0 && side < 1e7) {
      throw LayoutError(.qrSize, "must be more than 0 (got \(side))")
    }
    if let columns = options.indexColumns, !(1...10).contains(columns) {
      throw LayoutError(.indexColumns, "must be between 1 and 10 (got \(columns))")
    }
    if let limit = options.maxImageHeight, !(limit > 0 && limit.isFinite) {
      throw LayoutError(.maxImageHeight, "must be more than 0 (got \(limit))")
    }
    if let cadence = options.bannerCadence, cadence.every < 1 {
      throw LayoutError(.bannerEvery, "must be 1 or more (got \(cadence.every))")
    }
    guard options.balance >= 0, options.balance <= 1000 else {
      throw LayoutError(.balance, "must be between 0 and 1000 positions (got \(options.balance))")
    }
    guard options.staggerOffset >= 0, options.staggerOffset < 1 else {
      throw LayoutError(.stagger, "must be at least 0 and less than 1 (got \(options.staggerOffset))")
    }
    if let height = options.rowHeight, !(height > 0) {
      throw LayoutError(.rowHeight, "must be more than 0 (got \(height))")
    }
    guard options.rowHeightTolerance >= 0, options.rowHeightTolerance < 1 else {
      throw LayoutError(
        .rowHeightTolerance, "must be at least 0 and less than 1 (got \(options.rowHeightTolerance))")
    }
    if let every = options.fullWidthEvery, every < 2 {
      throw LayoutError(.fullWidthEvery, "must be 2 or more rows (got \(every))")
    }
    if options.fullWidthEvery != nil && options.rowBreaker == .balanced {
      throw LayoutError(
        .fullWidthEvery, "is for the greedy row breaker; the balanced one chooses every row itself")
    }
  }

  /// The left edge of `column` (counted from the left) in a row shifted by `shift`.
  func columnX(_ column: Int, gutter: Double, shift: Double = 0) -> Double {
    content.x + shift + Double(column) * (width + gutter)
  }

  static func format(_ value: Double) -> String {
    String(Double((value * 10).rounded() / 10))
  }
}

extension ColumnRule {
  /// The setting that sets this rule.
  var setting: LayoutSetting {
    switch self {
    case .count: .columns
    case .minimumWidth: .columnWidth
    }
  }
}

/// An element's boxes and texts as the layout's JSON names them, each nil for the kinds that
/// have none: what exports and a quick look at a layout read without switching on the kind.
extension LayoutElement {
  /// For cards: the index of the item in the input's items.
  public var item: Int? { card?.item }
  /// For cards: the column the card stands in.
  public var column: Int? { card?.column }
  /// For cards: the box the image fills; for pictures, their frame.
  public var image: Rect? {
    switch self {
    case .card(let card): card.image
    case .picture(let picture): picture.frame
    default: nil
    }
  }
  /// For cards: the box of the caption; for banners and the cover, of the title; for headers,
  /// footers and entries, of the text (their frame).
  public var caption: Rect? {
    switch self {
    case .card(let card): card.caption
    case .banner(let banner): banner.titleFrame
    case .header(let text), .footer(let text): text.frame
    case .entry(let entry): entry.frame
    case .cover(let cover): cover.titleFrame
    case .picture: nil
    }
  }
  /// For banners and the cover: the title; for headers, footers and entries: the text.
  public var text: String? {
    switch self {
    case .banner(let banner): banner.title
    case .header(let text), .footer(let text): text.text
    case .entry(let entry): entry.text
    case .cover(let cover): cover.title
    case .card, .picture: nil
    }
  }
  /// For banners and the cover: the subtitle; for entries: the page number.
  public var subtitle: String? {
    switch self {
    case .banner(let banner): banner.subtitle
    case .entry(let entry): entry.pageNumber
    case .cover(let cover): cover.subtitle
    default: nil
    }
  }
  /// For banners and the cover: the box of the subtitle.
  public var subtitleFrame: Rect? {
    switch self {
    case .banner(let banner): banner.subtitleFrame
    case .cover(let cover): cover.subtitleFrame
    default: nil
    }
  }
  /// For cards whose image does not fill the box reserved for it: that box.
  public var imageArea: Rect? { card?.imageArea }
  /// For cards scaled down to fit a page: true; nil otherwise.
  public var scaledToFit: Bool? { card?.scaledToFit == true ? true : nil }
  /// For banners made from a change of section: the section's name.
  public var section: String? { banner?.section }
  /// For cards with a QR code: the square it fills.
  public var qrCode: Rect? { card?.qrCode }
  /// For entries: where they go.
  public var target: ElementTarget? {
    if case .entry(let entry) = self { entry.target } else { nil }
  }
}

extension LayoutElement: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, item, column, frame, image, imageArea, scaledToFit, section, caption, text, subtitle
    case subtitleFrame, qrCode, target
  }

  /// Decodes what `encode(to:)` writes, refusing an element without the fields its kind needs.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let frame = try container.decode(Rect.self, forKey: .frame)
    func required<Value: Decodable>(_ key: CodingKeys) throws -> Value {
      try container.decode(Value.self, forKey: key)
    }
    func optional<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
      try container.decodeIfPresent(Value.self, forKey: key)
    }
    switch try container.decode(ElementKind.self, forKey: .kind) {
    case .card:
      self = .card(
        CardElement(
          item: try required(.item), column: try optional(.column), frame: frame, image: try required(.image),
          caption: try required(.caption), imageArea: try optional(.imageArea), qrCode: try optional(.qrCode),
          scaledToFit: try optional(.scaledToFit) ?? false))
    case .banner:
      self = .banner(
        BannerElement(
          frame: frame, titleFrame: try required(.caption), title: try required(.text),
          subtitle: try optional(.subtitle), subtitleFrame: try optional(.subtitleFrame),
          section: try optional(.section)))
    case .header: self = .header(PageTextElement(frame: frame, text: try required(.text)))
    case .footer: self = .footer(PageTextElement(frame: frame, text: try required(.text)))
    case .entry:
      self = .entry(
        EntryElement(
          frame: frame, text: try required(.text), pageNumber: try required(.subtitle),
          target: try required(.target)))
    case .cover:
      self = .cover(
        CoverElement(
          frame: frame, titleFrame: try required(.caption), title: try required(.text),
          subtitle: try optional(.subtitle), subtitleFrame: try optional(.subtitleFrame)))
    case .picture: self = .picture(PictureElement(frame: frame))
    }
  }

  /// Encodes the fields the element has, in the order earlier versions wrote them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encodeIfPresent(item, forKey: .item)
    try container.encodeIfPresent(column, forKey: .column)
    try container.encode(frame, forKey: .frame)
    try container.encodeIfPresent(image, forKey: .image)
    try container.encodeIfPresent(imageArea, forKey: .imageArea)
    try container.encodeIfPresent(scaledToFit, forKey: .scaledToFit)
    try container.encodeIfPresent(section, forKey: .section)
    try container.encodeIfPresent(caption, forKey: .caption)
    try container.encodeIfPresent(text, forKey: .text)
    try container.encodeIfPresent(subtitle, forKey: .subtitle)
    try container.encodeIfPresent(subtitleFrame, forKey: .subtitleFrame)
    try container.encodeIfPresent(qrCode, forKey: .qrCode)
    try container.encodeIfPresent(target, forKey: .target)
  }
}

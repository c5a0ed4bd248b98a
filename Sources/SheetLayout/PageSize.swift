/// The paper a layout is placed on, or one continuous sheet that grows with its content.
public enum PageSize: Hashable, Sendable {
  /// A fixed sheet of paper, in points.
  case paper(width: Double, height: Double)
  /// One page of the given width whose height grows with the content.
  case continuous(width: Double)

  /// A named ISO or US paper size, in portrait.
  public static func named(_ name: String) -> PageSize? {
    guard let size = namedSizes[name.lowercased()] else { return nil }
    return .paper(width: size.width, height: size.height)
  }

  /// The names accepted by `named(_:)`.
  public static let names = ["a3", "a4", "a5", "letter", "legal", "tabloid"]

  private static let millimetre = 72.0 / 25.4
  private static let namedSizes: [String: Size] = [
    "a3": Size(width: 297 * millimetre, height: 420 * millimetre),
    "a4": Size(width: 210 * millimetre, height: 297 * millimetre),
    "a5": Size(width: 148 * millimetre, height: 210 * millimetre),
    "letter": Size(width: 612, height: 792),
    "legal": Size(width: 612, height: 1008),
    "tabloid": Size(width: 792, height: 1224),
  ]

  /// The same paper turned sideways (width and height swapped); continuous sheets are unchanged.
  public var landscape: PageSize {
    switch self {
    case .paper(let width, let height): .paper(width: max(width, height), height: min(width, height))
    case .continuous: self
    }
  }

  /// The page width in points.
  public var width: Double {
    switch self {
    case .paper(let width, _), .continuous(let width): width
    }
  }
}

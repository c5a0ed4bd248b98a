/// The words the renderer prints of its own, in the document's language.
public struct RenderWords: Sendable, Hashable {
  /// The cover's page label in a PDF viewer.
  public var cover: String
  /// A card with no picture.
  public var noImage: String
  /// Before a file's name on a card whose picture cannot be shown.
  public var cannotShow: String

  /// English words by default.
  public init(cover: String = "Cover", noImage: String = "No image", cannotShow: String = "Cannot show") {
    self.cover = cover
    self.noImage = noImage
    self.cannotShow = cannotShow
  }
}

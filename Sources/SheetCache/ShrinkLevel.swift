import SheetImages

/// The canonical size a photo is decoded at for a card: a power-of-two fraction (1, 1/2, 1/4
/// or 1/8) of its upright size, the coarsest that is still twice the card, counting a card
/// narrower than the proof width (``proofCardWidth``) as that wide.
///
/// This is what the cache stores and what a run without the cache decodes, so both paths
/// resample the same pixels. Asking every codec for exactly 1/2^k of the image (JPEG's DCT
/// scaling, WebP's scaling, PNG's whole-factor shrink all land on it) means the decoded pixels
/// depend on the card's size only through k, and the proof width keeps k the same over the
/// cards a contact sheet has: other columns, paper or captions reuse the same entries.
package struct ShrinkLevel: Hashable, Sendable {
  /// The power of two the image is divided by: 0 (full size) … 3 (1/8).
  package let exponent: Int
  /// The upright size asked of the decoder.
  package let minimumSize: PixelSize
  /// Whether the level is one of the file's embedded previews (a HEIF thumbnail, a RAW's JPEG
  /// preview), whose size is then `minimumSize`: decoding it is far cheaper than the image.
  package let isPreview: Bool

  /// How many times a card's size the level is at least: JPEG's DCT scaling is a block
  /// average, so leaving the resampler at least a 2× reduction keeps fine detail from aliasing
  /// (libvips and Pillow leave the same).
  package static let oversampling = 2

  /// The width in pixels below which a card is decoded for as if it were that wide (keeping
  /// its shape). Contact sheets are laid out in columns, so a re-render with other columns or
  /// paper changes the cards' width: without a floor, one column fewer (cards 1.2-1.3× wider)
  /// would need a finer level for about a fifth of the photos, a cache miss. With it, every
  /// card up to 384 px wide (5 or more columns on A4 or Letter at 300 ppi, 3 or more at 150)
  /// decodes at the same level, whatever the photo's orientation, at the cost of decoding
  /// narrow cards' photos at up to 768 px wide.
  package static let proofCardWidth = 384

  /// The level for a card of `card` pixels of an upright `width`×`height` image: the coarsest
  /// whose size is at least ``oversampling`` times the card (widened to ``proofCardWidth``)
  /// on both sides; when even the full size is smaller, 1/2 if that still covers the card
  /// itself twice over, else full size; or the smallest of the file's
  /// embedded `previews` (upright sizes) that covers the card itself, when it is smaller than
  /// that level. A preview is already a clean reduction of the image, so it needs only to
  /// cover the size drawn, and decoding one again for a larger card costs little. The choice
  /// depends on the header and the card alone, so the cache and a run without it decode the
  /// same pixels.
  package init(card: PixelSize, width: Int, height: Int, previews: [PixelSize] = []) {
    var exponent = Self.coarsest(covering: Self.widenedToProof(card), width: width, height: height)
    if exponent == 0 {
      // The proof width never asks for the whole image: a photo too small for it at 1/2 (under
      // about 1536 px wide) decodes fast anyway, and at full size a JPEG or WebP is not cached.
      exponent = min(1, Self.coarsest(covering: card, width: width, height: height))
    }
    self.exponent = exponent
    let level = PixelSize(
      width: Self.divided(width, by: exponent), height: Self.divided(height, by: exponent))
    let preview =
      previews
      .filter { $0.width >= card.width && $0.height >= card.height }
      .min { $0.width * $0.height < $1.width * $1.height }
    if let preview, preview.width * preview.height < level.width * level.height {
      minimumSize = preview
      isPreview = true
    } else {
      minimumSize = level
      isPreview = false
    }
  }

  /// The largest exponent (3 at most) whose level of `width`×`height` is at least
  /// ``oversampling`` times `card` on both sides; 0 when none is.
  static func coarsest(covering card: PixelSize, width: Int, height: Int) -> Int {
    for exponent in stride(from: 3, through: 1, by: -1)
    where divided(width, by: exponent) >= card.width * oversampling
      && divided(height, by: exponent) >= card.height * oversampling
    {
      return exponent
    }
    return 0
  }

  /// `card`, or when it is narrower than ``proofCardWidth`` the card of its shape that wide.
  /// A card's pixel height is itself rounded, so the same photo's cards in other columns
  /// have shapes a little apart, and a photo whose level is exactly twice the widened card
  /// (any 768·2^k px wide) would miss or hit on that rounding alone: the widened height is the
  /// least the card's height allows (half a pixel less), rounded down, and never below the
  /// card's own.
  static func widenedToProof(_ card: PixelSize) -> PixelSize {
    guard card.width < proofCardWidth else { return card }
    let least = (2 * max(card.height, 1) - 1) * proofCardWidth / (2 * max(card.width, 1))
    return PixelSize(width: proofCardWidth, height: max(card.height, least, 1))
  }

  /// `length` divided by 2^`exponent`, rounded up (as TurboJPEG's `TJSCALED` rounds).
  private static func divided(_ length: Int, by exponent: Int) -> Int {
    (length + (1 << exponent) - 1) >> exponent
  }
}

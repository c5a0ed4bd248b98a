import SheetImages

/// The canonical size a photo is decoded at for a card: a power-of-two fraction (1, 1/2, 1/4
/// or 1/8) of its upright size, the coarsest that is still at least the size asked for and
/// never below the proof size (see ``proofLongSide``).
///
/// This is what the cache stores and what a run without the cache decodes, so both paths
/// resample the same pixels. Asking every codec for exactly 1/2^k of the image (JPEG's DCT
/// scaling, WebP's scaling, PNG's whole-factor shrink all land on it) means the decoded pixels
/// depend on the card's size only through k, and the proof floor keeps k the same over the
/// cards a contact sheet has: other columns, paper or captions reuse the same entries.
package struct ShrinkLevel: Hashable, Sendable {
  /// The power of two the image is divided by: 0 (full size) … 3 (1/8).
  package let exponent: Int
  /// The upright size asked of the decoder.
  package let minimumSize: PixelSize
  /// Whether the level is one of the file's embedded previews (a HEIF thumbnail, a RAW's JPEG
  /// preview), whose size is then `minimumSize`: decoding it is far cheaper than the image.
  package let isPreview: Bool

  /// The long side below which 1/8 is not used. Without a floor, the level follows the card
  /// size, and a re-render with one column fewer (cards 1.2× larger) would need a finer level
  /// for about a quarter of the photos: a cache miss. With it, a 12-24 MP photo is decoded at
  /// 1/4 (1000-1500 px) for every card up to half that size, which covers contact sheets of
  /// three or more columns at 300 ppi, for about 10% more decoding than 1/8 would take.
  package static let proofLongSide = 960

  /// The coarsest level of an upright `width`×`height` image whose size is at least
  /// `wanted` on both sides (full size when even that is smaller), and which is 1/4 or finer
  /// unless 1/8 still has a long side of ``proofLongSide``; or the smallest of the file's
  /// embedded `previews` (upright sizes) that covers `placed` (the size drawn; by default
  /// `wanted`), when it is smaller than that level. A preview is already a clean reduction of
  /// the image, so it needs only to cover the size drawn, where a decoder's own shrinking (an
  /// 8×8 average) is asked for twice that. The choice depends on the header and the card
  /// alone, so the cache and a run without it decode the same pixels.
  package init(
    wanted: PixelSize, width: Int, height: Int, previews: [PixelSize] = [], placed: PixelSize? = nil
  ) {
    let placed = placed ?? wanted
    var exponent = 0
    for candidate in stride(from: 3, through: 1, by: -1) {
      let scaledWidth = Self.divided(width, by: candidate)
      let scaledHeight = Self.divided(height, by: candidate)
      let aboveFloor = candidate < 3 || max(scaledWidth, scaledHeight) >= Self.proofLongSide
      if aboveFloor && scaledWidth >= wanted.width && scaledHeight >= wanted.height {
        exponent = candidate
        break
      }
    }
    self.exponent = exponent
    let level = PixelSize(
      width: Self.divided(width, by: exponent), height: Self.divided(height, by: exponent))
    let preview =
      previews
      .filter { $0.width >= placed.width && $0.height >= placed.height }
      .min { $0.width * $0.height < $1.width * $1.height }
    if let preview, preview.width * preview.height < level.width * level.height {
      minimumSize = preview
      isPreview = true
    } else {
      minimumSize = level
      isPreview = false
    }
  }

  /// `length` divided by 2^`exponent`, rounded up (as TurboJPEG's `TJSCALED` rounds).
  private static func divided(_ length: Int, by exponent: Int) -> Int {
    (length + (1 << exponent) - 1) >> exponent
  }
}

import SheetCompare
import SheetImages
import SheetRender

/// A failure's panels as one picture, the image of its card on the review sheet: expected,
/// actual and diff side by side, each as large as its slot allows, and under them, when the
/// card has them, the three crops enlarged with their pixels kept square. Empty panels are
/// light grey (the caption says why); the gaps are transparent, so the picture is embedded
/// without loss.
struct ReportPanels: ImageSource {
  let card: ReportCard

  var name: String { card.title }

  var identity: String { "review panels of \(card.title)" }

  func pixelSize() throws -> PixelSize {
    let (width, height) = ComparisonReport.compositeSize(card)
    return PixelSize(width: width, height: height)
  }

  /// The panels at their own resolution, whatever the card's size (the renderer resamples).
  func image(forCard placed: PixelSize, context: DecodeContext) throws -> DecodedImage {
    let size = try pixelSize()
    var canvas = Canvas(width: size.width, height: size.height)
    let rows = ComparisonReport.panelRows(card)
    for (index, panel) in card.panels.enumerated() {
      let x = index * (rows.panelWidth + rows.gap)
      guard let panel else {
        canvas.fill(x: x, y: 0, width: rows.panelWidth, height: rows.height, grey: 230)
        continue
      }
      canvas.place(
        panel.fitted(width: rows.panelWidth, height: rows.height),
        inSlot: (x, 0, rows.panelWidth, rows.height))
    }
    if let zoomHeight = rows.zoomHeight {
      for (index, panel) in card.zoomPanels.enumerated() {
        guard let panel else { continue }
        let slot = (index * (rows.panelWidth + rows.gap), rows.height + rows.gap, rows.panelWidth, zoomHeight)
        canvas.place(panel.enlargedSquare(width: slot.2, height: slot.3), inSlot: slot)
      }
    }
    return DecodedImage(
      image: RasterImage(width: size.width, height: size.height, pixels: canvas.pixels, hasAlpha: true))
  }
}

/// Transparent premultiplied BGRA pixels that panels are placed on.
private struct Canvas {
  let width: Int
  let height: Int
  var pixels: [UInt8]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
  }

  /// Fills the rectangle with an opaque grey.
  mutating func fill(x: Int, y: Int, width: Int, height: Int, grey: UInt8) {
    let columns = max(0, x)..<min(self.width, x + width)
    guard !columns.isEmpty else { return }
    let canvasWidth = self.width
    pixels.withUnsafeMutableBufferPointer { buffer in
      for row in max(0, y)..<min(self.height, y + height) {
        for column in columns {
          let at = (row * canvasWidth + column) * 4
          (buffer[at], buffer[at + 1], buffer[at + 2], buffer[at + 3]) = (grey, grey, grey, 255)
        }
      }
    }
  }

  /// Copies `image` into the slot `(x, y, width, height)`, centred.
  mutating func place(_ image: RasterImage, inSlot slot: (Int, Int, Int, Int)) {
    let left = slot.0 + (slot.2 - image.width) / 2
    let top = slot.1 + (slot.3 - image.height) / 2
    for row in 0..<image.height where (0..<height).contains(top + row) {
      let from = row * image.stride
      let columns = max(0, min(image.width, width - left))
      guard left >= 0, columns > 0 else { continue }
      let to = ((top + row) * width + left) * 4
      pixels.replaceSubrange(to..<(to + columns * 4), with: image.pixels[from..<(from + columns * 4)])
      // An opaque image's fourth bytes are not alpha: it is opaque on the transparent canvas.
      if !image.hasAlpha {
        for column in 0..<columns { pixels[to + column * 4 + 3] = 255 }
      }
    }
  }
}

extension RasterImage {
  /// The image enlarged as far as fits `width`×`height`, its shape kept, each source pixel a
  /// square of pixels (nearest neighbour), so single changed pixels stay visible.
  fileprivate func enlargedSquare(width: Int, height: Int) -> RasterImage {
    let scale = min(Double(width) / Double(self.width), Double(height) / Double(self.height))
    guard scale > 1 else { return fitted(width: width, height: height) }
    let outWidth = max(1, min(width, Int(Double(self.width) * scale)))
    let outHeight = max(1, min(height, Int(Double(self.height) * scale)))
    var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    let sourceColumns = (0..<outWidth).map { min(self.width - 1, Int(Double($0) / scale)) }
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for row in 0..<outHeight {
          let sourceRow = min(self.height - 1, Int(Double(row) / scale)) * stride
          for (column, sourceColumn) in sourceColumns.enumerated() {
            let from = sourceRow + sourceColumn * 4
            let to = (row * outWidth + column) * 4
            for channel in 0..<4 { target[to + channel] = source[from + channel] }
          }
        }
      }
    }
    return RasterImage(width: outWidth, height: outHeight, pixels: out, hasAlpha: hasAlpha)
  }
}

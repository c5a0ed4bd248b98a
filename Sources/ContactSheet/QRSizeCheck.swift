import Foundation
import SheetLayout

/// Whether a layout's QR codes can be read by a phone from paper.
package enum QRSizeCheck {
  /// The side of a QR code with its quiet zone: 21 mm, so that even the smallest code (21
  /// modules and 8 of quiet zone) is 15 mm across, which phones read from paper.
  package static let readableSize = 21 * 72 / 25.4

  /// One warning when cards are too narrow for QR codes a phone reads from paper (the layout
  /// then draws them as wide as the card); nil when the codes are readable, as small as asked
  /// (`--qr-size`), or there are none.
  package static func warning(_ layout: Layout, options: LayoutOptions) -> JobMessage? {
    // A size asked for below the readable one is the user's choice; cards too narrow for the
    // size asked are not.
    guard let requested = options.qrCodeSize else { return nil }
    let codes = layout.pages.flatMap { $0.elements.compactMap(\.qrCode) }
    guard let smallest = codes.map(\.width).min(), smallest < min(requested, readableSize) - 0.01 else {
      return nil
    }
    let mm = { (points: Double) in String(format: "%.1f mm", points * 25.4 / 72) }
    var fix: JobMessage = "fewer \(setting: .columns)"
    if options.mode != .staggered {
      let content = options.page.width - options.margins.left - options.margins.right
      let most = Int(
        ((content + options.gutter) / (readableSize + 2 * options.padding + options.gutter)).rounded(.down))
      if most >= 1 { fix = "at most \(most) column\(most == 1 ? "" : "s") (\(setting: .columns) \(most))" }
    }
    if requested < readableSize {
      return
        "\(setting: .qrSize): the cards are \(mm(smallest)) wide inside, narrower than the \(mm(requested)) codes asked for, so they are drawn only \(mm(smallest)) wide; use fewer \(setting: .columns), less \(setting: .padding), or a bigger \(setting: .page)"
    }
    return
      "\(setting: .qr): the cards are \(mm(smallest)) wide inside, too narrow for a QR code a phone reads from paper (15 mm of modules, 21 mm with its quiet zone), so the codes are drawn only \(mm(smallest)) wide; use \(fix), less \(setting: .padding), or a bigger \(setting: .page)"
  }
}

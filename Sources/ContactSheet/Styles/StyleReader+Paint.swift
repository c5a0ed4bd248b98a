import Foundation
import SheetImages
import SheetLayout
import SheetRender
import SheetSupport

extension StyleReader {
  /// How to paint: corners, border, shadow, colours and the banner fill.
  func renderStyle() throws -> RenderStyle {
    var style = RenderStyle()
    style.cornerRadius = max(0, try length(required(StyleKeys.cornerRadius), StyleKeys.cornerRadius))
    if let border = try setText(StyleKeys.border) {
      // One value, so that the option never swallows the inputs typed after it.
      let parts = border.split(whereSeparator: { $0 == " " || $0 == "," }).map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
      }
      guard parts.count == 2 else {
        throw error(StyleKeys.border) {
          "\($0) takes a width and a colour as one value, e.g. \($0) '0.5pt #cccccc'"
        }
      }
      style.border = Border(
        width: max(0, try length(parts[0], StyleKeys.border)), color: try color(parts[1], StyleKeys.border))
    }
    style.shadow = try flag(StyleKeys.noShadow) ? nil : shadow()
    style.pageBackground = try pageBackground()
    style.cardBackground = try color(StyleKeys.cardColor)
    style.captionColor = try color(StyleKeys.captionColor)
    style.bannerFill = try bannerFill()
    style.logo = try logo()
    if let text = try setText(StyleKeys.watermark), !text.isEmpty {
      let opacity: Double = try required(StyleKeys.watermarkOpacity)
      guard (0...1).contains(opacity) else {
        throw error(StyleKeys.watermarkOpacity) { "\($0) must be between 0 and 1 (got \(opacity))" }
      }
      // A value naming a file is a picture (read now, so a broken one stops the run at once).
      if PathBytes.status(text).map({ $0.st_mode & S_IFMT == S_IFREG }) == true {
        let watermark = Watermark(image: text, opacity: opacity)
        do {
          _ = try watermark.artwork(maxPixels: PixelLimit.default)
        } catch let failure as ImageError {
          throw error(StyleKeys.watermark) { "\($0) \(TerminalText.escaped(text)): \(failure.reason)" }
        }
        style.watermark = watermark
      } else {
        style.watermark = Watermark(text: text, opacity: opacity)
      }
    }
    return style
  }

  /// The logo asked for, its file checked to be a PDF, an SVG or an image it can read (read
  /// as rendering reads it); nil for none.
  func logo() throws -> Logo? {
    guard let path = try setText(StyleKeys.logo), !path.isEmpty else { return nil }
    let height = try length(required(StyleKeys.logoHeight), StyleKeys.logoHeight)
    guard height > 0 else {
      throw error(StyleKeys.logoHeight) { "\($0) must be more than 0" }
    }
    let logo = Logo(path: path, slot: try required(StyleKeys.logoPosition), height: height)
    do {
      _ = try logo.artwork(maxPixels: PixelLimit.default)
    } catch let failure as ImageError {
      throw error(StyleKeys.logo) { "\($0) \(TerminalText.escaped(path)): \(failure.reason)" }
    }
    return logo
  }

  /// What the output is made at: the raster page resolution, the resolution of images in PDF
  /// and SVG, and JPEG quality (the image limit is a run option, not a style key).
  func outputSettings() throws -> OutputSettings {
    var output = OutputSettings()
    output.dpi = try dpi()
    let quality: Int = try required(StyleKeys.jpegQuality)
    guard (1...100).contains(quality) else {
      throw error(StyleKeys.jpegQuality) { "\($0) must be between 1 and 100 (got \(quality))" }
    }
    output.jpegQuality = quality
    if let minimumPPI = try value(StyleKeys.minPPI, as: Double.self) {
      guard (0...2400).contains(minimumPPI) else {
        throw error(StyleKeys.minPPI) { "\($0) must be between 0 (no warnings) and 2400 (got \(minimumPPI))" }
      }
      output.minimumPPI = minimumPPI
    }
    let ppi: String = try required(StyleKeys.ppi)
    if ppi.lowercased() == "original" {
      output.ppi = nil
    } else {
      guard let value = Double(ppi), value >= 10, value <= 2400 else {
        throw error(StyleKeys.ppi) { "\($0) \(ppi): give pixels per inch (10…2400) or 'original'" }
      }
      output.ppi = value
    }
    return output
  }

  /// The printing condition of a PDF/X file, read from its profile; nil without `pdfx`.
  func outputIntent() throws -> OutputIntent? {
    let intent = try setText(StyleKeys.outputIntent)
    let icc = try setText(StyleKeys.icc)
    guard try flag(StyleKeys.pdfx) else {
      guard intent == nil && icc == nil else {
        throw error(StyleKeys.pdfx) { _ in
          "\(spelling(StyleKeys.outputIntent)) and \(spelling(StyleKeys.icc)) are for PDF/X: add \(spelling(StyleKeys.pdfx))"
        }
      }
      return nil
    }
    let names = OutputIntent.registered.map(\.name).joined(separator: ", ")
    guard let intent, !intent.isEmpty else {
      throw error(StyleKeys.outputIntent) {
        "\(spelling(StyleKeys.pdfx)) needs \($0): a printing condition (\(names)) with its profile in \(spelling(StyleKeys.icc)), or an ICC output profile file"
      }
    }
    let isRegistered = OutputIntent.registered.contains { $0.name.lowercased() == intent.lowercased() }
    let profilePath: String
    if isRegistered {
      guard let icc, !icc.isEmpty else {
        throw error(StyleKeys.icc) {
          "\(spelling(StyleKeys.outputIntent)) \(intent) needs its ICC profile: \($0) FILE.icc (Debian ships none; the ECI, Fogra and IDEAlliance publish them)"
        }
      }
      profilePath = icc
    } else {
      guard icc == nil else {
        throw error(StyleKeys.icc) {
          "\($0) goes with a registered \(spelling(StyleKeys.outputIntent)) (\(names)); \(intent) is not one"
        }
      }
      profilePath = intent
    }
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.contents(profilePath, limit: 64 << 20)
    } catch {
      let reason = error.isMissing ? "no such file" : error.reason
      throw self.error(isRegistered ? StyleKeys.icc : StyleKeys.outputIntent) {
        isRegistered
          ? "\($0) \(profilePath): \(reason)"
          : "\($0) \(intent) is neither a printing condition (\(names)) nor a profile file that can be read: \(reason)"
      }
    }
    do {
      return try OutputIntent(name: isRegistered ? intent : nil, profile: bytes, profileName: profilePath)
    } catch let failure as RenderError {
      throw error(isRegistered ? StyleKeys.icc : StyleKeys.outputIntent) { "\($0): \(failure.description)" }
    }
  }

  /// The page background: the one a layer sets; else white for print (a bleed, or PDF/X),
  /// where a tint would be printed on every page and into the bleed; else the key's default.
  func pageBackground() throws -> Color {
    if style[StyleKeys.background.name] == nil, try flag(StyleKeys.pdfx) || printMarks().bleed > 0 {
      return try color("white", StyleKeys.background)
    }
    return try color(StyleKeys.background)
  }

  /// The bleed and crop marks asked for.
  func printMarks() throws -> PrintMarks {
    let bleed = try length(required(StyleKeys.bleed), StyleKeys.bleed)
    guard (0...72).contains(bleed) else {
      throw error(StyleKeys.bleed) {
        "\($0) must be between 0 and 1in (25.4mm); print shops ask for about 3mm"
      }
    }
    return PrintMarks(bleed: bleed, cropMarks: try flag(StyleKeys.cropMarks))
  }

  private func shadow() throws -> ShadowStyle {
    let offsetText: String = try required(StyleKeys.shadowOffset)
    let opacity: Double = try required(StyleKeys.shadowOpacity)
    let blurText: String = try required(StyleKeys.shadowBlur)
    let offsets = offsetText.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    guard offsets.count == 2 else { throw error(StyleKeys.shadowOffset) { "\($0) takes X,Y, e.g. 0,2pt" } }
    guard (0...1).contains(opacity) else {
      throw error(StyleKeys.shadowOpacity) { "\($0) must be between 0 and 1" }
    }
    let blur = try length(blurText, StyleKeys.shadowBlur)
    guard (0...144).contains(blur) else {
      throw error(StyleKeys.shadowBlur) { "\($0) must be between 0 and 2in (144pt); got \(blurText)" }
    }
    return ShadowStyle(
      blur: blur, offsetX: try length(offsets[0], StyleKeys.shadowOffset),
      offsetY: try length(offsets[1], StyleKeys.shadowOffset), opacity: opacity,
      color: try color(StyleKeys.shadowColor))
  }

  /// The fill of band and full-bleed banners, nil for rule banners.
  private func bannerFill() throws -> Color? {
    guard try required(StyleKeys.bannerStyle, as: BannerStyle.self) != .rule else { return nil }
    let text: String = try required(StyleKeys.bannerFill)
    guard let color = Color(parsing: text) else {
      throw error(StyleKeys.bannerFill) { "\($0) \(text) is not a colour; use #rrggbb or a CSS name" }
    }
    return color
  }
}

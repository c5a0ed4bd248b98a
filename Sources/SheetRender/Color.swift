import Foundation

/// An sRGB colour with alpha, each component 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// Red component in sRGB, 0…1.
  public var red: Double
  /// Green component in sRGB, 0…1.
  public var green: Double
  /// Blue component in sRGB, 0…1.
  public var blue: Double
  /// Opacity, 0 (transparent) … 1 (opaque); the colour components are not premultiplied by it.
  public var alpha: Double

  /// A colour from sRGB components 0…1, opaque unless `alpha` says otherwise. Values are stored
  /// as given, not clamped.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` or a CSS colour name; nil when it is none of these.
  public init?(parsing text: String) {
    let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let named = Self.cssNames[lowered] {
      self = named
      return
    }
    guard lowered.hasPrefix("#") else { return nil }
    var digits = String(lowered.dropFirst())
    if digits.count == 3 || digits.count == 4 { digits = String(digits.flatMap { [$0, $0] }) }
    guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
    let hasAlpha = digits.count == 8
    let rgb = hasAlpha ? value >> 8 : value
    self.init(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255, alpha: hasAlpha ? Double(value & 0xFF) / 255 : 1)
  }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var description: String {
    func hex(_ component: Double) -> String {
      let value = Int((component * 255).rounded())
      return (value < 16 ? "0" : "") + String(value, radix: 16)
    }
    return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
  }

  /// Opaque black, `#000000`.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Opaque white, `#ffffff`.
  public static let white = Color(red: 1, green: 1, blue: 1)

  static let cssNames: [String: Color] = [
    "black": .black, "white": .white, "transparent": Color(red: 0, green: 0, blue: 0, alpha: 0),
    "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 0.5, blue: 0),
    "blue": Color(red: 0, green: 0, blue: 1), "gray": Color(red: 0.5, green: 0.5, blue: 0.5),
    "grey": Color(red: 0.5, green: 0.5, blue: 0.5), "silver": Color(red: 0.75, green: 0.75, blue: 0.75),
    "lightgray": Color(red: 0.827, green: 0.827, blue: 0.827),
    "lightgrey": Color(red: 0.827, green: 0.827, blue: 0.827),
    "darkgray": Color(red: 0.663, green: 0.663, blue: 0.663),
    "darkgrey": Color(red: 0.663, green: 0.663, blue: 0.663),
    "whitesmoke": Color(red: 0.961, green: 0.961, blue: 0.961),
    "gainsboro": Color(red: 0.863, green: 0.863, blue: 0.863),
    "dimgray": Color(red: 0.412, green: 0.412, blue: 0.412),
    "navy": Color(red: 0, green: 0, blue: 0.5), "teal": Color(red: 0, green: 0.5, blue: 0.5),
    "maroon": Color(red: 0.5, green: 0, blue: 0), "olive": Color(red: 0.5, green: 0.5, blue: 0),
    "purple": Color(red: 0.5, green: 0, blue: 0.5), "orange": Color(red: 1, green: 0.647, blue: 0),
    "yellow": Color(red: 1, green: 1, blue: 0), "ivory": Color(red: 1, green: 1, blue: 0.941),
    "beige": Color(red: 0.961, green: 0.961, blue: 0.863),
    "linen": Color(red: 0.980, green: 0.941, blue: 0.902),
    "snow": Color(red: 1, green: 0.980, blue: 0.980),
    "slategray": Color(red: 0.439, green: 0.502, blue: 0.565),
    "charcoal": Color(red: 0.212, green: 0.271, blue: 0.310),
  ]
}

import Foundation

/// What a PDF/X-4 file (ISO 15930-7) declares it is printed on: its output intent, with the
/// ICC profile of the printing condition embedded.
public struct OutputIntent: Sendable, Hashable {
  /// The printing condition's name in the ICC's registry (`FOGRA39`), or `Custom`.
  public var identifier: String
  /// A readable description of the condition (`Coated FOGRA39 (ISO 12647-2:2004)`).
  public var condition: String
  /// The registry the identifier is from (`http://www.color.org`); nil for a custom condition.
  public var registry: String?
  /// The destination profile's bytes.
  public var profile: [UInt8]
  /// The profile's colour components: 4 for CMYK, 3 for RGB, 1 for grey.
  public var components: Int

  /// Printing conditions registered with the ICC that are accepted by name when the user gives
  /// the profile: name (as typed, any case) → identifier and description.
  public static let registered: [(name: String, identifier: String, condition: String)] = [
    ("FOGRA39", "FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004)"),
    ("FOGRA51", "FOGRA51", "PSO Coated v3 (FOGRA51, ISO 12647-2:2013)"),
    ("FOGRA52", "FOGRA52", "PSO Uncoated v3 (FOGRA52, ISO 12647-2:2013)"),
    ("FOGRA47", "FOGRA47", "PSO Uncoated ISO12647 (FOGRA47)"),
    ("GRACoL2013", "CGATS21_CRPC6", "GRACoL 2013 coated #1 (CGATS.21-2, CRPC6)"),
    ("SWOP2013C3", "CGATS21_CRPC5", "SWOP 2013 coated #3 (CGATS.21-2, CRPC5)"),
  ]

  /// The condition `name` (a registered one, or any text for a custom condition) printed with
  /// the ICC profile `profile`.
  ///
  /// - Throws: `RenderError` when the bytes are not an ICC output (printer) profile.
  public init(name: String?, profile: [UInt8], profileName: String) throws {
    let header = try Self.header(profile, name: profileName)
    self.profile = profile
    components = header.components
    if let name, let known = Self.registered.first(where: { $0.name.lowercased() == name.lowercased() }) {
      identifier = known.identifier
      condition = known.condition
      registry = "http://www.color.org"
    } else {
      identifier = "Custom"
      condition = name ?? header.description ?? profileName
      registry = nil
    }
  }

  /// The colour components and description of an ICC output profile.
  private static func header(_ bytes: [UInt8], name: String) throws -> (components: Int, description: String?)
  {
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    guard bytes.count >= 132, text(36..<40) == "acsp" else {
      throw RenderError("\(name) is not an ICC profile")
    }
    let declared = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
    guard declared <= bytes.count else {
      throw RenderError("\(name) is cut short: an ICC profile of \(declared) bytes")
    }
    guard text(12..<16) == "prtr" else {
      throw RenderError(
        "\(name) is a '\(text(12..<16))' profile; PDF/X needs an output (printer) profile such as the printing condition's"
      )
    }
    let components: Int
    switch text(16..<20) {
    case "CMYK": components = 4
    case "RGB ": components = 3
    case "GRAY": components = 1
    default: throw RenderError("\(name) is a profile for \(text(16..<20)); PDF/X takes CMYK, RGB or grey")
    }
    return (components, ICCDescription.read(bytes))
  }
}

/// The description (`desc`) of an ICC profile, version 2 (`desc`) or 4 (`mluc`).
enum ICCDescription {
  static func read(_ bytes: [UInt8]) -> String? {
    func number(_ at: Int, _ count: Int) -> Int? {
      guard at >= 0, at + count <= bytes.count else { return nil }
      return bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }
    guard let tagCount = number(128, 4), tagCount < 1000 else { return nil }
    for index in 0..<tagCount {
      let entry = 132 + 12 * index
      guard let offset = number(entry + 4, 4), let size = number(entry + 8, 4), entry + 12 <= bytes.count,
        String(decoding: bytes[entry..<(entry + 4)], as: UTF8.self) == "desc", offset + size <= bytes.count,
        size >= 12
      else { continue }
      let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
      if type == "desc", let length = number(offset + 8, 4), length > 0, offset + 12 + length <= bytes.count {
        return String(decoding: bytes[(offset + 12)..<(offset + 12 + length - 1)], as: UTF8.self)
      }
      if type == "mluc", let recordOffset = number(offset + 20 + 4, 4),
        let recordLength = number(offset + 20, 4),
        offset + recordOffset + recordLength <= bytes.count
      {
        let start = offset + recordOffset
        let units = stride(from: start, to: start + recordLength - 1, by: 2).map {
          UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
        }
        return String(decoding: units, as: UTF16.self)
      }
    }
    return nil
  }
}

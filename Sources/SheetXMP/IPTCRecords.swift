import Foundation

/// Reads the descriptive fields of IPTC-IIM, the older form of IPTC metadata that Photo
/// Mechanic, Photoshop and newsroom tools still write: datasets inside the Photoshop image
/// resource 0x0404 of a JPEG's APP13 `Photoshop 3.0` segment.
///
/// Every length is checked against the bytes at hand; a malformed resource or dataset ends the
/// reading with what was found before it.
public enum IPTCRecords {
  /// The signature an APP13 segment's payload starts with.
  public static let signature: [UInt8] = Array("Photoshop 3.0\0".utf8)

  /// The descriptive fields in an APP13 payload (with or without ``signature``); empty when it
  /// holds no IPTC-IIM resource or none of the fields.
  public static func parse(_ segment: [UInt8]) -> XMPTags {
    let resources = segment.starts(with: signature) ? segment[signature.count...] : segment[...]
    guard let records = iimResource(in: resources) else { return XMPTags() }
    return XMPTags(descriptive: fields(in: records))
  }

  /// The data of resource 0x0404 among the `8BIM` image resources of `bytes`.
  static func iimResource(in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    var offset = bytes.startIndex
    while offset + 12 <= bytes.endIndex, bytes[offset..<offset + 4].elementsEqual("8BIM".utf8) {
      let id = Int(bytes[offset + 4]) << 8 | Int(bytes[offset + 5])
      // A Pascal string, its length byte included, padded to an even size.
      let nameLength = Int(bytes[offset + 6])
      let sizeOffset = offset + 6 + (nameLength + 2) & ~1
      guard sizeOffset + 4 <= bytes.endIndex else { return nil }
      let size = bytes[sizeOffset..<sizeOffset + 4].reduce(0) { $0 << 8 | Int($1) }
      let data = sizeOffset + 4
      guard size <= bytes.endIndex - data else { return nil }
      if id == 0x0404 { return bytes[data..<data + size] }
      offset = data + (size + 1) & ~1
    }
    return nil
  }

  /// The record 2 datasets of ``DescriptiveField``, decoded as record 1's coded character set
  /// says (UTF-8 when it is `ESC % G`, else UTF-8 when the bytes are valid UTF-8, else Latin-1,
  /// as most writers used). Repeated datasets (keywords, by-lines) are joined by `, `.
  static func fields(in records: ArraySlice<UInt8>) -> [DescriptiveField: String] {
    var values: [DescriptiveField: [String]] = [:]
    var declaredUTF8 = false
    var offset = records.startIndex
    while offset + 5 <= records.endIndex, records[offset] == 0x1C {
      let record = records[offset + 1]
      let dataset = records[offset + 2]
      var length = Int(records[offset + 3]) << 8 | Int(records[offset + 4])
      var data = offset + 5
      if length & 0x8000 != 0 {
        // An extended dataset: the low bits count the bytes of the real length (at most 4).
        let lengthBytes = length & 0x7FFF
        guard lengthBytes <= 4, data + lengthBytes <= records.endIndex else { break }
        length = records[data..<data + lengthBytes].reduce(0) { $0 << 8 | Int($1) }
        data += lengthBytes
      }
      guard length <= records.endIndex - data else { break }
      let value = records[data..<data + length]
      if record == 1 && dataset == 90 {
        declaredUTF8 = value.elementsEqual([0x1B, 0x25, 0x47])
      } else if record == 2, let field = field(dataset: dataset),
        values[field, default: []].count < XMPReader.maxListItems
      {
        let text = decode(value, declaredUTF8: declaredUTF8).trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty { values[field, default: []].append(text) }
      }
      offset = data + length
    }
    return values.mapValues { $0.joined(separator: ", ") }
  }

  /// The field of record 2's dataset `number`, if captions show it.
  private static func field(dataset number: UInt8) -> DescriptiveField? {
    switch number {
    case 5: .title
    case 120: .description
    case 25: .keywords
    case 80: .creator
    case 116: .copyright
    case 90: .city
    case 101: .country
    case 105: .headline
    default: nil
    }
  }

  private static func decode(_ bytes: ArraySlice<UInt8>, declaredUTF8: Bool) -> String {
    if declaredUTF8 { return String(decoding: bytes, as: UTF8.self) }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(bytes.map { Character(Unicode.Scalar($0)) })
  }
}

/// The fields of one manifest item: the members of its mapping, read where they are written
/// (``ScalarObject``). The fields an item is made of (`image`, `width`, …) are found in one
/// pass over the members' bytes rather than by hashing names (an item has a handful of fields,
/// a catalog up to a million items), and made text only when asked for; when a name comes
/// twice (YAML allows it), the last one counts, as in a dictionary.
package struct FieldList {
  private let object: ScalarObject
  /// Whether no name comes twice (JSON objects: their reader refuses repeated names).
  private let namesAreUnique: Bool
  /// The member giving each field the item is made of, by ``Known/rawValue``.
  private var known = InlineArray<8, Int?>(repeating: nil)

  /// The fields an item is made of.
  private enum Known: Int, CaseIterable {
    case image, banner, subtitle, section, caption, link, width, height

    /// The field named `name`, if it is one of these.
    init?(_ name: UnsafeBufferPointer<UInt8>) {
      // The length and the first letter rule out all but one.
      switch (name.count, name.first) {
      case (4, _): self = .link
      case (5, UInt8(ascii: "i")): self = .image
      case (5, _): self = .width
      case (6, UInt8(ascii: "b")): self = .banner
      case (6, _): self = .height
      case (7, UInt8(ascii: "s")): self = .section
      case (7, _): self = .caption
      case (8, _): self = .subtitle
      default: return nil
      }
      let known = self.name
      guard
        ScalarObject.equal(name, UnsafeBufferPointer(start: known.utf8Start, count: known.utf8CodeUnitCount))
      else { return nil }
    }

    /// The field's name.
    private var name: StaticString {
      switch self {
      case .image: "image"
      case .banner: "banner"
      case .subtitle: "subtitle"
      case .section: "section"
      case .caption: "caption"
      case .link: "link"
      case .width: "width"
      case .height: "height"
      }
    }
  }

  /// The fields of `object`; `namesAreUnique` when it was checked to name no field twice.
  package init(_ object: ScalarObject, namesAreUnique: Bool = false) {
    self.object = object
    self.namesAreUnique = namesAreUnique
    known = object.withMembers { members in
      var known = known
      for index in 0..<members.count {
        if let field = Known(members.name(index)) { known[field.rawValue] = index }
      }
      return known
    }
  }

  package var image: String? { text(.image) }
  package var banner: String? { text(.banner) }
  package var subtitle: String? { text(.subtitle) }
  package var caption: String? { text(.caption) }
  package var link: String? { text(.link) }
  package var width: String? { text(.width) }
  package var height: String? { text(.height) }
  package var section: String? { text(.section) }

  /// The field `section`, which is `previous` (not a copy of it) when it has the same text:
  /// consecutive items share their section.
  package func section(sameAs previous: String?) -> String? {
    guard let index = known[Known.section.rawValue] else { return nil }
    return object.withMembers { members in
      if var previous, previous.withUTF8({ ScalarObject.equal($0, members.value(index)) }) { return previous }
      return members.valueText(index)
    }
  }

  /// The pixel size given by `width` and `height`: nil when either is missing, and throws when
  /// either is not a whole number (as `Int` reads text) from 1 to `limit`.
  package func pixelSize(limit: Int) throws(PixelSizeError) -> (width: Int, height: Int)? {
    guard let width = known[Known.width.rawValue], let height = known[Known.height.rawValue] else {
      return nil
    }
    let size = object.withMembers { members in
      Self.wholeNumber(members.value(width), upTo: limit).flatMap { w in
        Self.wholeNumber(members.value(height), upTo: limit).map { h in (w, h) }
      }
    }
    guard let size else { throw PixelSizeError() }
    return size
  }

  /// A width or height that is not a whole number in range.
  package struct PixelSizeError: Error {}

  /// The number `text` writes, as `Int(_:)` reads it (an optional sign, then ASCII digits),
  /// when it is from 1 to `limit`; nil otherwise.
  package static func wholeNumber(_ text: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> Int? {
    var digits = text[...]
    if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      // A negative number (or -0) is never in range.
      guard sign == UInt8(ascii: "+") else { return nil }
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      // Past the limit, more digits only make it larger: stop before it could overflow.
      value = min(value * 10 + Int(byte - UInt8(ascii: "0")), limit + 1)
    }
    return (1...limit).contains(value) ? value : nil
  }

  /// The fields packed for the item, without `image` and `caption` (which the item holds
  /// apart), and with `section` as the field `section` when given.
  package func itemFields(section: String?) -> ItemFields {
    object.withMembers { members in
      // Two passes over the few members: the buffer is made once, at its size.
      var size = section.map { ItemFields.storedSize("section") + ItemFields.storedSize($0) } ?? 0
      var kept: [(name: String, value: String)] = []
      kept.reserveCapacity(members.count)
      // Many members are looked up in a table, not scanned again for each member (quadratic).
      let lastIndex = namesAreUnique || members.count <= 16 ? nil : lastIndexOfEachName(members)
      for index in 0..<members.count {
        let name = members.name(index)
        let field = Known(name)
        guard field != .image, field != .caption, field != .section || section == nil,
          namesAreUnique
            || !(lastIndex.map { $0[members.nameText(index)] != index }
              ?? isNamedAgain(name, after: index, members))
        else { continue }
        let text = (members.nameText(index), members.valueText(index))
        size += ItemFields.storedSize(text.0) + ItemFields.storedSize(text.1)
        kept.append(text)
      }
      var fields = ItemFields()
      fields.reserveCapacity(size)
      for (name, value) in kept { fields.add(name, value) }
      if let section { fields.add("section", section) }
      return fields
    }
  }

  private func text(_ field: Known) -> String? {
    known[field.rawValue].map { index in object.withMembers { $0.valueText(index) } }
  }

  /// The index of the last member with each name.
  private func lastIndexOfEachName(_ members: ScalarObject.Members) -> [String: Int] {
    var last: [String: Int] = [:]
    for index in 0..<members.count { last[members.nameText(index)] = index }
    return last
  }

  /// Whether a member after the one at `index` has the name `name`: as bytes when both are
  /// ASCII, as text otherwise (as a dictionary would: é as one character or as e and an accent).
  private func isNamedAgain(
    _ name: UnsafeBufferPointer<UInt8>, after index: Int, _ members: ScalarObject.Members
  ) -> Bool {
    let isASCII = name.allSatisfy { $0 < 0x80 }
    return (index + 1..<members.count).contains { other in
      isASCII && members.name(other).allSatisfy({ $0 < 0x80 })
        ? ScalarObject.equal(members.name(other), name) : members.nameText(other) == members.nameText(index)
    }
  }
}

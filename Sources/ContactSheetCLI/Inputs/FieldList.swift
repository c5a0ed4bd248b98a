/// The fields of one manifest item: the pairs of its mapping whose keys and values are
/// scalars, read where they are written. The fields an item is made of (`image`, `width`, …)
/// are found in one pass over the pairs rather than by hashing names (an item has a handful
/// of fields, a catalog up to a million items); when a name comes twice (YAML allows it), the
/// last one counts, as in a dictionary.
struct FieldList {
  private let pairs: [DataNode.Pair]
  /// Whether no name comes twice (JSON objects: their reader refuses repeated names).
  private let namesAreUnique: Bool

  var image: String?
  var banner: String?
  var subtitle: String?
  var section: String?
  var caption: String?
  var link: String?
  var width: String?
  var height: String?

  /// The fields among `pairs` (pairs whose key or value is not a scalar are not fields);
  /// `namesAreUnique` when the mapping was checked to name no field twice.
  init(_ pairs: [DataNode.Pair], namesAreUnique: Bool = false) {
    self.pairs = pairs
    self.namesAreUnique = namesAreUnique
    for pair in pairs {
      guard case .scalar(let name, _) = pair.key.content, case .scalar(let value, _) = pair.value.content
      else { continue }
      switch name {
      case "image": image = value
      case "banner": banner = value
      case "subtitle": subtitle = value
      case "section": section = value
      case "caption": caption = value
      case "link": link = value
      case "width": width = value
      case "height": height = value
      default: break
      }
    }
  }

  /// The fields packed for the item, without `image` and `caption` (which the item holds
  /// apart), and with `section` as the field `section` when given.
  func itemFields(section: String?) -> ItemFields {
    // Two passes over the few pairs: the buffer is made once, at its size.
    var kept: [Int] = []
    kept.reserveCapacity(pairs.count)
    var size = section.map { ItemFields.storedSize("section") + ItemFields.storedSize($0) } ?? 0
    // Many pairs are looked up in a table, not scanned again for each pair (quadratic).
    let lastIndex = namesAreUnique || pairs.count <= 16 ? nil : lastIndexOfEachName()
    for (index, pair) in pairs.enumerated() {
      guard case .scalar(let name, _) = pair.key.content, case .scalar(let value, _) = pair.value.content,
        name != "image", name != "caption", name != "section" || section == nil,
        namesAreUnique || !(lastIndex.map { $0[name] != index } ?? isNamedAgain(name, after: index))
      else { continue }
      kept.append(index)
      size += ItemFields.storedSize(name) + ItemFields.storedSize(value)
    }
    var fields = ItemFields()
    fields.reserveCapacity(size)
    for index in kept {
      if case .scalar(let name, _) = pairs[index].key.content,
        case .scalar(let value, _) = pairs[index].value.content
      {
        fields.add(name, value)
      }
    }
    if let section { fields.add("section", section) }
    return fields
  }

  /// The index of the last pair with each scalar name.
  private func lastIndexOfEachName() -> [String: Int] {
    var last: [String: Int] = [:]
    for (index, pair) in pairs.enumerated() {
      if case .scalar(let name, _) = pair.key.content { last[name] = index }
    }
    return last
  }

  /// Whether a field after the pair at `index` has the name `name`.
  private func isNamedAgain(_ name: String, after index: Int) -> Bool {
    pairs[(index + 1)...].contains { pair in
      if case .scalar(let key, _) = pair.key.content { key == name } else { false }
    }
  }
}

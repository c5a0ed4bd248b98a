/// The fields of one manifest item: the pairs of its mapping whose keys and values are
/// scalars, read where they are written. Names are found by comparing them rather than by
/// hashing them (an item has a handful of fields, a catalog up to a million items); when a
/// name comes twice (YAML allows it), the last one counts, as in a dictionary.
struct FieldList {
  private let pairs: [DataNode.Pair]

  /// The fields among `pairs` (pairs whose key or value is not a scalar are not fields).
  init(_ pairs: [DataNode.Pair]) {
    self.pairs = pairs
  }

  /// The value of the field `name`, nil when there is none.
  subscript(name: String) -> String? {
    for pair in pairs.reversed() {
      if case .scalar(let key, _) = pair.key.content, key == name,
        case .scalar(let value, _) = pair.value.content
      {
        return value
      }
    }
    return nil
  }

  /// The fields packed for the item, without those named `first` and `second`, and with
  /// `section` as the field `section` when given.
  func itemFields(leavingOut first: String, _ second: String, section: String?) -> ItemFields {
    var fields = ItemFields()
    fields.reserveCapacity(pairs.count + 1, averageBytes: 24)
    for (index, pair) in pairs.enumerated() {
      guard case .scalar(let name, _) = pair.key.content, case .scalar(let value, _) = pair.value.content,
        name != first, name != second, name != "section" || section == nil,
        !isNamedAgain(name, after: index)
      else { continue }
      fields.add(name, value)
    }
    if let section { fields.add("section", section) }
    return fields
  }

  /// Whether a field after the pair at `index` has the name `name`.
  private func isNamedAgain(_ name: String, after index: Int) -> Bool {
    pairs[(index + 1)...].contains { pair in
      if case .scalar(let key, _) = pair.key.content { key == name } else { false }
    }
  }
}

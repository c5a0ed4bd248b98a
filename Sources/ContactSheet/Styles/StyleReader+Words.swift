extension StyleReader {
  /// The language of the text (`lang`), checked to be a BCP 47 tag.
  func language() throws -> String {
    let tag: String = try required(StyleKeys.lang)
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    let valid =
      (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
      && parts.dropFirst().allSatisfy {
        (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }
    guard valid else {
      throw error(StyleKeys.lang) {
        "\($0) \(tag): give a BCP 47 language tag such as en, de, fr-CA or pt-BR"
      }
    }
    return tag
  }

  /// The words ContactSheet prints itself: `language`'s, each replaced by its `text-…` key
  /// when a layer sets one.
  func words(language: String) throws -> BuiltInWords {
    var words = BuiltInWords.language(language)
    let keys: [(StyleKey, WritableKeyPath<BuiltInWords, String>)] = [
      (StyleKeys.textContents, \.contents), (StyleKeys.textIndex, \.index), (StyleKeys.textCover, \.cover),
      (StyleKeys.textUntitled, \.untitled), (StyleKeys.textPages, \.pages),
      (StyleKeys.textNoImage, \.noImage),
      (StyleKeys.textCannotShow, \.cannotShow), (StyleKeys.textFileDate, \.fileDate),
      (StyleKeys.textContinued, \.continued), (StyleKeys.textOther, \.other),
      (StyleKeys.textFrom, \.from),
    ]
    for (key, path) in keys {
      if let text = try setText(key) { words[keyPath: path] = text }
    }
    return words
  }
}

import ContactSheet
import Testing

@Suite("Built-in words")
struct BuiltInWordsTests {
  @Test("seven languages, each with every word, none left in English but the shared ones")
  func table() {
    #expect(BuiltInWords.languages == ["de", "en", "es", "fr", "it", "nl", "pl"])
    let english = BuiltInWords.language("en")
    for language in BuiltInWords.languages where language != "en" {
      let words = BuiltInWords.language(language)
      let all = [
        words.contents, words.index, words.cover, words.untitled, words.pages, words.noImage,
        words.cannotShow,
      ]
      #expect(all.allSatisfy { !$0.isEmpty }, "\(language)")
      // "Index" and "pages" are the same word in some languages; the rest are translated.
      #expect(words.contents != english.contents && words.untitled != english.untitled, "\(language)")
      #expect(words.noImage != english.noImage && words.cover != english.cover, "\(language)")
    }
  }

  @Test("a tag's primary subtag chooses the words; an unknown one gives English")
  func lookup() {
    #expect(BuiltInWords.language("de-AT") == BuiltInWords.language("de"))
    #expect(BuiltInWords.language("PL").contents == "Spis treści")
    #expect(BuiltInWords.language("sv") == BuiltInWords.language("en"))
  }
}

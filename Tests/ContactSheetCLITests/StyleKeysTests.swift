import ArgumentParser
import Foundation
import SheetLayout
import SheetRender
import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

/// The one table of style keys agrees with the commands' options, the flag bindings and the
/// printed default style.
@Suite("The table of style keys")
struct StyleKeysTests {
  /// An option as ArgumentParser declares it, from the command's own help dump.
  private struct DeclaredOption {
    var name: String
    var kind: StyleKey.Kind
    var abstract: String
    var defaultValue: String?
  }

  private func declaredOptions(_ command: ParsableCommand.Type) throws -> [DeclaredOption] {
    let dump = try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any]
    let arguments = try #require((dump?["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
    return arguments.compactMap { argument in
      guard let names = argument["names"] as? [[String: Any]],
        let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String
      else { return nil }
      let isFlag = argument["kind"] as? String == "flag"
      let repeats = argument["isRepeating"] as? Bool ?? false
      return DeclaredOption(
        name: long, kind: isFlag ? .flag : (repeats ? .repeatable : .option),
        abstract: argument["abstract"] as? String ?? "", defaultValue: argument["defaultValue"] as? String)
    }
  }

  @Test(
    "render and layout declare exactly the table's keys plus run-only options, with the table's kinds and help"
  )
  func commandsAgreeWithTable() throws {
    let tableNames = StyleKeys.all.map(\.name)
    #expect(Set(tableNames).count == tableNames.count, "a key is in the table twice")
    #expect(Set(StyleKeys.runOnly).count == StyleKeys.runOnly.count, "a run-only key is listed twice")
    #expect(Set(tableNames).isDisjoint(with: StyleKeys.runOnly))
    var runOptionsSeen: Set<String> = []
    for command in [RenderCommand.self, LayoutCommand.self] as [ParsableCommand.Type] {
      let declared = try declaredOptions(command)
      let styleOptions = declared.filter { !StyleKeys.runOnly.contains($0.name) }
      runOptionsSeen.formUnion(declared.map(\.name).filter { StyleKeys.runOnly.contains($0) })
      #expect(
        styleOptions.map(\.name).sorted() == tableNames.sorted(), "\(command): options and table differ")
      for option in styleOptions {
        let key = try #require(StyleKeys.named(option.name))
        #expect(option.kind == key.kind, "--\(key.name)")
        #expect(option.abstract == key.argumentHelp.abstract, "--\(key.name)")
        #expect(option.abstract.hasPrefix(key.help), "--\(key.name)")
        // Style options are optional, so the table is their only default.
        if key.kind == .option {
          #expect(option.defaultValue == nil, "--\(key.name) declares its own default")
        }
      }
    }
    #expect(runOptionsSeen == Set(StyleKeys.runOnly).subtracting(["version"]), "run-only keys no command has")
  }

  @Test("every key is bound to exactly one flag property of its kind and type")
  func bindingsCoverTable() throws {
    let declared = StyleBindings.declared
    #expect(declared.map(\.name).sorted() == StyleKeys.all.map(\.name).sorted())
    for binding in declared {
      let key = try #require(StyleKeys.named(binding.name))
      #expect(key.kind == binding.kind, "\(binding.name)")
      if key.kind == .option {
        #expect(ObjectIdentifier(key.valueType) == ObjectIdentifier(binding.valueType), "\(binding.name)")
      }
    }
  }

  @Test("every default reads as its option's type, and setting all of them changes nothing")
  func defaultsRead() throws {
    let defaults = StyleLayer(
      settings: StyleKeys.all.compactMap { key in
        key.defaultText.map { StyleSetting(key: key.name, value: .text($0), origin: "defaults") }
      })
    try defaults.validate()
    let adopted = try SheetSettings(style: MergedStyle([defaults]))
    let untouched = SheetSettings()
    #expect(adopted.layout.columns == .count(4) && adopted.output.dpi == 150)
    #expect(adopted.style.shadow?.opacity == 0.22)
    #expect(adopted.layout == untouched.layout && adopted.style == untouched.style)
    #expect(adopted.printMarks == untouched.printMarks && adopted.cover == nil)
  }

  @Test("the printed default style is a style file that sets every default, and nothing else")
  func defaultStyleRoundTrips() throws {
    let printed = StyleCommand.defaultStyle()
    let node = try #require(try YAMLReader.read(printed, path: "default.yaml"))
    let layer = StyleLayer(settings: try StyleLayer.settings(from: node, path: "default.yaml"))
    try layer.validate()
    let expected = StyleKeys.all.filter { $0.defaultText != nil || $0.kind == .flag }.map(\.name)
    #expect(layer.settings.map(\.key) == expected)
    for setting in layer.settings {
      let key = try #require(StyleKeys.named(setting.key))
      #expect(
        setting.value == (key.kind == .flag ? .boolean(false) : .text(key.defaultText ?? "")), "\(key.name)")
    }
    for key in StyleKeys.all { #expect(printed.contains("# \(key.help)\n"), "\(key.name) has no comment") }
    #expect(try SheetSettings(style: MergedStyle([layer])).layout == SheetSettings().layout)
  }
}

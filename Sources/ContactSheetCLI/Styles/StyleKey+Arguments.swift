import ArgumentParser
import ContactSheet

// The style table's keys and values in ArgumentParser's terms: the library holds them as text,
// the command line declares its options and reads their values with these.

extension StyleKey {
  /// The help the option is declared with: the key's help, and its default (options are
  /// optional, so that typed ones can be told apart, and ArgumentParser cannot show it).
  var argumentHelp: ArgumentHelp {
    ArgumentHelp(defaultText.map { "\(help) (default: \($0))" } ?? help, valueName: valueName)
  }

}

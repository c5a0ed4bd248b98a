import ContactSheet
import SheetLayout

/// The library names settings as style files do (`section-by`); the command names them by
/// its flags (`--section-by`, `-o`, `-r`).
extension JobSetting {
  /// The flag that sets this setting.
  var flag: String {
    switch self {
    case .output: "-o"
    case .recursive: "-r"
    default: "--\(rawValue)"
    }
  }
}

extension SettingMessage where Setting == JobSetting {
  /// The message with each setting spelt as the command's flag.
  var flagText: String { spelt(\.flag) }
}

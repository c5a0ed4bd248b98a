import ContactSheetCLI

ContactSheetCommand.runMain()

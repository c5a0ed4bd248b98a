import ContactSheetCLI

ContactSheetCommand.main()

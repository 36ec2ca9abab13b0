// wordgame-report: being written (see Sources/WordGameResults/Report.swift).
print("wordgame-report: not yet")

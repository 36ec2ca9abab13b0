/// Text measured the way a terminal draws it: in columns, one grapheme
/// cluster (a `Character`) at a time. 漢 and 🍎 take two columns, an accent
/// none, and 👨‍👩‍👧 (three emoji joined by U+200D) is one cluster of two.
/// Counting `Character`s instead makes a row of CJK or emoji too long for
/// its window, and the terminal scrolls.
///
/// Widths come from a table generated from the Unicode data
/// (`ColumnWidthTable`, made by Resources/unicode/make-widths.py). Pure: the
/// client lays out its screens with it, and the server limits names with it.
public enum Columns {}

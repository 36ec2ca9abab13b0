#!/usr/bin/env python3
"""Generates Sources/TextColumns/ColumnWidthTable.swift: how many terminal
columns a code point takes, behind `Columns.width` (and so behind every
layout of names and words on screen, and the server's column limit on names).

HOW TO RUN (from the repository root; python3 and its standard library only):

    python3 Resources/unicode/make-widths.py

reads three files of the Debian package unicode-data (Unicode 15.0.0 on
Debian 12; `apt-get install unicode-data`) from /usr/share/unicode and
rewrites the Swift file. To read them from another folder laid out the same
way (EastAsianWidth.txt, UnicodeData.txt, emoji/emoji-data.txt), name it:

    python3 Resources/unicode/make-widths.py --data path/to/unicode

`--check` compares instead of writing: exit 0 if the committed table is what
the data gives, 1 if it differs, 2 if it cannot tell (the files are missing,
or they are of another Unicode version than the committed table's; a newer
version is a reason to regenerate, not an error in the table).

SOURCE DATA (Unicode licence, https://www.unicode.org/license.txt):
  - EastAsianWidth.txt (UAX #11): W (wide) and F (fullwidth) take two
    columns. Unlisted code points are N, except the unassigned ones of the
    CJK blocks and of planes 2 and 3, which are W (the file's header says
    so; 15.0 lists them anyway).
  - UnicodeData.txt: the general category, for the marks and format
    characters that take none.
  - emoji/emoji-data.txt (UTS #51): Emoji_Presentation (two columns, as
    terminals draw emoji), and Emoji and Extended_Pictographic, the bases
    that a variation selector 16 (U+FE0F) or a keycap (U+20E3) turns into
    a two-column emoji.
The version comes from EastAsianWidth.txt's first line; emoji-data.txt must
be of the same major.minor. The generated header records it and the
SHA-256 of each file.

WHAT THE TABLE HOLDS, per code point (everything not listed takes one
column, ambiguous-width characters included: we cannot know the terminal's
setting, and one column is what most Western terminals use):
  - zero: nonspacing and enclosing marks (Mn, Me), format characters (Cf:
    zero-width space and joiner, bidi controls, tags), controls (Cc: they
    draw nothing, and ScreenText.safe replaces them before any layout), and
    the Hangul medial vowels and final consonants (U+1160-11FF and
    U+D7B0-D7FF), which join the initial consonant before them into one
    two-column syllable;
  - wide: East Asian Wide or Fullwidth, or Emoji_Presentation, less the
    zero ones (the ideographic tone marks U+302A-302D are W but combine);
  - emojiBase: Emoji or Extended_Pictographic.
Each as sorted, disjoint ranges of code points, flattened to first, last,
first, last...: a lookup is a binary search.
"""

import argparse
import hashlib
import io
import os
import re
import sys

OUTPUT = os.path.join("Sources", "TextColumns", "ColumnWidthTable.swift")
DATA = "/usr/share/unicode"
FILES = {
    "eaw": "EastAsianWidth.txt",
    "unicode": "UnicodeData.txt",
    "emoji": os.path.join("emoji", "emoji-data.txt"),
}

# Unassigned code points here are W (EastAsianWidth.txt's header, UAX #11).
DEFAULT_WIDE = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]
# Hangul Jungseong and Jongseong: they are drawn inside the syllable their
# Choseong (W) begins, so the cluster is two columns, not more.
HANGUL_JOINING = [(0x1160, 0x11FF), (0xD7B0, 0xD7FF)]
ZERO_CATEGORIES = {"Mn", "Me", "Cf", "Cc"}


# ---------------------------------------------------------------- input

def property_lines(text):
    """(first, last, value) for each data line `XXXX..YYYY ; value # ...`."""
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        points, value = (field.strip() for field in line.split(";")[:2])
        first, _, last = points.partition("..")
        yield int(first, 16), int(last or first, 16), value


def unicode_version(eaw_text, emoji_text):
    match = re.match(r"# EastAsianWidth-(\d+\.\d+\.\d+)\.txt", eaw_text)
    if not match:
        sys.exit("EastAsianWidth.txt: no version on its first line")
    version = match.group(1)
    emoji = re.search(r"^# Used with Emoji Version (\d+\.\d+)", emoji_text, re.MULTILINE)
    if not emoji or not version.startswith(emoji.group(1) + "."):
        sys.exit(f"emoji-data.txt is not of Unicode {version}: {emoji.group(0) if emoji else 'no version line'}")
    return version


def categories(unicode_text):
    """{code point: general category}, with the <..., First>/<..., Last> pairs expanded."""
    category = {}
    first = None
    for line in unicode_text.splitlines():
        fields = line.split(";")
        cp, name, cat = int(fields[0], 16), fields[1], fields[2]
        if name.endswith(", First>"):
            first = cp
        elif name.endswith(", Last>"):
            for point in range(first, cp + 1):
                category[point] = cat
        else:
            category[cp] = cat
    return category


# ---------------------------------------------------------------- sets

def ranges(points):
    """Sorted code points as [(first, last)] of consecutive runs."""
    runs = []
    for cp in sorted(points):
        if runs and runs[-1][1] == cp - 1:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp])
    return [tuple(run) for run in runs]


def expand(spans):
    return {cp for first, last in spans for cp in range(first, last + 1)}


def build(texts):
    category = categories(texts["unicode"])
    listed = {}
    for first, last, value in property_lines(texts["eaw"]):
        for cp in range(first, last + 1):
            listed[cp] = value
    wide = {cp for cp, value in listed.items() if value in ("W", "F")}
    wide |= {cp for cp in expand(DEFAULT_WIDE) if cp not in listed}
    emoji = {}
    for first, last, value in property_lines(texts["emoji"]):
        emoji.setdefault(value, set()).update(range(first, last + 1))
    wide |= emoji["Emoji_Presentation"]
    zero = {cp for cp, cat in category.items() if cat in ZERO_CATEGORIES} | expand(HANGUL_JOINING)
    wide -= zero
    base = emoji["Emoji"] | emoji["Extended_Pictographic"]
    return {"zero": ranges(zero), "wide": ranges(wide), "emojiBase": ranges(base)}


# ---------------------------------------------------------------- output

DOCS = {
    "zero": "Zero columns: marks (Mn, Me), format characters (Cf), controls (Cc),\n"
            "    /// and Hangul medial vowels and final consonants (U+1160-11FF, U+D7B0-D7FF).",
    "wide": "Two columns: East Asian Wide or Fullwidth, or Emoji_Presentation (none of them zero).",
    "emojiBase": "Emoji or Extended_Pictographic: what VS16 (U+FE0F) or a keycap (U+20E3)\n"
                 "    /// after it makes a two-column emoji.",
}


def swift_file(tables, version, sources):
    sums = "\n".join(f"//   {path} sha256 {hashlib.sha256(raw).hexdigest()}" for path, raw in sources)
    out = io.StringIO()
    out.write(f"""// GENERATED by Resources/unicode/make-widths.py: do not edit by hand.
// Regenerate from the repository root: python3 Resources/unicode/make-widths.py
//
// Data: Unicode {version} (Unicode licence), as the Debian package unicode-data installs it
// in /usr/share/unicode:
{sums}

/// Column widths of the code points that do not take one column, as sorted,
/// disjoint ranges flattened to `first, last, first, last...`. See `Columns`.
enum ColumnWidthTable {{
    static let unicodeVersion = "{version}"
""")
    for name in ("zero", "wide", "emojiBase"):
        spans = tables[name]
        out.write(f"\n    /// {DOCS[name]}\n    /// {len(spans)} ranges.\n")
        out.write(f"    static let {name}: [UInt32] = [\n")
        items = [f"0x{first:X}, 0x{last:X}," for first, last in spans]
        line = "       "
        for item in items:
            if len(line) + 1 + len(item) > 112:
                out.write(line + "\n")
                line = "       "
            line += " " + item
        out.write(line + "\n    ]\n")
    out.write("}\n")
    return out.getvalue()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=DATA, help=f"the folder of the Unicode data files (default {DATA})")
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed table differs, 2 if it cannot tell")
    parser.add_argument("--output", default=OUTPUT)
    args = parser.parse_args()
    paths = {key: os.path.join(args.data, name) for key, name in FILES.items()}
    missing = [path for path in paths.values() if not os.path.exists(path)]
    if missing:
        print(f"cannot read {', '.join(missing)}: install the Debian package unicode-data, or give --data", file=sys.stderr)
        sys.exit(2)
    raw = {key: open(path, "rb").read() for key, path in paths.items()}
    texts = {key: data.decode("utf-8") for key, data in raw.items()}
    version = unicode_version(texts["eaw"], texts["emoji"])
    tables = build(texts)
    sources = [(FILES[key], raw[key]) for key in ("eaw", "unicode", "emoji")]
    text = swift_file(tables, version, sources)
    counts = ", ".join(f"{len(spans)} {name}" for name, spans in tables.items())
    if args.check:
        current = open(args.output, encoding="utf-8").read() if os.path.exists(args.output) else ""
        committed = re.search(r'unicodeVersion = "([^"]*)"', current)
        if committed and committed.group(1) != version:
            print(f"cannot check {args.output}: it was made from Unicode {committed.group(1)}, "
                  f"and {args.data} holds {version}", file=sys.stderr)
            sys.exit(2)
        if current != text:
            print(f"{args.output} is not what the data gives: run without --check", file=sys.stderr)
            sys.exit(1)
        print(f"{args.output} is up to date (Unicode {version}: {counts} ranges)")
        return
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {args.output}: Unicode {version}, {counts} ranges, {len(text.encode())} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generates Sources/WordGameProtocol/ConfusableTable.swift: the look-alike fold
behind `Names.nicknameKey` (two nicknames clash when their keys are equal).

HOW TO RUN (from the repository root; python3 and its standard library only):

    python3 Resources/unicode/make-confusables.py

downloads the wheel of the PyPI package confusable-homoglyphs 3.3.1 with
`python3 -m pip download confusable-homoglyphs==3.3.1 --no-deps` into a
temporary folder, reads the two data files inside it and rewrites the Swift
file. To use a wheel (or its unzipped `confusable_homoglyphs/` folder) that
you already have, name it:

    python3 Resources/unicode/make-confusables.py /tmp/ch/confusable_homoglyphs-3.3.1-py2.py3-none-any.whl

`--check` compares instead of writing and exits 1 if the committed table differs.

SOURCE DATA. confusable-homoglyphs 3.3.1 (wheel of 2024-01-30, "Update
unicode data") ships
  - confusables.json: Unicode's confusables.txt (UTS #39, "Unicode Security
    Mechanisms"; all its data lines are of type MA) as the package's
    `update` command fetched it from unicode.org/Public/security/latest/.
    The file keeps no version line; in January 2024 "latest" was 15.1.0,
    and categories.json, written by the same command, holds code points
    new in 15.1 (CJK Extension I, U+2EBF0). The package keeps each line
    "source ; prototype" as two undirected neighbours; `directed_mappings`
    recovers the direction (6,307 mappings; the package's parser lost the
    lines of U+2028 and U+2029, which names refuse anyway).
  - categories.json: the script of every code point (Scripts.txt).
The Unicode data is under the Unicode licence (unicode.org/license.txt);
the package's own code is MIT, and none of it is used here.

WHAT THE TABLE HOLDS. For every code point c of the scripts in DOMAIN
(Latin, Greek, Cyrillic, Armenian, Cherokee, Common, Inherited) and of the
halfwidth/fullwidth forms block, plus any other code point whose
compatibility decomposition holds one of those that folds: fold(c), the
string c stands for in a nickname key, when that is not simply c's lower
case (the app lower-cases every code point the table does not name, and
drops Default_Ignorable ones):

  1. NFKC, full case folding, NFKC again; Default_Ignorable code points
     dropped; NFD.
  2. Every code point replaced by its TR39 prototype (confusables.txt),
     then NFD, until nothing changes (TR39's skeleton is NFD, map, NFD).

TR39's prototypes keep case ("I" -> "l", Cyrillic "В" -> "B") while our
keys ignore it, so the mappings are closed under case with a union-find
over folded code points: "I" -> "l" puts "i" with "l", "В" -> "B" puts
"в" with "b". Some joins are refused, and listed with --list:
  - two classes each holding a different ASCII character (or standing for
    a string of several), except for TR39's mappings of ASCII characters
    themselves (0 -> O, 1 -> l, I -> l, | -> l, m -> rn, ` -> ', " -> '').
    Otherwise Greek "Ν" (an N) and its small "ν" (looks like v) would put
    "n" with "v", and "Ana" would clash with "Ava". Order decides which
    mapping wins: ASCII sources, then capitals that are an ASCII letter's
    twin (Greek Ν Η Β Υ: they are pixel for pixel N H B Y, their small
    letters only resemble v n ß u), then sources already folded, then
    the rest;
  - an accent with a character that is not one;
  - a mapping with several code points on both sides that still differ
    once folded (Cyrillic "й" ~ "ѝ" would make every breve a grave).

Checks before writing: every result is left alone by the fold (one pass
is enough), and over all of Unicode a code point, its lower case, its
upper case and its canonical decomposition all have one key.

The result depends on Python's unicodedata (NFKC, case folding,
categories), whose version is written in the generated header; the
committed table was made with EXPECTED_UNIDATA (Python 3.11).
"""

import argparse
import bisect
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
import zipfile

PACKAGE = "confusable-homoglyphs"
PACKAGE_VERSION = "3.3.1"
CONFUSABLES_VERSION = "15.1.0"
EXPECTED_UNIDATA = "14.0.0"  # Python 3.11's unicodedata
OUTPUT = os.path.join("Sources", "WordGameProtocol", "ConfusableTable.swift")

DOMAIN = {"LATIN", "GREEK", "CYRILLIC", "ARMENIAN", "CHEROKEE", "COMMON", "INHERITED"}
WIDTH_FORMS = range(0xFF00, 0xFFF0)  # halfwidth and fullwidth forms

# Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1), which
# Python's unicodedata does not expose. Keys drop these; names refuse them.
DEFAULT_IGNORABLE = [
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
]


def is_default_ignorable(cp):
    return any(lo <= cp <= hi for lo, hi in DEFAULT_IGNORABLE)


# ---------------------------------------------------------------- input

def read_package_files(source):
    """The bytes of confusables.json and categories.json, from a wheel, an
    unzipped package folder, or (source None) a wheel pip downloads now."""
    names = ("confusables.json", "categories.json")
    if source is None:
        with tempfile.TemporaryDirectory(prefix="confusables-") as folder:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "-d", folder, f"{PACKAGE}=={PACKAGE_VERSION}"], check=True)
            wheels = [f for f in os.listdir(folder) if f.endswith(".whl")]
            if len(wheels) != 1:
                sys.exit(f"expected one wheel in {folder}, found {wheels}")
            return read_package_files(os.path.join(folder, wheels[0]))
    if os.path.isdir(source):
        inner = os.path.join(source, "confusable_homoglyphs")
        base = inner if os.path.isdir(inner) else source
        return [open(os.path.join(base, n), "rb").read() for n in names]
    with zipfile.ZipFile(source) as wheel:
        return [wheel.read("confusable_homoglyphs/" + n) for n in names]


def directed_mappings(raw):
    """{source code point: prototype string} from the package's undirected
    confusables.json. Each confusables.txt line `s ; t` became two entries,
    s -> [t] and t -> [s]. A source maps to one prototype and is nobody's
    prototype, so a node with two or more neighbours, or of several code
    points, is a prototype; a pair of nodes that only have each other came
    from one line, which added s before t, and JSON keeps that order."""
    data = json.loads(raw)  # keys in the order the package wrote them
    order = {}
    neighbours = {}
    for key, entries in data.items():
        # Right-to-left characters are written between LEFT-TO-RIGHT MARKs.
        k = key.replace("\u200e", "")
        order.setdefault(k, len(order))
        for entry in entries:
            neighbours.setdefault(k, set()).add(entry["c"].replace("\u200e", ""))
    mapping = {}
    problems = []
    for node, near in neighbours.items():
        if len(node) != 1:
            continue
        if len(near) != 1:
            continue  # a prototype of several sources
        (other,) = near
        if len(other) > 1 or len(neighbours[other]) > 1:
            mapping[ord(node)] = other
        elif order[node] < order[other]:
            mapping[ord(node)] = other
    for source, target in mapping.items():
        if any(ord(ch) in mapping for ch in target):
            problems.append(f"U+{source:04X}: prototype {target!r} is itself mapped")
    if problems:
        sys.exit("confusables.json did not read as a TR39 mapping:\n" + "\n".join(problems[:20]))
    return mapping


def script_lookup(raw):
    data = json.loads(raw)
    ranges = sorted(data["code_points_ranges"])
    starts = [r[0] for r in ranges]
    aliases = data["iso_15924_aliases"]

    def script(cp):
        i = bisect.bisect_right(starts, cp) - 1
        if i >= 0 and ranges[i][0] <= cp <= ranges[i][1]:
            return aliases[ranges[i][2]]
        return None

    return script


# ---------------------------------------------------------------- folding

def fold0(text):
    """Step 1: NFKC, case fold, NFKC, ignorables dropped, NFD."""
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    text = "".join(ch for ch in text if not is_default_ignorable(ord(ch)))
    return unicodedata.normalize("NFD", text)


def is_mark(ch):
    return unicodedata.category(ch).startswith("M")


def is_ascii(ch):
    return 0x20 <= ord(ch) <= 0x7E


class Classes:
    """Union-find over folded code points. Each class has a representative
    (a string: one code point, or several when TR39 maps to several) and is
    anchored when it holds an ASCII character or stands for several."""

    def __init__(self):
        self.parent = {}
        self.rep = {}
        self.anchored = {}

    def find(self, ch):
        if ch not in self.parent:
            self.parent[ch] = ch
            self.rep[ch] = ch
            self.anchored[ch] = is_ascii(ch)
        root = ch
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[ch] != root:
            self.parent[ch], ch = root, self.parent[ch]
        return root

    def join(self, source, target, forced):
        """Joins the class of `source` (one code point) with `target` (one
        code point, or a string of several); the target's representative
        wins unless only the source's class is anchored. False if refused."""
        a = self.find(source)
        if len(target) == 1:
            b = self.find(target)
            if a == b:
                return True
            b_rep, b_anchored = self.rep[b], self.anchored[b]
        else:
            b, b_rep, b_anchored = None, target, True
            if self.rep[a] == target:
                return True
        if self.anchored[a] and b_anchored and not forced:
            return False
        if is_mark(source) != is_mark(target[0]):
            return False  # an accent stays an accent: it sits on what comes before
        rep = self.rep[a] if (self.anchored[a] and not b_anchored) else b_rep
        if len(rep) > 1 and any(self.find(ch) in (a, b) for ch in rep):
            return False  # a class may not stand for a string holding itself
        if b is not None:
            self.parent[b] = a
        self.rep[a] = rep
        self.anchored[a] = self.anchored[a] or b_anchored
        return True

    def representative(self, ch):
        return self.rep[self.find(ch)] if ch in self.parent else ch


def build(mapping, script):
    def in_domain(cp):
        return script(cp) in DOMAIN or cp in WIDTH_FORMS

    # Pass 1: the TR39 mappings of the domain, as joins of folded classes.
    # Ranks, first joined first: 0 ASCII sources (forced), 1 capitals that
    # are an ASCII letter's twin (Greek Ν, Cyrillic В), 2 sources already
    # folded (Greek ν), 3 the rest. Mappings with several code points on
    # both sides come last, once the single ones are known.
    classes = Classes()
    edges = []
    for source, target in mapping.items():
        if not in_domain(source) or is_default_ignorable(source):
            continue
        left, right = fold0(chr(source)), fold0(target)
        if left == right:
            continue
        if source < 0x80:
            rank = 0
        elif (unicodedata.category(chr(source)) == "Lu" and left == chr(source).lower()
              and len(target) == 1 and target.isascii() and target.isalpha()):
            rank = 1
        elif left == chr(source):
            rank = 2
        else:
            rank = 3
        if len(left) > 1 and len(right) > 1:
            rank = 4
        edges.append((rank, source, left, right))
    edges.sort()

    def expand(text, depth=0):
        if depth > 20:
            sys.exit(f"fold does not settle on {text!r}")
        out = []
        for ch in text:
            rep = classes.representative(ch)
            out.append(ch if rep == ch else expand(fold0(rep), depth + 1))
        return unicodedata.normalize("NFD", "".join(out))

    refused = []
    for rank, source, left, right in edges:
        forced = rank == 0
        if len(left) == 1:
            ok = classes.join(left, right, forced)
        elif len(right) == 1:
            ok = classes.join(right, left, forced)
        else:
            a, b = expand(left), expand(right)
            if a != b and len(a) == len(b):
                for x, y in zip(a, b):
                    # Letters only: "й" ~ "ѝ" must not make every breve a grave.
                    if x != y and not is_mark(x) and not is_mark(y):
                        classes.join(x, y, forced)
                a, b = expand(left), expand(right)
            ok = a == b
        if not ok:
            why = ("would join two different look-alike groups" if len(left) == 1 or len(right) == 1
                   else "differ in accents or in more than one letter, which a fold code point by code point cannot follow")
            refused.append(f"U+{source:04X} {unicodedata.name(chr(source), '?')}: {left!r} ~ {right!r} {why}")

    def fold(ch):
        text = fold0(ch)
        for _ in range(20):
            folded = expand(fold0(expand(text)))
            if folded == text:
                return text
            text = folded
        sys.exit(f"fold does not settle on U+{ord(ch):04X}")

    # Pass 2: fold every assigned code point of the domain, and any other
    # whose compatibility decomposition holds a code point that folds.
    table = {}
    folding = set()
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF or is_default_ignorable(cp):
            continue
        ch = chr(cp)
        if unicodedata.category(ch) in ("Cn", "Co", "Cs"):
            continue
        if not in_domain(cp):
            continue
        folded = fold(ch)
        if folded != unicodedata.normalize("NFD", ch):
            folding.add(ch)
        if folded != unicodedata.normalize("NFD", ch.lower()):
            table[cp] = folded
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF or in_domain(cp) or is_default_ignorable(cp):
            continue
        ch = chr(cp)
        if unicodedata.category(ch) in ("Cn", "Co", "Cs"):
            continue
        if any(d in folding for d in unicodedata.normalize("NFKD", ch)):
            folded = fold(ch)
            if folded != unicodedata.normalize("NFD", ch.lower()):
                table[cp] = folded

    # The key applies the table once per code point and lower-cases the rest,
    # so every code point a fold gives must be left alone by both.
    def key_of(ch):
        return table.get(ord(ch), unicodedata.normalize("NFD", ch.lower()))

    for cp, folded in table.items():
        for ch in folded:
            if key_of(ch) != ch or is_default_ignorable(ord(ch)):
                sys.exit(f"U+{cp:04X} folds to {folded!r}, whose U+{ord(ch):04X} would fold again")

    # And the key must not see case, nor whether accents come composed.
    def key(text):
        return unicodedata.normalize("NFD", "".join(key_of(ch) for ch in text if not is_default_ignorable(ord(ch))))

    for cp in range(0x110000):
        ch = chr(cp)
        if 0xD800 <= cp <= 0xDFFF or unicodedata.category(ch) in ("Cn", "Co", "Cs"):
            continue
        for other in (unicodedata.normalize("NFD", ch), ch.lower(), ch.upper()):
            if key(other) != key(ch):
                sys.exit(f"U+{cp:04X} and {other!r} should share a key: {key(ch)!r} vs {key(other)!r}")
    return table, refused, len(edges)


# ---------------------------------------------------------------- output

def swift_file(table, sources, edges, refused):
    by_target = {}
    for cp in sorted(table):
        by_target.setdefault(table[cp], []).append(cp)
    lines = []
    for target in sorted(by_target, key=lambda t: [ord(c) for c in t]):
        head = "+".join(f"{ord(c):X}" for c in target) or "-"
        line = head
        for cp in by_target[target]:
            if len(line) > 100:  # a long list goes on under the same result
                lines.append(line)
                line = head
            line += f" {cp:X}"
        lines.append(line)
    sums = "\n".join(f"//   {name} sha256 {hashlib.sha256(raw).hexdigest()}" for name, raw in sources)
    out = io.StringIO()
    out.write(f"""// GENERATED by Resources/unicode/make-confusables.py: do not edit by hand.
// Regenerate from the repository root: python3 Resources/unicode/make-confusables.py
//
// Data: Unicode confusables.txt {CONFUSABLES_VERSION} (UTS #39; Unicode licence) and Scripts.txt,
// as shipped in the PyPI package {PACKAGE} {PACKAGE_VERSION}:
{sums}
// Folded with Python's unicodedata {unicodedata.unidata_version}. Of the {edges} TR39 mappings of the scripts kept
// that case and NFKC folding do not already honour, {len(refused)} are left out (--list names them).

/// The nickname fold for code points that do not simply fold to their lower
/// case: lines of `<result> <code point>...` in hexadecimal, where a result
/// of several code points joins them with `+` (`-`: none). See `NameFold`.
enum ConfusableTable {{
    static let count = {len(table)}

    static let packed = \"\"\"
""")
    for line in lines:
        out.write("        " + line + "\n")
    out.write("        \"\"\"\n}\n")
    return out.getvalue()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", help="the wheel, or its unzipped folder (default: pip download it)")
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed table differs")
    parser.add_argument("--list", action="store_true", help="list the TR39 mappings left out, and why")
    parser.add_argument("--output", default=OUTPUT)
    args = parser.parse_args()
    if unicodedata.unidata_version != EXPECTED_UNIDATA:
        print(f"warning: this Python's Unicode is {unicodedata.unidata_version}; the committed table "
              f"was made with {EXPECTED_UNIDATA}, so it may come out different", file=sys.stderr)
    confusables, categories = read_package_files(args.source)
    mapping = directed_mappings(confusables)
    table, refused, edges = build(mapping, script_lookup(categories))
    if args.list:
        for line in refused:
            print("left out: " + line, file=sys.stderr)
    text = swift_file(table, [("confusables.json", confusables), ("categories.json", categories)], edges, refused)
    if args.check:
        current = open(args.output, encoding="utf-8").read() if os.path.exists(args.output) else ""
        if current != text:
            sys.exit(f"{args.output} is not what the data gives: run without --check")
        print(f"{args.output} is up to date ({len(table)} code points)")
        return
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {args.output}: {len(table)} code points from {len(mapping)} TR39 mappings "
          f"({edges} in the scripts kept, {len(refused)} left out), {len(text.encode())} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()

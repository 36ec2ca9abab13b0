#!/usr/bin/env bash
# Builds the folder a school server runs without Swift: wordgame-server, wordgame-client and
# wordgame-report with Swift's standard library and Foundation linked in (--static-swift-stdlib),
# beside the Resources they read (words.json, the web pages) and the systemd unit.
# The binaries look for Resources beside their own real file, so the folder works wherever it is put.
#
# Usage: Resources/install/make-bundle.sh [OUTPUT_DIR]     (default: .build/bundle)
# Makes OUTPUT_DIR/wordgame/ and OUTPUT_DIR/wordgame.tar.gz.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"

if [ $# -gt 1 ] || [[ "${1:-}" == -* ]]; then
    echo "usage: Resources/install/make-bundle.sh [OUTPUT_DIR]   (default: .build/bundle)" >&2
    exit 64
fi
out="$(realpath -m "${1:-$root/.build/bundle}")"

swift="$(command -v swift || true)"
if [ -z "$swift" ] && [ -x /opt/swift/usr/bin/swift ]; then swift=/opt/swift/usr/bin/swift; fi
if [ -z "$swift" ]; then
    echo "make-bundle.sh: no swift on PATH: the bundle is built on a machine with Swift 6, then copied" >&2
    exit 1
fi

# A scratch folder of its own: in .build, --static-swift-stdlib would make the next `swift run -c release`
# compile every module again (and that one's flags the next bundle).
scratch="$root/.build/static"
products="wordgame-server wordgame-client wordgame-report"
# --strip-all: symbols and debug sections are a fifth of each binary. The linker warns that Foundation's own
# archive uses mktemp; it is the toolchain's code, not ours, so that one line is left out.
for product in $products; do
    "$swift" build --package-path "$root" --scratch-path "$scratch" -c release --static-swift-stdlib \
        -Xlinker --strip-all --product "$product" 2>&1 | { grep -v "the use of .mktemp. is dangerous" || true; }
done
built="$("$swift" build --package-path "$root" --scratch-path "$scratch" -c release --show-bin-path)"

bundle="$out/wordgame"
rm -rf "$bundle" "$out/wordgame.tar.gz"
mkdir -p "$bundle/Resources/install"
for product in $products; do cp "$built/$product" "$bundle/"; done
cp "$root/Resources/words.json" "$bundle/Resources/"
cp -R "$root/Resources/web" "$bundle/Resources/"
for file in wordgame.service wordgame@.service wordgame.env; do cp "$root/Resources/install/$file" "$bundle/Resources/install/"; done
# Owned by root in the archive, whoever built it: unpacked by root, the files must not belong to the builder's uid.
tar -C "$out" --owner=0 --group=0 --numeric-owner -czf "$out/wordgame.tar.gz" wordgame

# Named from the repository when the bundle is in it, as the README shows it.
shown="${out#"$root"/}"
echo "make-bundle.sh: $shown/wordgame ($(du -sh "$bundle" | cut -f1)) and $shown/wordgame.tar.gz ($(du -h "$out/wordgame.tar.gz" | cut -f1))"

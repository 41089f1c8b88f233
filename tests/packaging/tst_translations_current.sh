#!/usr/bin/env bash
# The translation files in resources/translations are what lupdate makes of the sources today:
# a text added or changed without `cmake --build build --target update_translations` fails here,
# and so does an English plural form left unfilled in qdisc-studio_en.ts.
#
#   tst_translations_current.sh LUPDATE TRANSLATIONS_DIR "LUPDATE OPTIONS" SOURCE_DIR…
set -uo pipefail
export LC_ALL=C.UTF-8
if (($# < 4)); then
    echo "usage: $0 LUPDATE TRANSLATIONS_DIR \"LUPDATE OPTIONS\" SOURCE_DIR…" >&2
    exit 2
fi
lupdate=$1 dir=$2
read -r -a options <<<"$3"
shift 3
sources=("$@")
fail() {
    echo "FAIL: $*"
    exit 1
}
[[ -x $lupdate ]] || fail "$lupdate is missing (scripts/install-deps.sh installs qt6-l10n-tools)"
work=$(mktemp -d) || fail "no temporary folder"
trap 'rm -rf "$work"' EXIT

check() { # FILE EXTRA_OPTION…: lupdate run over a copy must change nothing
    local file=$1
    shift
    [[ -f $dir/$file ]] || fail "$dir/$file is missing: cmake --build build --target update_translations"
    cp "$dir/$file" "$work/$file"
    "$lupdate" "${options[@]}" "$@" "${sources[@]}" -ts "$work/$file" >"$work/lupdate.log" 2>&1 ||
        fail "lupdate failed on $file: $(cat "$work/lupdate.log")"
    if ! diff -u "$dir/$file" "$work/$file" >"$work/diff"; then
        head -60 "$work/diff"
        fail "$file is not current: run cmake --build build --target update_translations and commit the result"
    fi
    echo "ok: $file is current ($(grep -c '<message' "$dir/$file") messages)"
}
check qdisc-studio.ts
check qdisc-studio_en.ts -pluralonly

unfinished=$(grep -c 'type="unfinished"' "$dir/qdisc-studio_en.ts")
((unfinished == 0)) || {
    grep -B3 'type="unfinished"' "$dir/qdisc-studio_en.ts" | grep '<source>'
    fail "$unfinished English plural forms are not filled in qdisc-studio_en.ts (open it in Qt Linguist, or fill <numerusform>s: one, other)"
}
numerus=$(grep -c 'numerus="yes"' "$dir/qdisc-studio_en.ts")
((numerus > 0)) || fail "qdisc-studio_en.ts holds no plural forms: lupdate -pluralonly found nothing?"
echo "ok: all $numerus English plural forms are filled"
# The template must hold the texts of every part; a scan that found nothing would pass the diff.
for context in qs::MainWindow qs::Cli qs::TcImporter; do
    grep -q "<name>$context</name>" "$dir/qdisc-studio.ts" || fail "qdisc-studio.ts has no context $context"
done
echo "PASS"

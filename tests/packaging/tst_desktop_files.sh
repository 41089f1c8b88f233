#!/usr/bin/env bash
# Checks the desktop integration files of resources/desktop and what the build made of them:
#   - the .desktop file passes desktop-file-validate (no error, no warning),
#   - the AppStream metainfo passes `appstreamcli validate --no-net --pedantic` with no error and
#     no warning (infos and pedantic notes are printed, not fatal) and is well-formed XML,
#   - ids, launchable, icon name and binary name agree; the newest release is PROJECT_VERSION,
#   - the SVG is well-formed, square, self-contained (no text, no external references) and renders,
#   - rsvg-convert produced every PNG size, each a real PNG of exactly N x N pixels,
#   - `cmake --install --component desktop` puts everything where desktops look for it.
# A missing tool is a failure, never a skip. Never touches the network (--no-net).
set -uo pipefail

usage() { echo "usage: $0 --source-dir D --icon-dir D --sizes 'N …' --version V --build-dir D --cmake CMAKE" >&2; exit 2; }
src="" icons="" sizes="" version="" build="" cmake=""
while (($#)); do
    case $1 in
        --source-dir) src=$2 ;;
        --icon-dir) icons=$2 ;;
        --sizes) sizes=$2 ;;
        --version) version=$2 ;;
        --build-dir) build=$2 ;;
        --cmake) cmake=$2 ;;
        *) usage ;;
    esac
    shift 2 || usage
done
[[ -n $src && -n $icons && -n $sizes && -n $version && -n $build && -n $cmake ]] || usage

id=org.qdiscstudio.QdiscStudio
desktop=$src/$id.desktop
metainfo=$src/$id.metainfo.xml
svg=$src/$id.svg
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "PASS: $*"; }
section_start() { section_failures=$failures; }
section_pass() { ((failures == section_failures)) && pass "$*"; }

for tool in desktop-file-validate appstreamcli xmllint rsvg-convert od "$cmake"; do
    if ! command -v "$tool" >/dev/null; then
        echo "FAIL: '$tool' is not installed (run scripts/install-deps.sh: desktop-file-utils," \
            "appstream, libxml2-utils, librsvg2-bin)" >&2
        exit 1
    fi
done
for f in "$desktop" "$metainfo" "$svg"; do
    [[ -f $f ]] || { echo "FAIL: $f is missing" >&2; exit 1; }
done

tmp=$(mktemp -d /tmp/qs-desktop-test.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT

# --- .desktop ---------------------------------------------------------------------------------
# desktop-file-validate prints "FILE: error: …", "warning: …" or "hint: …" lines. Hints count
# too: the one it gives for two main categories means the app shows up twice in menus.
check_desktop_file() {
    local file=$1 out rc
    out=$(desktop-file-validate "$file" 2>&1)
    rc=$?
    [[ -n $out ]] && printf '%s\n' "$out"
    if ((rc != 0)) || [[ -n $out ]]; then
        fail "desktop-file-validate $file (exit $rc): errors, warnings or hints"
    else
        pass "desktop-file-validate $file"
    fi
}
check_desktop_file "$desktop"

section_start
desktop_key() { sed -n "/^\[Desktop Entry\]/,/^\[/s/^$1=//p" "$desktop" | head -n1; }
[[ $(desktop_key Name) == "Qdisc Studio" ]] || fail "Name= is '$(desktop_key Name)'"
[[ $(desktop_key Type) == Application ]] || fail "Type= is '$(desktop_key Type)'"
[[ $(desktop_key Icon) == "$id" ]] || fail "Icon= is '$(desktop_key Icon)', expected $id"
[[ $(desktop_key Exec) == qdisc-studio* ]] || fail "Exec= is '$(desktop_key Exec)'"
[[ $(desktop_key Terminal) == false ]] || fail "Terminal= is '$(desktop_key Terminal)'"
for word in tc netem qdisc latency "packet loss" bandwidth shaping; do
    [[ ";$(desktop_key Keywords)" == *";$word"* ]] || fail "Keywords= lacks '$word'"
done
section_pass ".desktop keys"

# --- AppStream metainfo -------------------------------------------------------------------------
if xmllint --noout "$metainfo"; then pass "xmllint $metainfo"; else fail "xmllint $metainfo"; fi

# appstreamcli prints one "E:/W:/I:/P: component:line: tag" line per issue, then a summary
# ("✔ Validation was successful: infos: 1" or "✘ Validation failed: warnings: 1, errors: 2").
check_metainfo() {
    local file=$1 out rc
    out=$(appstreamcli validate --no-net --pedantic --explain --no-color "$file" 2>&1)
    rc=$?
    printf '%s\n' "$out"
    if ((rc != 0)) || grep -qE '^[EW]: |errors?: [0-9]|warnings?: [0-9]' <<<"$out"; then
        fail "appstreamcli validate --no-net --pedantic $file (exit $rc): errors or warnings"
    else
        pass "appstreamcli validate --no-net --pedantic $file: no errors, no warnings"
    fi
}
check_metainfo "$metainfo"

section_start
xp() { xmllint --xpath "$1" "$metainfo" 2>/dev/null; }
[[ $(xp 'string(/component/@type)') == desktop-application ]] || fail "component type is not desktop-application"
[[ $(xp 'string(/component/id)') == "$id" ]] || fail "<id> is '$(xp 'string(/component/id)')', expected $id"
[[ $(xp 'string(/component/launchable[@type="desktop-id"])') == "$id.desktop" ]] ||
    fail "<launchable type=desktop-id> does not name $id.desktop"
[[ $(xp 'string(/component/provides/binary)') == qdisc-studio ]] || fail "<provides><binary> is not qdisc-studio"
[[ $(xp 'string(/component/metadata_license)') == CC0-1.0 ]] || fail "metadata_license is not CC0-1.0"
[[ $(xp 'string(/component/project_license)') == GPL-3.0-or-later ]] || fail "project_license is not GPL-3.0-or-later"
[[ $(xp 'string(/component/content_rating/@type)') == oars-1.1 ]] || fail "content_rating is not oars-1.1"
newest=$(xp 'string(/component/releases/release[1]/@version)')
if [[ $newest == "$version" ]]; then
    pass "newest <release> is PROJECT_VERSION $version"
else
    fail "newest <release> in the metainfo is '$newest' but PROJECT_VERSION is $version: add a <release> entry (version, date, notes) at the top"
fi
[[ $(xp 'string(/component/releases/release[1]/@date)') =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] ||
    fail "the newest <release> has no ISO date"
if grep -qE 'https?://' "$metainfo"; then
    fail "the metainfo contains a URL: there is no public website yet"
fi
section_pass "metainfo fields"

# --- SVG icon -----------------------------------------------------------------------------------
if xmllint --noout "$svg"; then pass "xmllint $svg"; else fail "xmllint $svg"; fi
viewbox=$(xmllint --xpath 'string(/*[local-name()="svg"]/@viewBox)' "$svg" 2>/dev/null)
read -r vx vy vw vh <<<"$viewbox"
[[ -n ${vh-} && $vw == "$vh" ]] || fail "the SVG's viewBox '$viewbox' is not square"
if grep -qiE '<text|<image|href|url\((["'\'']?)[^#]|@import|<script|<foreignObject' "$svg"; then
    fail "the SVG has text, scripts or external references"
fi
if rsvg-convert --width=64 --height=64 --output="$tmp/check.png" "$svg"; then
    pass "rsvg-convert renders $svg"
else
    fail "rsvg-convert cannot render $svg"
fi

# --- the PNGs the build rendered ----------------------------------------------------------------
# PNG: 8-byte signature, then the IHDR chunk: length(4) "IHDR" width(4, big-endian) height(4).
png_size() {
    local hex
    hex=$(od -An -tx1 -N24 "$1" | tr -d ' \n')
    [[ ${hex:0:16} == 89504e470d0a1a0a && ${hex:24:8} == 49484452 ]] || return 1
    echo "$((16#${hex:32:8}))x$((16#${hex:40:8}))"
}
for n in $sizes; do
    png=$icons/${n}x$n/apps/$id.png
    if [[ ! -s $png ]]; then
        fail "$png was not rendered (build the target qs_desktop_icons)"
        continue
    fi
    if ! got=$(png_size "$png"); then
        fail "$png is not a PNG"
    elif [[ $got != "${n}x$n" ]]; then
        fail "$png is $got pixels, expected ${n}x$n"
    else
        pass "$png is ${n}x$n"
    fi
done

# --- staged install -----------------------------------------------------------------------------
stage=$tmp/stage
if DESTDIR=$stage "$cmake" --install "$build" --component desktop --prefix /usr >"$tmp/install.log" 2>&1; then
    section_start
    share=$stage/usr/share
    expected=("$share/applications/$id.desktop" "$share/metainfo/$id.metainfo.xml"
        "$share/icons/hicolor/scalable/apps/$id.svg" "$share/bash-completion/completions/qdisc-studio")
    for n in $sizes; do expected+=("$share/icons/hicolor/${n}x$n/apps/$id.png"); done
    for f in "${expected[@]}"; do
        [[ -s $f ]] || fail "the install does not create ${f#"$stage"}"
    done
    extra=$(cd "$stage" && find . -type f | sed 's|^\./|/|' | grep -vxF -f <(printf '%s\n' "${expected[@]#"$stage"}"))
    [[ -z $extra ]] || fail "the desktop component installs unexpected files: $extra"
    cmp -s "$share/bash-completion/completions/qdisc-studio" "$src/qdisc-studio.bash-completion" ||
        fail "the installed completion differs from the source"
    # The installed tree as a whole: metainfo, desktop file and icon found together.
    out=$(appstreamcli validate-tree --no-net --pedantic --no-color "$stage/usr" 2>&1)
    rc=$?
    printf '%s\n' "$out"
    if ((rc != 0)) || grep -qE '^[EW]: |errors?: [0-9]|warnings?: [0-9]' <<<"$out"; then
        fail "appstreamcli validate-tree --no-net of the staged install: errors or warnings"
    fi
    section_pass "staged install (cmake --install --component desktop)"
else
    cat "$tmp/install.log" >&2
    fail "cmake --install $build --component desktop failed"
fi

if ((failures)); then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all desktop integration checks passed"

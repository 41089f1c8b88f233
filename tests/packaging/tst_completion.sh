#!/usr/bin/env bash
# Tests the bash completion of qdisc-studio against the real binary:
#   tst_completion.sh PATH/TO/qdisc-studio PATH/TO/qdisc-studio.bash-completion
# The completion calls `qdisc-studio` from PATH, so the binary's directory goes first in PATH.
# Targets come from a network namespace this test creates (root needed; removed on exit).
# Every check runs twice: with the bash-completion package loaded (as on a desktop) and with
# plain bash. A missing tool or missing root is a failure, never a skip.
set -uo pipefail

binary=${1:?usage: $0 QDISC_STUDIO_BINARY COMPLETION_SCRIPT}
completion=${2:?usage: $0 QDISC_STUDIO_BINARY COMPLETION_SCRIPT}
bash_completion=/usr/share/bash-completion/bash_completion

die() { echo "FAIL: $*" >&2; exit 1; }
[[ -x $binary ]] || die "$binary is not an executable"
[[ -f $completion ]] || die "$completion is missing"
binary=$(realpath "$binary") completion=$(realpath "$completion")
[[ -f $bash_completion ]] || die "$bash_completion is missing (Debian package bash-completion; scripts/install-deps.sh)"
command -v ip >/dev/null || die "ip is not installed (iproute2)"
(($(id -u) == 0)) || die "needs root: it creates a network namespace"

ns=qs-cmp-$$
ns_colon=qs:cmp-$$ # a namespace name with a ':', which bash treats as a word break
tmp=$(mktemp -d /tmp/qs-completion-test.XXXXXX) || exit 1
cleanup() {
    ip netns del "$ns" 2>/dev/null
    ip netns del "$ns_colon" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
for n in "$ns" "$ns_colon"; do
    ip netns add "$n" || die "ip netns add $n"
    # dummy is not built into every kernel; veth is everywhere the kernel tests run
    ip -n "$n" link add qsc0 type dummy 2>/dev/null ||
        ip -n "$n" link add qsc0 type veth peer name qsc1 || die "cannot create an interface in $n"
done
want_targets=$(ip -n "$ns" -o link show | sed -E 's/^[0-9]+: ([^:@]+).*/\1/' | tr '\n' ' ')

export PATH=$(dirname "$binary"):$PATH
[[ $(type -P qdisc-studio) -ef $binary ]] || die "qdisc-studio in PATH is not $binary"

# The subcommands, read here independently of the completion script: the section of --help
# that starts with "Subcommands:", two-space indented lines, first word.
subcommands=$(qdisc-studio --help | awk '/^Subcommands:/ {s=1; next} s && /^$/ {exit} s && /^  [a-z]/ {print $1}' | tr '\n' ' ')
(($(wc -w <<<"$subcommands") >= 5)) || die "could not read the subcommands from qdisc-studio --help: '$subcommands'"

# Files for the FILE/PROFILE arguments.
mkdir -p "$tmp/files/profdir"
: >"$tmp/files/profile-a.json"
: >"$tmp/files/profile-b.tc"

# A profile name with spaces and parentheses, from the binary's own list.
profile_name=$(qdisc-studio profiles --json | sed -nE 's/^ *"name": "(.*)",?$/\1/p' | grep -E '^[[:alnum:]]+ [[:alnum:]]' | head -n1)
[[ -n $profile_name ]] || die "qdisc-studio profiles --json lists no profile name with a space"
profile_word=${profile_name%% *}        # "LTE" of "LTE (4G)": typed unquoted
profile_rest=${profile_name#* }
profile_two="$profile_word ${profile_rest:0:1}" # "LTE (": typed quoted or with a backslash
profile_two_escaped=${profile_two// /\\ }

# A qdisc-studio that adds a subcommand and an option to the real help texts: proves that the
# completion reads --help instead of knowing a fixed list.
mkdir -p "$tmp/fakebin"
cat >"$tmp/fakebin/qdisc-studio" <<EOF
#!/usr/bin/env bash
if [[ \$# == 1 && \$1 == --help ]]; then
    "$binary" --help | sed '/^Subcommands:/a\\  frobnicate THING                                     a subcommand only the test knows'
elif [[ \$# == 2 && \$1 == apply && \$2 == --help ]]; then
    "$binary" apply --help | sed '/^Options:/a\\  -F, --frob-level <N>  an option only the test knows'
else
    exec "$binary" "\$@"
fi
EOF
chmod +x "$tmp/fakebin/qdisc-studio"

mkdir -p "$tmp/data/qdisc-studio/scenarios"
cat >"$tmp/data/qdisc-studio/scenarios/commute.json" <<'JSON'
{"schemaVersion": 1, "name": "My commute (home)", "steps": [{"name": "a", "duration": "1s", "preset": "LTE (4G)"}]}
JSON
export XDG_DATA_HOME=$tmp/data
qdisc-studio scenarios | grep -q "My commute (home)" || die "the user's scenario is not listed: $(qdisc-studio scenarios 2>&1)"

# Runs in a child bash: MODE is "bash-completion" or "plain".
run_checks() {
    local mode=$1
    bash --norc --noprofile -s -- "$mode" <<CHECKS
set -u
mode=\$1
failures=0
if [[ \$mode == bash-completion ]]; then
    source "$bash_completion" || { echo "FAIL: cannot source $bash_completion"; exit 1; }
    declare -F _init_completion >/dev/null || { echo "FAIL: bash-completion has no _init_completion"; exit 1; }
fi
source "$completion" || { echo "FAIL: cannot source $completion"; exit 1; }
[[ \$(complete -p qdisc-studio 2>/dev/null) == *"-F _qdisc_studio"* ]] || { echo "FAIL: no 'complete -F' for qdisc-studio"; exit 1; }

# Splits a command line the way bash does with the default COMP_WORDBREAKS for what these
# checks type: blanks separate words; '=' and ':' are words of their own; a double quote or a
# backslash keeps a blank inside the word (and stays in it, as in COMP_WORDS).
complete_line() {
    local line=\$1 w="" ch i brk=0 quoted=0
    COMP_WORDS=()
    for ((i = 0; i < \${#line}; i++)); do
        ch=\${line:i:1}
        if ((quoted)) || [[ \$ch == '"' || \$ch == '\\' ]]; then
            if ((brk)); then COMP_WORDS+=("\$w"); w="" brk=0; fi
            if [[ \$ch == '\\' ]] && ((!quoted)); then
                w+=\${line:i:2}
                ((i++))
            else
                [[ \$ch == '"' ]] && quoted=\$((!quoted))
                w+=\$ch
            fi
        elif [[ \$ch == ' ' ]]; then
            [[ -n \$w ]] && COMP_WORDS+=("\$w")
            w="" brk=0
        elif [[ \$ch == [=:] ]]; then
            if ((brk)); then w+=\$ch; else [[ -n \$w ]] && COMP_WORDS+=("\$w"); w=\$ch brk=1; fi
        else
            if ((brk)); then COMP_WORDS+=("\$w"); w="" brk=0; fi
            w+=\$ch
        fi
    done
    COMP_WORDS+=("\$w")
    COMP_LINE=\$line COMP_POINT=\${#line} COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1)) COMPREPLY=()
    _qdisc_studio qdisc-studio "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD - 1]}"
}
show() { printf '[%s]' "\${COMPREPLY[@]}"; }
ok() { echo "PASS [\$mode] \$1"; }
bad() { echo "FAIL [\$mode] \$1 -> \$(show)"; failures=\$((failures + 1)); }

# expect_exactly LINE WORD…: COMPREPLY is exactly these words (any order).
expect_exactly() {
    local line=\$1; shift
    complete_line "\$line"
    if [[ \$(printf '%s\n' "\${COMPREPLY[@]}" | sort) == "\$(printf '%s\n' "\$@" | sort)" ]]; then
        ok "'\$line' -> \$*"
    else
        bad "'\$line' should complete exactly to: \$*"
    fi
}
# expect_has LINE WORD…: COMPREPLY holds at least these words.
expect_has() {
    local line=\$1 word missing=""; shift
    complete_line "\$line"
    for word in "\$@"; do
        printf '%s\n' "\${COMPREPLY[@]}" | grep -qxF -- "\$word" || missing+=" '\$word'"
    done
    if [[ -z \$missing ]]; then ok "'\$line' offers \$*"; else bad "'\$line' lacks\$missing"; fi
}
# expect_all_start LINE PREFIX: COMPREPLY is not empty and every word starts with PREFIX.
expect_all_start() {
    local line=\$1 prefix=\$2 word
    complete_line "\$line"
    ((\${#COMPREPLY[@]})) || { bad "'\$line' offers nothing"; return; }
    for word in "\${COMPREPLY[@]}"; do
        [[ \$word == "\$prefix"* ]] || { bad "'\$line' offers '\$word', not starting with '\$prefix'"; return; }
    done
    ok "'\$line' offers only words starting with '\$prefix'"
}

# subcommands
expect_exactly "qdisc-studio ap" apply
expect_has "qdisc-studio " $subcommands
complete_line "qdisc-studio "
((\${#COMPREPLY[@]} == $(wc -w <<<"$subcommands"))) && ok "'qdisc-studio ' offers only subcommands" || bad "'qdisc-studio ' offers more than the subcommands ($subcommands)"
expect_exactly "qdisc-studio --ver" --version

# targets: the positional TARGET of show/stats, the value of --dev
targets=(\$(printf '$ns/%s\n' $want_targets))
expect_all_start "qdisc-studio show qs-cmp" qs-cmp
expect_has "qdisc-studio show qs-cmp" "\${targets[@]}"
expect_exactly "qdisc-studio show $ns/" "\${targets[@]}"
expect_exactly "qdisc-studio show $ns/qsc0" $ns/qsc0
expect_has "qdisc-studio stats --interval 500 --count 2 $ns/" "\${targets[@]}"
# the window's --target
expect_exactly "qdisc-studio --tar" --target
expect_exactly "qdisc-studio --target $ns/" "\${targets[@]}"
expect_has "qdisc-studio stats --json qs-cmp" "\${targets[@]}"
expect_exactly "qdisc-studio show $ns/qsc0 " # one TARGET only
expect_has "qdisc-studio apply --dev qs-cmp" "\${targets[@]}"
expect_all_start "qdisc-studio apply --dev qs-cmp" qs-cmp
expect_has "qdisc-studio apply --hold --dev $ns/" "\${targets[@]}"
expect_has "qdisc-studio apply --dev=qs-cmp" "\${targets[@]}"
expect_has "qdisc-studio clear --dev $ns/" "\${targets[@]}"
expect_has "qdisc-studio restore --dev $ns/" "\${targets[@]}"
expect_has "qdisc-studio export --dev $ns/" "\${targets[@]}"
if [[ \$mode == bash-completion ]]; then
    # bash replaces only the text after the ':'; the completion must offer just that part
    expect_has "qdisc-studio show $ns_colon/" cmp-$$/qsc0
    expect_all_start "qdisc-studio show $ns_colon/" cmp-$$/
fi

# options, read from SUBCOMMAND --help
expect_exactly "qdisc-studio apply --re" --revert-after
expect_has "qdisc-studio apply --" --dev --hold --revert-after --direct --json
expect_has "qdisc-studio stats eth0 --" --interval --count --json
expect_has "qdisc-studio import -" -o --output --name --json
expect_exactly "qdisc-studio show --js" --json
expect_exactly "qdisc-studio apply --revert-after " # a number: nothing to offer

# files for FILE / PROFILE arguments and for -o
cd "$tmp/files"
expect_exactly "qdisc-studio apply --dev $ns/qsc0 profile-" profile-a.json profile-b.tc
expect_exactly "qdisc-studio apply profile-a" profile-a.json
expect_exactly "qdisc-studio apply --revert-after 20 --dev $ns/qsc0 $tmp/files/profile-a" $tmp/files/profile-a.json
expect_exactly "qdisc-studio apply --dev $ns/qsc0 profile-a.json " # one FILE only
expect_exactly "qdisc-studio import profile-b" profile-b.tc
expect_exactly "qdisc-studio import -o profile-a" profile-a.json
expect_exactly "qdisc-studio import --output=profile-a" profile-a.json
expect_exactly "qdisc-studio validate profile-" profile-a.json profile-b.tc
expect_has "qdisc-studio validate prof" profdir
expect_has "qdisc-studio export profile-" profile-a.json profile-b.tc

# profile names (with spaces) for "profiles show" and export
expect_exactly "qdisc-studio profiles " list show
expect_exactly "qdisc-studio profiles sh" show
expect_has "qdisc-studio profiles show $profile_word" "$profile_name"
expect_all_start "qdisc-studio profiles show $profile_word" "$profile_word"
expect_exactly "qdisc-studio profiles show \"$profile_two" "$profile_name"
expect_exactly "qdisc-studio profiles show $profile_two_escaped" "$profile_name"
expect_has "qdisc-studio export $profile_word" "$profile_name"
expect_has "qdisc-studio export --dev $ns/qsc0 $profile_word" "$profile_name"
expect_exactly "qdisc-studio profiles list " # nothing after list

# scenarios: names of built-in and user scenarios (with spaces and parentheses), files, targets
expect_has "qdisc-studio play Enter" "Entering a tunnel"
expect_exactly "qdisc-studio play \"Entering a" "Entering a tunnel"
expect_exactly "qdisc-studio play Entering\\ a" "Entering a tunnel"
expect_has "qdisc-studio play My" "My commute (home)"
expect_exactly "qdisc-studio play \"My commute (" "My commute (home)"
expect_exactly "qdisc-studio play profile-a" profile-a.json
expect_has "qdisc-studio play --dev $ns/" "\${targets[@]}"
expect_has "qdisc-studio play --dev $ns/qsc0 --keep Enter" "Entering a tunnel"
expect_exactly "qdisc-studio play --dev $ns/qsc0 profile-a.json " # one SCENARIO only
expect_exactly "qdisc-studio scenarios " list show check
expect_exactly "qdisc-studio scenarios ch" check
expect_has "qdisc-studio scenarios show Enter" "Entering a tunnel"
expect_exactly "qdisc-studio scenarios show Entering\\ a" "Entering a tunnel"
expect_exactly "qdisc-studio scenarios check profile-a" profile-a.json
expect_has "qdisc-studio scenarios check --dev $ns/" "\${targets[@]}"
expect_has "qdisc-studio scenarios check --dev $ns/qsc0 \"Entering" "Entering a tunnel"
expect_exactly "qdisc-studio scenarios list " # nothing after list
expect_exactly "qdisc-studio scenarios show \"Entering a tunnel\" " # one SCENARIO only

# export --format chaos-mesh: its values, and scenarios besides profiles (only then)
expect_exactly "qdisc-studio export --format " tc chaos-mesh
expect_exactly "qdisc-studio export --format=ch" chaos-mesh
expect_has "qdisc-studio export --mode fixed" fixed= fixed-percent=
expect_has "qdisc-studio export --format chaos-mesh --selector app=web Enter" "Entering a tunnel"
expect_has "qdisc-studio export --format chaos-mesh $profile_word" "$profile_name"
expect_exactly "qdisc-studio export Entering\\ a" # a tc export takes no scenario
expect_has "qdisc-studio export --format chaos-mesh --" --selector --namespace --peers --mode --name --duration --ramp-steps

# the lists come from --help, not from a copy inside the completion script
PATH=$tmp/fakebin:\$PATH
expect_exactly "qdisc-studio frob" frobnicate
expect_exactly "qdisc-studio apply --frob" --frob-level
expect_exactly "qdisc-studio apply --frob-level " # its value is a number

exit \$((failures > 0))
CHECKS
}

status=0
for mode in bash-completion plain; do
    out=$(run_checks "$mode" 2>&1)
    rc=$?
    printf '%s\n' "$out"
    if ((rc != 0)) || grep -q '^FAIL' <<<"$out" || ! grep -q '^PASS' <<<"$out"; then
        echo "FAIL: the completion checks failed in mode '$mode'" >&2
        status=1
    fi
done
((status == 0)) && echo "all completion checks passed"
exit $status

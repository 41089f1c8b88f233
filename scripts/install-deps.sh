#!/usr/bin/env bash
# Installs the Debian 12 packages Qdisc Studio needs to build, run and test.
# Safe to run again: it only calls apt-get when something is missing.
set -euo pipefail

packages=(
    # build
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-base-dev-tools libspdlog-dev libnl-3-dev libnl-route-3-dev
    # the helper's D-Bus connection (sd-bus; helper/busconnection.h says why not libdbus)
    libsystemd-dev
    # zlib: reading the kernel configuration (/proc/config.gz) to tell which tc modules it has
    zlib1g-dev
    # Qt Charts; on Debian 12 its CMake package also needs the OpenGL widgets' development files
    qt6-charts-dev libqt6opengl6-dev
    # fuzzers (libFuzzer ships with clang's runtime)
    clang libclang-rt-14-dev
    # tests: tc is the oracle, locales give the German-locale parsing test its locale,
    # sysctl (procps) quiets IPv6 in test namespaces, setpriv (util-linux) drops root
    iproute2 locales procps util-linux
    # kernel tests under user-mode Linux (tests/kernel/uml): the UML kernel and its tc modules,
    # modprobe to load them, ping for the netem smoke test
    user-mode-linux kmod iputils-ping
    # shaping fidelity test (tests/kernel/tst_shaping_fidelity): traffic generator, veth offloads
    iperf3 ethtool
    # containers as targets (tests/kernel/tst_containers, tests/helper/tst_helper_containers): the
    # runtimes the tests start on sockets of their own (runc comes with docker.io and is what podman
    # runs there), and busybox for the image they import instead of pulling one
    docker.io podman runc busybox-static
    # remote targets over ssh (tests/helper/tst_remote_ssh): a real sshd in a test namespace, the ssh client
    openssh-server openssh-client
    # the helper's tests: a real system bus (dbus-daemon, dbus-send), the real polkitd, test users
    dbus dbus-daemon dbus-bin polkitd passwd
    # desktop integration (resources/desktop, tests/packaging): icons rendered at build time,
    # .desktop and AppStream validators, xmllint, bash-completion for the completion test
    librsvg2-bin desktop-file-utils appstream libxml2-utils bash-completion
    # translations: lupdate and lrelease, and their CMake package
    qt6-l10n-tools qt6-tools-dev
    # the Debian package (cpack -G DEB with dpkg-shlibdeps) and its test: lintian, the man page
    # read with man and col, and what the package depends on (Qt's window-system plugins)
    dpkg-dev lintian man-db groff-base bsdextrautils qt6-qpa-plugins
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    sudo_cmd=()
    [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
    echo "Installing: ${missing[*]}"
    "${sudo_cmd[@]}" apt-get update
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

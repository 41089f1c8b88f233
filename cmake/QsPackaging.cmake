# The Debian package: `cpack -G DEB` in the build tree writes qdisc-studio_<version>_<arch>.deb.
# It holds exactly what `cmake --install` installs, with /usr as the prefix; the system D-Bus and
# polkit folders are absolute destinations, so CPack stages with DESTDIR.
include(GNUInstallDirs)

# What Debian wants beside the files: the copyright, the changelog (gzip -9n: reproducible).
set(QS_DEBIAN_DIR ${PROJECT_SOURCE_DIR}/resources/debian)
add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/debian/changelog.gz
                   COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/debian
                   COMMAND gzip -9n -c ${QS_DEBIAN_DIR}/changelog > ${PROJECT_BINARY_DIR}/debian/changelog.gz
                   DEPENDS ${QS_DEBIAN_DIR}/changelog
                   COMMENT "Compressing the Debian changelog")
add_custom_target(qs_debian_changelog ALL DEPENDS ${PROJECT_BINARY_DIR}/debian/changelog.gz)
install(FILES ${QS_DEBIAN_DIR}/copyright ${PROJECT_BINARY_DIR}/debian/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/qdisc-studio)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME qdisc-studio)
set(CPACK_PACKAGE_VENDOR "Qdisc Studio developers")
set(CPACK_PACKAGE_CONTACT "Qdisc Studio developers <packaging@qdiscstudio.org>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "shape and impair network traffic with Linux traffic control")
set(CPACK_PACKAGE_DESCRIPTION
"Qdisc Studio edits a tree of Linux queueing disciplines visually and applies
it in one step: netem delay, jitter, loss, duplication, corruption, reordering
and rate; tbf and htb shaping; sfq and fq_codel; u32 filters that steer chosen
flows. Changes go through a polkit-authorised helper that speaks netlink,
takes a snapshot first and can revert on a timer or when the window closes.
Live graphs show throughput, drops, backlog and overlimits; named profiles and
built-in presets keep a library of network conditions; tc commands can be
pasted in and exported. A command-line interface does the same headless.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_PREFIX /usr) # the prefix under DESTDIR
set(CPACK_SET_DESTDIR ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Libraries come from dpkg-shlibdeps; the rest is what runs beside the binaries: the system bus
# and its setuid launch helper (dbus), polkitd, and Qt's window-system plugins (xcb, wayland).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "dbus, polkitd, qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "iproute2, qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "iperf3")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA "${QS_DEBIAN_DIR}/prerm;${QS_DEBIAN_DIR}/postrm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(CPack)

cmake_minimum_required(VERSION 3.25)
# Builds the .deb with CPack from BUILD_DIR (already built), unpacks it under WORK_DIR and
# checks what a Debian user would get. Fails with the first problem found.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

execute_process(
  COMMAND cpack -G DEB -B "${WORK_DIR}/out" --config "${BUILD_DIR}/CPackConfig.cmake"
  WORKING_DIRECTORY "${BUILD_DIR}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cpack failed (${rc}):\n${out}\n${err}")
endif()
file(GLOB debs "${WORK_DIR}/out/*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one .deb in ${WORK_DIR}/out, found: ${debs}")
endif()
list(GET debs 0 deb)
get_filename_component(debName "${deb}" NAME)
if(NOT debName MATCHES "^lockscope_[0-9.]+_[a-z0-9]+\\.deb$")
  message(FATAL_ERROR "${debName} is not named the Debian way (lockscope_<version>_<arch>.deb)")
endif()

execute_process(COMMAND dpkg-deb -f "${deb}" Version OUTPUT_VARIABLE packageVersion OUTPUT_STRIP_TRAILING_WHITESPACE)
set(root "${WORK_DIR}/root")
execute_process(COMMAND dpkg-deb -x "${deb}" "${root}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-deb -x failed: ${err}")
endif()

set(appId io.github.lockscope.lockscope)
foreach(path
    usr/bin/lockscope
    usr/bin/lockscope-cli
    usr/share/applications/${appId}.desktop
    usr/share/metainfo/${appId}.metainfo.xml
    usr/share/icons/hicolor/scalable/apps/${appId}.svg
    usr/lib/systemd/system/lockscope-record.service
    usr/share/lockscope/prometheus/lockscope-alerts.yml
    usr/share/lockscope/grafana/lockscope-dashboard.json
    usr/share/doc/lockscope/copyright
    usr/share/doc/lockscope/changelog.gz
    usr/share/man/man1/lockscope.1.gz
    usr/share/man/man1/lockscope-cli.1.gz
    usr/share/bash-completion/completions/lockscope
    usr/share/bash-completion/completions/lockscope-cli
    usr/share/zsh/vendor-completions/_lockscope
    usr/share/zsh/vendor-completions/_lockscope-cli
    usr/share/fish/vendor_completions.d/lockscope-cli.fish)
  if(NOT EXISTS "${root}/${path}")
    message(FATAL_ERROR "the package lacks /${path}")
  endif()
endforeach()

# The desktop file starts the installed binary and names the installed icon.
file(STRINGS "${root}/usr/share/applications/${appId}.desktop" desktop)
foreach(expected "Exec=lockscope" "Icon=${appId}" "Type=Application")
  if(NOT expected IN_LIST desktop)
    message(FATAL_ERROR "the desktop file lacks the line '${expected}'")
  endif()
endforeach()
file(READ "${root}/usr/share/metainfo/${appId}.metainfo.xml" metainfo)
if(NOT metainfo MATCHES "<launchable type=\"desktop-id\">${appId}.desktop</launchable>")
  message(FATAL_ERROR "the metainfo does not launch ${appId}.desktop")
endif()
if(NOT metainfo MATCHES "<release version=\"${packageVersion}\"")
  message(FATAL_ERROR "the metainfo's release list lacks ${packageVersion}")
endif()
execute_process(COMMAND gzip -dc "${root}/usr/share/doc/lockscope/changelog.gz" OUTPUT_VARIABLE changelog)
if(NOT changelog MATCHES "^lockscope \\(${packageVersion}\\) ")
  message(FATAL_ERROR "the changelog's latest entry is not ${packageVersion}:\n${changelog}")
endif()
# It is made from CHANGELOG.md (CHANGELOG_MD): a stanza for each of its releases, in its order,
# holding each of its changes (compared word by word: the package's lines are wrapped anew).
file(STRINGS "${CHANGELOG_MD}" releases REGEX "^## ")
string(REGEX REPLACE "[ \n]+" " " flatChangelog "${changelog}")
set(stanzaAt -1)
foreach(release IN LISTS releases)
  string(REGEX MATCH "^## ([0-9.]+) " _ "${release}")
  string(FIND "${changelog}" "lockscope (${CMAKE_MATCH_1}) unstable" at)
  if(at LESS_EQUAL stanzaAt)
    message(FATAL_ERROR "the changelog lacks CHANGELOG.md's '${release}' (or has it out of order):\n${changelog}")
  endif()
  set(stanzaAt ${at})
endforeach()
file(STRINGS "${CHANGELOG_MD}" firstChanges REGEX "^- ")
foreach(change IN LISTS firstChanges)
  string(REGEX REPLACE "^- " "" change "${change}")
  string(REGEX REPLACE "[ ]+" " " change "${change}")
  string(FIND "${flatChangelog}" "${change}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the changelog lacks CHANGELOG.md's change '${change}':\n${changelog}")
  endif()
endforeach()
if(metainfo MATCHES "@[A-Z_]+@")
  message(FATAL_ERROR "the metainfo has unreplaced placeholders")
endif()
file(READ "${root}/usr/share/icons/hicolor/scalable/apps/${appId}.svg" icon)
if(NOT icon MATCHES "<svg")
  message(FATAL_ERROR "the icon is not an SVG")
endif()

# Dependencies: shared libraries found by dpkg-shlibdeps, plus the SVG icon engine plugin.
execute_process(COMMAND dpkg-deb -f "${deb}" Depends OUTPUT_VARIABLE depends RESULT_VARIABLE rc)
set(neededPackages libqt6widgets6 libqt6svg6 libhiredis libsqlite3 libcpp-httplib)
if(EXPECT_KEYCHAIN) # built with QtKeychain: connection passwords in the system keyring
  list(APPEND neededPackages libqt6keychain1)
endif()
foreach(needed ${neededPackages})
  if(NOT depends MATCHES "${needed}")
    message(FATAL_ERROR "Depends lacks ${needed}: ${depends}")
  endif()
endforeach()
execute_process(COMMAND dpkg-deb -f "${deb}" Recommends OUTPUT_VARIABLE recommends)
if(NOT recommends MATCHES "redis-server")
  message(FATAL_ERROR "Recommends lacks redis-server: ${recommends}")
endif()

# The unpacked programs run from the temporary root, and say the package's version (which is the
# project's, as are the AppStream release and the changelog's latest entry).
foreach(program lockscope lockscope-cli)
  execute_process(COMMAND "${root}/usr/bin/${program}" --version
    RESULT_VARIABLE rc OUTPUT_VARIABLE version ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT version STREQUAL "${program} ${packageVersion}\n")
    message(FATAL_ERROR "the packaged ${program} --version (${rc}) does not say ${packageVersion}: ${version}${err}")
  endif()
endforeach()

# What Debian's own checkers say, all clean: not an error, a warning, a hint or a pedantic note
# (packaging/setup-debian.sh installs them). A lintian informational tag (I:) passes only when
# docs/install.md (DOCS_FILE) explains it by name.
find_program(APPSTREAMCLI appstreamcli REQUIRED)
execute_process(COMMAND "${APPSTREAMCLI}" validate --no-net --pedantic "${root}/usr/share/metainfo/${appId}.metainfo.xml"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "Validation was successful" OR out MATCHES "pedantic:|info:|warnings?:")
  message(FATAL_ERROR "appstreamcli validate is not clean on the metainfo:\n${out}${err}")
endif()
find_program(DESKTOP_FILE_VALIDATE desktop-file-validate REQUIRED)
execute_process(COMMAND "${DESKTOP_FILE_VALIDATE}" "${root}/usr/share/applications/${appId}.desktop"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT "${out}${err}" STREQUAL "")
  message(FATAL_ERROR "desktop-file-validate is not clean on the desktop file:\n${out}${err}")
endif()
find_program(LINTIAN lintian REQUIRED)
execute_process(COMMAND "${LINTIAN}" --display-info --pedantic --display-experimental --allow-root "${deb}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ "${DOCS_FILE}" docs)
string(REGEX MATCHALL "[A-Z]: lockscope[^:]*: [a-z0-9.+-]+" tags "${out}")
set(unexplained "")
foreach(tag ${tags})
  string(REGEX REPLACE "^([A-Z]): [^:]*: " "\\1 " tag "${tag}")
  string(REGEX REPLACE "^. " "" name "${tag}")
  if(NOT tag MATCHES "^I " OR NOT docs MATCHES "`${name}`")
    list(APPEND unexplained "${tag}")
  endif()
endforeach()
if(NOT rc EQUAL 0 OR unexplained)
  message(FATAL_ERROR "lintian is not clean on ${debName} (${rc}; not explained: ${unexplained}):\n${out}${err}")
endif()
message(STATUS "${debName}: files, desktop integration and dependencies as expected")

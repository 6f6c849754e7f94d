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

set(root "${WORK_DIR}/root")
execute_process(COMMAND dpkg-deb -x "${deb}" "${root}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-deb -x failed: ${err}")
endif()

set(appId io.github.lockscope.LockScope)
foreach(path
    usr/bin/lockscope
    usr/bin/lockscope-cli
    usr/share/applications/${appId}.desktop
    usr/share/metainfo/${appId}.metainfo.xml
    usr/share/icons/hicolor/scalable/apps/${appId}.svg
    usr/lib/systemd/system/lockscope-record.service
    usr/share/lockscope/prometheus/lockscope-alerts.yml
    usr/share/lockscope/grafana/lockscope-dashboard.json)
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

# The unpacked binary runs from the temporary root.
execute_process(COMMAND "${root}/usr/bin/lockscope" --version
  RESULT_VARIABLE rc OUTPUT_VARIABLE version ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT version MATCHES "^lockscope [0-9]")
  message(FATAL_ERROR "the packaged lockscope --version failed (${rc}): ${version}${err}")
endif()

find_program(APPSTREAMCLI appstreamcli)
if(APPSTREAMCLI)
  execute_process(COMMAND "${APPSTREAMCLI}" validate --no-net "${root}/usr/share/metainfo/${appId}.metainfo.xml"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "appstreamcli rejects the metainfo:\n${out}${err}")
  endif()
endif()
message(STATUS "${debName}: files, desktop integration and dependencies as expected")

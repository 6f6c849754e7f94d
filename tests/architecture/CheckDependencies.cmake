# Fails when a source file includes against the dependency direction app -> {cli, ui} -> core,
# across the modules of core/ or the folders of ui/ against their own order, or when a source
# folder holds more than 40 files (a folder is one concept; past that it wants splitting). The rules are the two tables below;
# a folder that no row covers is an error too, so that a new folder gets its rule.
# Input: -DSOURCE_DIR=<a tree with core/, cli/, ui/, app/> (the repository, or a test's copy).
cmake_minimum_required(VERSION 3.25)

# Which folders the files of a folder may include from (quoted includes, resolved to the file
# they name). A row covers its folder and every folder beneath it; the longest match wins.
set(allowed_dependencies
  # The core's modules in their order: a module uses those listed before it, never one above.
  # common < redis < locks < inspect < identity < history < fleet; inspect < sandbox < faults <
  # {stress, demo}
  # (the sandbox writes a sample of every lock format, and the simple formats are rows of inspect's).
  "core/common          -> core/common"
  "core/redis           -> core/common core/redis"
  "core/locks           -> core/common core/redis core/locks"
  "core/inspect         -> core/common core/redis core/locks core/inspect"
  "core/identity        -> core/common core/redis core/locks core/inspect core/identity"
  "core/history         -> core/common core/redis core/locks core/inspect core/identity core/history"
  "core/fleet           -> core/common core/redis core/locks core/inspect core/identity core/history core/fleet"
  "core/sandbox         -> core/common core/redis core/locks core/inspect core/sandbox"
  "core/faults          -> core/common core/redis core/locks core/sandbox core/faults"
  "core/stress          -> core/common core/redis core/locks core/sandbox core/faults core/stress"
  "core/demo            -> core/common core/redis core/locks core/sandbox core/faults core/demo"
  "cli                  -> core cli"
  "ui/base              -> core ui/base"
  "ui/connection        -> core ui/base ui/connection"
  "ui/profiles          -> core ui/base ui/connection ui/profiles"
  "ui/monitor           -> core ui/base ui/connection ui/monitor"
  "ui/samplelocks       -> core ui/base ui/connection ui/samplelocks"
  "ui/lockhistory       -> core ui/base ui/connection ui/lockhistory"
  "ui/fleetview         -> core ui/base ui/connection ui/profiles ui/monitor ui/lockhistory ui/fleetview"
  "ui/tools/stress      -> core ui/base ui/connection ui/tools/stress"
  "ui/tools/contention  -> core ui/base ui/connection ui/tools/contention"
  "ui/app               -> core ui"
  "app                  -> core cli ui"
)
# Which system headers a folder must not include: the core and the CLI are plain C++ (no Qt),
# and the GUI reaches Redis only through the core (no hiredis, no OpenSSL).
set(forbidden_system_includes
  "core  -> <Q[A-Za-z]+>|<Qt[A-Za-z]*/|httplib"
  "cli   -> <Q[A-Za-z]+>|<Qt[A-Za-z]*/"
  "ui    -> hiredis|openssl/"
)
# Where an include is looked up from a folder, after the including file's own folder: each
# target's include directories (core/ for lockscope_core, ui/ for lockscope_ui, the root for
# lockscope_cli's "cli/..."). Every module root comes last for everyone, so that an include of a
# folder a target cannot even see (core including "cli/..." or "monitor/...") is still recognised
# and reported.
set(include_roots
  "core  -> core"
  "cli   -> core ."
  "ui    -> ui core"
  "app   -> ui core ."
)

# The value of the row of `table` whose key is the longest prefix (by folder) of `folder`.
function(lookup table folder out)
  set(best_length -1)
  set(best "")
  set(found FALSE)
  foreach(row IN LISTS ${table})
    string(REGEX MATCH "^([^ ]+) +-> *(.*)$" _ "${row}")
    set(key "${CMAKE_MATCH_1}")
    set(value "${CMAKE_MATCH_2}")
    string(LENGTH "${key}" length)
    if((folder STREQUAL key OR folder MATCHES "^${key}/") AND length GREATER best_length)
      set(best_length ${length})
      set(best "${value}")
      set(found TRUE)
    endif()
  endforeach()
  set(${out} "${best}" PARENT_SCOPE)
  set(${out}_FOUND ${found} PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE sources RELATIVE "${SOURCE_DIR}"
  "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp"
  "${SOURCE_DIR}/cli/*.h" "${SOURCE_DIR}/cli/*.cpp"
  "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp"
  "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
set(violations "")
foreach(file IN LISTS sources)
  get_filename_component(folder "${file}" DIRECTORY)
  lookup(allowed_dependencies "${folder}" allowed)
  if(NOT allowed_FOUND)
    list(APPEND violations "${file}: no rule for folder ${folder} in tests/architecture/CheckDependencies.cmake")
    continue()
  endif()
  string(REPLACE " " ";" allowed "${allowed}")
  lookup(forbidden_system_includes "${folder}" forbidden)
  lookup(include_roots "${folder}" roots)
  string(REPLACE " " ";" roots "${roots}")

  file(STRINGS "${SOURCE_DIR}/${file}" lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    if(forbidden AND line MATCHES "${forbidden}")
      list(APPEND violations "${file}: ${line}")
      continue()
    endif()
    if(NOT line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
      continue()
    endif()
    set(included "${CMAKE_MATCH_1}")
    set(target "")
    foreach(root IN ITEMS "${folder}" ${roots} ui core .)
      if(EXISTS "${SOURCE_DIR}/${root}/${included}")
        file(RELATIVE_PATH target "${SOURCE_DIR}" "${SOURCE_DIR}/${root}/${included}")
        break()
      endif()
    endforeach()
    if(NOT target) # generated (moc) or a system header in quotes
      continue()
    endif()
    get_filename_component(target_folder "${target}" DIRECTORY)
    set(permitted FALSE)
    foreach(allowed_folder IN LISTS allowed)
      if(target_folder STREQUAL allowed_folder OR target_folder MATCHES "^${allowed_folder}/")
        set(permitted TRUE)
      endif()
    endforeach()
    if(NOT permitted)
      list(JOIN allowed ", " allowed_text)
      list(APPEND violations "${file}: ${line} (${folder} may use only ${allowed_text})")
    endif()
  endforeach()
endforeach()
# A folder is one concept: past 40 files it wants splitting. Every folder of the repository
# counts (the tests' and the packaging's too); the build trees are not the repository's.
set(all_files "")
foreach(top IN ITEMS core cli ui app tests fuzz packaging resources docs cmake)
  file(GLOB_RECURSE top_files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${top}/*")
  list(APPEND all_files ${top_files})
endforeach()
set(folders "")
foreach(file IN LISTS all_files)
  get_filename_component(folder "${file}" DIRECTORY)
  string(MAKE_C_IDENTIFIER "${folder}" id)
  if(NOT DEFINED count_${id})
    set(count_${id} 0)
    list(APPEND folders "${folder}")
  endif()
  math(EXPR count_${id} "${count_${id}} + 1")
endforeach()
foreach(folder IN LISTS folders)
  string(MAKE_C_IDENTIFIER "${folder}" id)
  if(count_${id} GREATER 40)
    list(APPEND violations "${folder}/: ${count_${id}} files (at most 40: split it by concept)")
  endif()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "includes against the dependency direction (app -> {cli, ui} -> core; core's modules; ui's folders), or crowded folders:\n  ${text}")
endif()
message(STATUS "dependency direction app -> {cli, ui} -> core holds, core's modules and ui's folders keep their order, no folder is crowded")

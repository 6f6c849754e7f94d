# The link check must fail on each kind of broken link, not only pass on the repository: a small
# tree whose links all resolve passes; the same tree with one broken link fails and names it.
# Inputs: -DCHECK=<CheckDocumentationLinks.cmake> -DWORK_DIR=<scratch folder>
cmake_minimum_required(VERSION 3.25)

# A tree whose links resolve: files, folders, images, headings (one repeated, one with
# punctuation), a reference definition, a link inside code that leads nowhere (not a link) and
# an external one.
set(clean_files
  "README.md|# Tool\n\n![A picture](docs/screenshots/a.png)\nSee [the guide](docs/guide.md#set-up-step-two), [its top](docs/guide.md), [the core](core/) and [home](https://example.org/x).\nNot a link: `[x](missing.md)`.\n\n```sh\n[also not](missing.md)\n```\n[ref]: docs/guide.md#notes-1\n"
  "docs/guide.md|# Guide\n\n## Set up: step two\n\n## Notes\n\n## Notes\n\nBack to the [README](../README.md#tool) and [here](#notes).\n"
  "docs/screenshots/a.png|png"
  "core/inspect/README.md|# Inspect\n\nSee [the guide](../../docs/guide.md#guide).\n"
)
# name | file | a line appended to it | what the failure must name
set(cases
  "a missing file|README.md|[gone](docs/missing.md)|docs/missing.md (no such file)"
  "a missing heading|docs/guide.md|[gone](../README.md#usage)|../README.md#usage (no such heading"
  "a missing heading in the same file|docs/guide.md|[gone](#set-up)|#set-up (no such heading"
  "a path outside the repository|README.md|[shared](../shared/tools/x)|../shared/tools/x (outside the repository)"
  "a missing image|core/inspect/README.md|![gone](shot.png)|shot.png (no such file)"
  "a reference definition|README.md|[other]: docs/other.md|docs/other.md (no such file)"
)

include(${CMAKE_CURRENT_LIST_DIR}/ScratchTree.cmake)

set(failures "")
write_tree("${WORK_DIR}/clean" "")
run_check("${WORK_DIR}/clean" status out)
if(NOT status EQUAL 0)
  list(APPEND failures "the clean tree fails:\n${out}")
endif()

set(index 0)
foreach(entry IN LISTS cases)
  string(REGEX MATCH "^([^|]+)\\|([^|]+)\\|([^|]+)\\|(.*)$" _ "${entry}")
  set(name "${CMAKE_MATCH_1}")
  set(file "${CMAKE_MATCH_2}")
  set(link "${CMAKE_MATCH_3}")
  set(expected "${CMAKE_MATCH_4}")
  math(EXPR index "${index} + 1")
  set(root "${WORK_DIR}/case${index}")
  write_tree("${root}" "")
  file(APPEND "${root}/${file}" "\n${link}\n")
  run_check("${root}" status out)
  string(FIND "${out}" "${file}" names_file)
  string(FIND "${out}" "${expected}" names_link)
  if(status EQUAL 0)
    list(APPEND failures "${name}: passed")
  elseif(names_file EQUAL -1 OR names_link EQUAL -1)
    list(APPEND failures "${name}: failed without naming '${file}' and '${expected}':\n${out}")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")
if(failures)
  list(JOIN failures "\n" text)
  message(FATAL_ERROR "${text}")
endif()
message(STATUS "the link check passes a clean tree and fails on each of ${index} kinds of broken link")

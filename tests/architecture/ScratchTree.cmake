# What the checks' own tests share: small scratch trees to run a check on.

# Writes the tree `clean_files` describes (entries "path|contents", \n for a line break) under
# `root`, each file's contents after `header`, replacing what was there.
function(write_tree root header)
  file(REMOVE_RECURSE "${root}")
  foreach(entry IN LISTS clean_files)
    string(REGEX MATCH "^([^|]+)\\|(.*)$" _ "${entry}")
    string(REPLACE "\\n" "\n" text "${CMAKE_MATCH_2}")
    file(WRITE "${root}/${CMAKE_MATCH_1}" "${header}${text}\n")
  endforeach()
endfunction()

# Runs the check `CHECK` on the tree under `root`: its exit status and everything it printed.
function(run_check root result output)
  execute_process(COMMAND "${CMAKE_COMMAND}" -DSOURCE_DIR=${root} -P "${CHECK}"
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  set(${result} ${status} PARENT_SCOPE)
  set(${output} "${out}" PARENT_SCOPE)
endfunction()

# UmlTest.cmake — ctest entries that run inside user-mode Linux (tests/kernel/uml/run-in-uml.sh).
#
#   qs_add_uml_test(NAME <name> COMMAND <cmd> [<arg>...]
#                   [TIMEOUT <seconds>]          # default 600; the harness kills UML after it
#                   [LABELS <label>...]          # "uml" is always added
#                   [MEM <size>]                 # UML memory, default 512M
#                   [WORKING_DIRECTORY <dir>]    # default: the current binary directory
#                   [ENVIRONMENT <VAR=value>...] # ctest ENVIRONMENT of the harness process
#                   [PASS_ENV <VAR>...]          # more variables handed on to COMMAND
#                   [SHARDS <n>])                # n boots at once, COMMAND given --shard I/n in each (run-sharded.sh)
#
# Inside UML, COMMAND sees only QS_*, QT_*, LC_*, *SAN_OPTIONS, CI, HOME, LANG, LANGUAGE, TZ, USER,
# LOGNAME, LD_LIBRARY_PATH (and PATH, TMPDIR=/run/tmp), plus the PASS_ENV variables.
#
# COMMAND may use generator expressions ($<TARGET_FILE:tst_x>); a bare target name as the
# first word is turned into $<TARGET_FILE:...> like add_test() does, if the target exists when
# qs_add_uml_test() is called. COMMAND runs as root inside UML, in the working directory, with
# the host's root file system (so build-tree paths are valid inside). The test fails (status
# 125, never a skip) when user-mode-linux or kmod is missing: scripts/install-deps.sh.
include_guard(GLOBAL)

function(qs_add_uml_test)
    cmake_parse_arguments(PARSE_ARGV 0 ARG "" "NAME;TIMEOUT;MEM;WORKING_DIRECTORY;SHARDS"
                          "COMMAND;LABELS;ENVIRONMENT;PASS_ENV")
    if(ARG_UNPARSED_ARGUMENTS)
        message(FATAL_ERROR "qs_add_uml_test: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
    endif()
    if(NOT ARG_NAME OR NOT ARG_COMMAND)
        message(FATAL_ERROR "qs_add_uml_test: NAME and COMMAND are required")
    endif()
    if(NOT DEFINED ARG_TIMEOUT)
        set(ARG_TIMEOUT 600)
    endif()
    if(NOT ARG_TIMEOUT MATCHES "^[1-9][0-9]*$")
        message(FATAL_ERROR "qs_add_uml_test(${ARG_NAME}): TIMEOUT must be whole seconds")
    endif()
    if(NOT ARG_WORKING_DIRECTORY)
        set(ARG_WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
    endif()

    set(runner "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/run-in-uml.sh")
    list(POP_FRONT ARG_COMMAND first)
    if(TARGET "${first}")
        set(first "$<TARGET_FILE:${first}>")
    endif()

    set(options --timeout ${ARG_TIMEOUT} --workdir "${ARG_WORKING_DIRECTORY}")
    if(ARG_MEM)
        list(APPEND options --mem ${ARG_MEM})
    endif()
    foreach(var IN LISTS ARG_PASS_ENV)
        list(APPEND options --env ${var})
    endforeach()

    set(launcher "${runner}")
    if(ARG_SHARDS AND ARG_SHARDS GREATER 1)
        set(launcher "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/run-sharded.sh" ${ARG_SHARDS} "${runner}")
    endif()
    add_test(NAME ${ARG_NAME}
             COMMAND ${launcher} ${options} -- "${first}" ${ARG_COMMAND}
             WORKING_DIRECTORY "${ARG_WORKING_DIRECTORY}")

    set(labels uml ${ARG_LABELS})
    list(REMOVE_DUPLICATES labels)
    # ctest's own timeout is a backstop behind the harness's (boot and power-off on top).
    math(EXPR ctest_timeout "${ARG_TIMEOUT} + 60")
    set_tests_properties(${ARG_NAME} PROPERTIES
        LABELS "${labels}"
        TIMEOUT ${ctest_timeout})
    if(ARG_ENVIRONMENT)
        set_tests_properties(${ARG_NAME} PROPERTIES ENVIRONMENT "${ARG_ENVIRONMENT}")
    endif()
endfunction()

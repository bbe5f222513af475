# The AppStream metainfo passes `appstreamcli validate` and the desktop file
# `desktop-file-validate` (both from Debian, scripts/install-deps.sh).
find_program(APPSTREAMCLI appstreamcli REQUIRED)
find_program(DESKTOP_VALIDATE desktop-file-validate REQUIRED)
execute_process(COMMAND "${APPSTREAMCLI}" validate --no-net "${METAINFO}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "appstreamcli validate ${METAINFO}: exit ${rc}\n${out}")
endif()
execute_process(COMMAND "${DESKTOP_VALIDATE}" "${DESKTOP}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0 OR out MATCHES "error:")
  message(FATAL_ERROR "desktop-file-validate ${DESKTOP}: exit ${rc}\n${out}")
endif()

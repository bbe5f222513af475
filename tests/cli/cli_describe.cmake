# flitscope-cli describe on a torus: T3E section 11's figures from the
# scenario's shape, router and units (docs/cli.md "describe"; the engine's
# own test is tests/engine/tst_physical_units.cpp). Figure 8: "the maximum
# bisection bandwidth remains fixed at 153.6 GB/s" from 1024 PEs, per-PE
# bandwidth 600 MB/s up to 512 PEs, then dropping; Figure 7 from Table 2.
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)

cli_expect(0 describe ${PRESETS}/t3e-8x32x8.json --json)
string(JSON clock GET "${out}" clockMHz)
string(JSON link GET "${out}" linkMBps)
string(JSON bisectionGBps GET "${out}" figures bisectionGBps)
string(JSON perPe GET "${out}" figures perPeGlobalMBps)
string(JSON limit GET "${out}" figures perPeGlobalLimit)
string(JSON dim GET "${out}" figures bisectionDimension)
cli_expect_ratio("${link}" 1 600 "linkMBps")
cli_expect_ratio("${bisectionGBps}" 1 153.6 "8x32x8 bisectionGBps")
cli_expect_ratio("${perPe}" 1 150 "8x32x8 perPeGlobalMBps")
cli_expect_ratio("${clock}" 1 75 "clockMHz")
if(NOT limit STREQUAL "bisection" OR NOT dim EQUAL 1)
  message(FATAL_ERROR "t3e-8x32x8: limit ${limit}, cut dimension ${dim}:\n${out}")
endif()

# --sizes: the T3E's sizes with this router; the per-PE column of Figure 8.
cli_expect(0 describe ${PRESETS}/t3e-8x8x8.json --sizes)
foreach(row "512 +8x8x8 .* 153.6 +600  \\(port = bisection\\)" "1024 +8x16x8 .* 153.6 +300  \\(bisection\\)"
            "64 +4x4x4 .* 38.4 +600  \\(port\\)" "zero-load round trip +mean 75.85, max 114 cycles \\(1011 ns / 1520 ns\\)")
  if(NOT out MATCHES "${row}")
    message(FATAL_ERROR "describe --sizes: no row matching '${row}' in\n${out}")
  endif()
endforeach()

# No units: cycles and flits only, and it says so.
cli_expect(0 describe ${PRESETS}/generic-8x8x8.json --json)
string(JSON unitsKey ERROR_VARIABLE e GET "${out}" figures bisectionGBps)
if(NOT e)
  message(FATAL_ERROR "generic-8x8x8 has no units but describe printed GB/s:\n${out}")
endif()
string(JSON channels GET "${out}" figures bisectionChannels)
if(NOT channels EQUAL 256)
  message(FATAL_ERROR "generic-8x8x8 bisection ${channels} channels, want 256")
endif()
cli_expect(0 describe ${PRESETS}/generic-8x8x8.json)
if(NOT out MATCHES "not given \\(scenario section \"units\"\\)")
  message(FATAL_ERROR "describe without units:\n${out}")
endif()

# --sizes is for tori: a fat-tree says so and exits 2.
cli_expect(2 describe ${PRESETS}/transit-64.json --sizes)
if(NOT err MATCHES "--sizes: .*fat-tree")
  message(FATAL_ERROR "describe --sizes on a fat-tree: ${err}")
endif()

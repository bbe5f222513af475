# BookSim2 configuration files (docs/booksim.md): `run --booksim FILE
# [KEY=VALUE]...` runs one with BookSim2's overrides; `import-booksim` writes
# the same scenario, and running it over the warm-up and cycles it prints
# gives the same fingerprint; a key Flitscope cannot honour exits 2 naming the
# file, line and key, and --booksim-lenient turns it into a note.
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
set(DATA "${CMAKE_CURRENT_LIST_DIR}/data/booksim")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

cli_expect(0 run --booksim "${DATA}/torus88" injection_rate=0.05 sample_period=200 --json --fingerprint)
string(JSON delivered GET "${out}" delivered)
string(JSON cycles GET "${out}" cycles)
string(JSON direct GET "${out}" fingerprint)
if(delivered LESS 1000 OR NOT cycles EQUAL 2000)  # 10 samples of 200 cycles, 3 of them warm-up
  message(FATAL_ERROR "run --booksim: delivered ${delivered} in ${cycles} cycles\n${out}")
endif()

cli_expect(0 import-booksim "${DATA}/torus88" injection_rate=0.05 sample_period=200 --out "${WORK}/torus88.json")
if(NOT out MATCHES "run .*torus88.json --warmup 600 --cycles 1400")
  message(FATAL_ERROR "import-booksim printed: ${out}")
endif()
cli_expect(0 run "${WORK}/torus88.json" --warmup 600 --cycles 1400 --json --fingerprint)
string(JSON imported GET "${out}" fingerprint)
if(NOT imported STREQUAL direct)
  message(FATAL_ERROR "the imported scenario runs to ${imported}, run --booksim to ${direct}")
endif()

file(WRITE "${WORK}/bad" "topology = mesh;\nk = 4;\nrouting_function = dor;\nnum_vcs = 2;\nhold_switch_for_packet = 1;\n")
cli_expect(2 run --booksim "${WORK}/bad")
if(NOT err MATCHES "^flitscope-cli run: .*bad:5: hold_switch_for_packet: Flitscope cannot honour '1'")
  message(FATAL_ERROR "a refused key: ${err}")
endif()
cli_expect(0 run --booksim "${WORK}/bad" --booksim-lenient --cycles 100 --warmup 0)
if(NOT err MATCHES "note: .*bad:5: hold_switch_for_packet: .*ignored \\(--booksim-lenient\\)")
  message(FATAL_ERROR "--booksim-lenient: ${err}")
endif()
cli_expect(2 run --booksim "${WORK}/bad" k)
if(NOT err MATCHES "command line: 'k': expected key=value")
  message(FATAL_ERROR "a bad override: ${err}")
endif()
cli_expect(2 import-booksim "${DATA}/torus88")
if(NOT err MATCHES "--out: missing")
  message(FATAL_ERROR "import-booksim without --out: ${err}")
endif()

# --booksim-output: BookSim2's closing block, and its unstable lines past saturation.
cli_expect(0 run --booksim "${DATA}/torus88" injection_rate=0.05 sample_period=200 --booksim-output)
if(NOT out MATCHES "====== Overall Traffic Statistics ======\n====== Traffic class 0 ======\nPacket latency average = [0-9.]+ \\(1 samples\\)\n\tminimum = [0-9]+ \\(1 samples\\)"
   OR NOT out MATCHES "\nAccepted packet rate average = 0\\.0[45][0-9]* \\(1 samples\\)\n")
  message(FATAL_ERROR "--booksim-output:\n${out}")
endif()
cli_expect(0 run --booksim "${DATA}/torus88" injection_rate=0.6 sample_period=200 --booksim-output)
if(NOT out MATCHES "Aborting simulation.\nToo many sample periods needed to converge\nSimulation unstable, ending ...\n$")
  message(FATAL_ERROR "--booksim-output past saturation:\n${out}")
endif()

# Options that only make sense together say so.
cli_expect(2 run --booksim "${DATA}/torus88" --booksim-output --json)
if(NOT err MATCHES "--booksim-output: not with --json")
  message(FATAL_ERROR "--booksim-output with --json: ${err}")
endif()
cli_expect(2 run "${PRESETS}/teaching-4x4x4.json" --booksim-lenient)
if(NOT err MATCHES "--booksim-lenient: only with --booksim FILE")
  message(FATAL_ERROR "--booksim-lenient alone: ${err}")
endif()

# Flitscope's two commands:
#   make run    installs missing Debian packages, builds, starts the GUI on the default scenario
#   make test   installs missing Debian packages, builds, runs every test (ctest under xvfb-run)
# Other targets: make build, make soak (long fault runs), make gui-soak (the window driven at random, GUI_SOAK_SECONDS=1200), make fuzz (generated bad input and fault runs),
# make fuzz-loaders (libFuzzer on every fuzz target, FUZZ_RUNS=1000000 each), make bench (benchmarks, by hand, Release+LTO in build-bench/), make asan / make tsan
# (sanitizer builds + tests), make clean.
SHELL := /bin/bash
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)
SCENARIO ?= resources/presets/teaching-4x4x4.json
CMAKE_ARGS ?=
# -noreset: an X server resets when its last client leaves, and a test that
# connects during the reset fails ("could not connect to display"); ctest
# starts and ends GUI tests in parallel, so the server must stay up.
XVFB := xvfb-run -a -s "-screen 0 1280x1024x24 -noreset"
CTEST_ARGS ?=
# Extra environment for the test run (the sanitizer builds raise QtTest's
# 300 s per-function limit: the randomised fault tests run ~10x slower there).
TEST_ENV ?=

.PHONY: all deps configure build run test slurm-test soak gui-soak fuzz fuzz-loaders bench asan tsan deb deb-test clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	@if [ ! -f $(BUILD_DIR)/build.ninja ]; then \
	  cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_ARGS); \
	fi

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# Only what the window needs (the tests are about half of a full build).
run: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target flitscope
	$(BUILD_DIR)/bin/flitscope --scenario $(SCENARIO)

test: build
	cd $(BUILD_DIR) && $(TEST_ENV) LIBGL_ALWAYS_SOFTWARE=1 QSG_RHI_BACKEND=opengl \
	  $(XVFB) ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# A sweep as a 4-task Slurm job array on a private single-node cluster,
# merged and compared with the same sweep run here (scripts/slurm-test.sh;
# make test runs it too, as the ctest cluster_slurm_sweep).
slurm-test: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target flitscope-cli
	scripts/slurm-test.sh $(BUILD_DIR)/bin/flitscope-cli

# Long randomised fault runs (issue 4: 200 failure sets per torus, each with
# a 20000-cycle run while the links fail); by hand, not part of make test.
soak: build
	cd $(BUILD_DIR) && FLITSCOPE_SOAK=1 ctest --output-on-failure --timeout 7200 -R '^tst_sim_faults$$'

# The window driven at random (tests/app/tst_gui_soak.cpp) for
# GUI_SOAK_SECONDS over every preset, with a new seed each run
# (GUI_SOAK_SEED=S repeats one); make test runs its 40-second form.
GUI_SOAK_SECONDS ?= 1200
GUI_SOAK_SEED ?=
gui-soak: build
	cd $(BUILD_DIR) && LIBGL_ALWAYS_SOFTWARE=1 QSG_RHI_BACKEND=opengl FLITSCOPE_SOAK_SECONDS=$(GUI_SOAK_SECONDS) \
	  $(if $(GUI_SOAK_SEED),FLITSCOPE_SOAK_SEED=$(GUI_SOAK_SEED)) QTEST_FUNCTION_TIMEOUT=$$(( $(GUI_SOAK_SECONDS) * 2000 + 600000 )) \
	  $(XVFB) ctest -V --timeout $$(( $(GUI_SOAK_SECONDS) * 2 + 900 )) -R '^tst_gui_soak$$'

# Generated bad input and random fault timelines against the command-line
# tool (scripts/fuzz-cli.py); by hand, not part of make test. FUZZ_CLI=path
# runs another build's tool (a sanitizer build), FUZZ_ARGS="--cases N --seed S".
FUZZ_CLI ?= $(BUILD_DIR)/bin/flitscope-cli
FUZZ_ARGS ?=
fuzz: build
	scripts/fuzz-cli.py $(FUZZ_CLI) $(FUZZ_ARGS)

# libFuzzer on every fuzz target (tests/fuzz/CMakeLists.txt: the loaders of
# both families, BookSim2 files, the typed text fields, interventions on a
# running machine), from its own clang build with address and undefined
# sanitizers; by hand, not part of make test. Each target runs FUZZ_RUNS
# inputs with its dictionary and a 1 s timeout per input, growing
# $(FUZZ_DIR)/corpus-<target>; crashes go to $(FUZZ_DIR)/crash-*. Then the
# inputs that add coverage are merged (minimised) into tests/fuzz/corpus/<target>,
# which make test replays: commit them. FUZZ_TARGETS picks some.
FUZZ_RUNS ?= 1000000
FUZZ_DIR ?= build-fuzz
FUZZ_TARGETS ?= fuzz_loaders fuzz_booksim fuzz_text_fields fuzz_interventions fuzz_command_line
fuzz-loaders:
	@scripts/install-deps.sh --fuzz
	@if [ ! -f $(FUZZ_DIR)/build.ninja ]; then \
	  CXX=clang++ cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	    -DFLITSCOPE_FUZZ=ON -DFLITSCOPE_BUILD_GUI=OFF -DFLITSCOPE_BUILD_BENCH=OFF; \
	fi
	@cmake --build $(FUZZ_DIR) -j $(JOBS) --target $(FUZZ_TARGETS)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus-$$t && \
	  echo "== $$t: $(FUZZ_RUNS) runs" && \
	  $(FUZZ_DIR)/tests/fuzz/$$t -runs=$(FUZZ_RUNS) -timeout=1 -max_len=65536 -print_final_stats=1 \
	    $$( [ -f tests/fuzz/$$t.dict ] && echo -dict=tests/fuzz/$$t.dict ) -artifact_prefix=$(FUZZ_DIR)/crash-$$t- \
	    $(FUZZ_DIR)/corpus-$$t tests/fuzz/corpus/$$t 2>&1 | grep -E "^#[0-9]+.*DONE|stat::|ERROR|SUMMARY|Test unit written" ; \
	  [ $${PIPESTATUS[0]} -eq 0 ] || exit 1; \
	  $(FUZZ_DIR)/tests/fuzz/$$t -merge=1 tests/fuzz/corpus/$$t $(FUZZ_DIR)/corpus-$$t 2>&1 | grep -E "MERGE-OUTER: [0-9]+ new files"; \
	done

# Benchmarks run from their own optimised build (Release + link-time
# optimisation, engine only: docs/performance.md), not from $(BUILD_DIR).
BENCH_DIR ?= build-bench
bench: deps
	@if [ ! -f $(BENCH_DIR)/build.ninja ]; then \
	  cmake -S . -B $(BENCH_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release \
	    -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON -DFLITSCOPE_BUILD_GUI=OFF -DFLITSCOPE_BUILD_BENCH=ON; \
	fi
	@cmake --build $(BENCH_DIR) -j $(JOBS) --target bench_sim bench_route_builder bench_floor
	scripts/run-benchmarks.sh $(BENCH_DIR)

# A sanitizer slows the GUI thread 5-20 times (llvmpipe's rendering is
# instrumented too) and the engine 10-30 times: the GUI soak's freeze limit
# (5 s in make test) becomes 30 s there, and a command of the docs may run
# 30 minutes instead of 2; the point of these builds is races and memory errors.
SANITIZER_TEST_ENV := QTEST_FUNCTION_TIMEOUT=3600000 FLITSCOPE_SOAK_FREEZE_MS=30000 FLITSCOPE_DOC_COMMAND_TIMEOUT_S=1800
asan:
	$(MAKE) test BUILD_DIR=build-asan BUILD_TYPE=Debug CMAKE_ARGS="-DFLITSCOPE_SANITIZE=address,undefined -DFLITSCOPE_BUILD_BENCH=OFF -DFLITSCOPE_PCH=OFF" \
	  TEST_ENV="$(SANITIZER_TEST_ENV)" CTEST_ARGS="--timeout 7200"

tsan:
	$(MAKE) test BUILD_DIR=build-tsan BUILD_TYPE=Debug CMAKE_ARGS="-DFLITSCOPE_SANITIZE=thread -DFLITSCOPE_BUILD_BENCH=OFF -DFLITSCOPE_PCH=OFF" \
	  TEST_ENV="$(SANITIZER_TEST_ENV)" CTEST_ARGS="--timeout 7200"

# The Debian package (CPack, packaging/CMakeLists.txt): $(BUILD_DIR)/flitscope_<version>_<arch>.deb.
deb: build
	cd $(BUILD_DIR) && cpack -G DEB

# Installs that package with apt-get, runs both programs from PATH, checks it
# with lintian and removes it again (scripts/deb-test.sh); by hand, not part
# of make test (it installs into the system).
deb-test: deb
	scripts/deb-test.sh $(BUILD_DIR)

clean:
	rm -rf $(BUILD_DIR)

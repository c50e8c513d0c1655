# rtgpu: GNU make, no autotools.  See README.md for the targets.
VERSION    := 0.2.0
PREFIX     ?= /usr/local
DESTDIR    ?=
CC         ?= cc
BUILD      ?= build
WERROR     ?= 1
SANITIZE   ?=
OBJCOPY    ?= objcopy

PKGS       := libxml-2.0 jansson
WARN       := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
              -Wformat=2 -Wpointer-arith -Wcast-qual -Wvla -Wundef
ifeq ($(WERROR),1)
WARN       += -Werror
endif
CFLAGS     ?= -O2 -g
RT_CPPFLAGS := -D_POSIX_C_SOURCE=200809L -DRTGPU_VERSION='"$(VERSION)"' -Isrc -I$(BUILD)/gen \
              $(shell pkg-config --cflags $(PKGS))
RT_LIBS    := $(shell pkg-config --libs $(PKGS)) -lglpk -lm
TEST_LIBS  := $(shell pkg-config --libs cunit)
ifneq ($(SANITIZE),)
SANFLAGS   := -fsanitize=$(SANITIZE) -fno-sanitize-recover=all -fno-omit-frame-pointer
endif
# Every object is compiled with hidden visibility: only what src/rtgpu.h marks RTGPU_API is
# exported (docs/architecture.md, "The installed API").
ALL_CFLAGS := $(WARN) $(CFLAGS) $(SANFLAGS) -fvisibility=hidden $(RT_CPPFLAGS) -MMD -MP
ALL_LDFLAGS := $(LDFLAGS) $(SANFLAGS)

# The layers of the library, bottom first (docs/architecture.md); each includes only those below it.
LAYERS     := util draw taskset models analysis search run sim explore report
# src/rtgpu.c, the installed API (src/rtgpu.h), is the top library layer, above them all.
LIB_SRC    := $(sort $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))) src/rtgpu.c
# One entry file per command (src/cli/NAME.c -> rtgpu-NAME); the other cli files are shared.
COMMANDS   := $(sort $(basename $(notdir $(wildcard $(addprefix src/cli/,analyze.c simulate.c explore.c)))))
CLI_SHARED := $(filter-out $(COMMANDS:%=src/cli/%.c),$(sort $(wildcard src/cli/*.c)))
TEST_SRC   := $(sort $(wildcard tests/test_*.c))
BENCH_SRC  := $(sort $(wildcard bench/*.c))
SCHEMAS    := $(sort $(wildcard schemas/*.xsd))
# The JSON Schemas of the JSON outputs (docs/report.md "JSON Schemas"): installed beside the XSDs,
# and every example's real outputs validated against them by make check.
JSON_SCHEMAS := $(sort $(wildcard schemas/*.schema.json))

LIB_OBJ    := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ    := $(CLI_SHARED:%.c=$(BUILD)/%.o)
# Fuzz harnesses (fuzz/NAME.c, docs/validation.md sec. 11.1); the normal suite replays their
# saved crash inputs through the same entry point (tests/test_fuzz.c).
FUZZ_SRC   := $(filter-out fuzz/common.c,$(sort $(wildcard fuzz/*.c)))
FUZZ_NAMES := $(FUZZ_SRC:fuzz/%.c=%)
FUZZ_REPLAY_OBJ := $(FUZZ_NAMES:%=$(BUILD)/fuzz/%.replay.o) $(BUILD)/fuzz/common.o
TEST_OBJ   := $(TEST_SRC:%.c=$(BUILD)/%.o) $(BUILD)/tests/main.o $(FUZZ_REPLAY_OBJ)
# Two archives of the same objects: the internal one, every symbol global, for the commands,
# tests, benchmarks and fuzz harnesses; the installed one, linked into one object whose hidden
# symbols are made local, so that only the rtgpu_ functions of src/rtgpu.h are global.
LIB_INT    := $(BUILD)/librtgpu-internal.a
LIB        := $(BUILD)/librtgpu.a
BINS       := $(COMMANDS:%=$(BUILD)/rtgpu-%)
BIN        := $(BUILD)/rtgpu-analyze
TESTBIN    := $(BUILD)/rtgpu-tests
BENCHBIN   := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
ALL_SUITES := $(TEST_SRC:tests/test_%.c=%)
# make check SUITES='rta wcet' runs only those CUnit suites (tests/test_<suite>.c), nothing else.
SUITES     ?=

.PHONY: all check asan valgrind bench install clean calibrate fuzz fuzz-run analyze \
        analyze-gcc analyze-tidy
all: $(BINS) $(LIB)

# Keep the command entry objects (make would delete them as intermediates of the pattern rule).
.SECONDARY: $(COMMANDS:%=$(BUILD)/src/cli/%.o) $(CLI_OBJ)

# The version, rewritten only when it changes, so that a new VERSION rebuilds every object.
$(BUILD)/gen/version: FORCE
	@mkdir -p $(@D)
	@echo '$(VERSION)' | cmp -s - $@ || echo '$(VERSION)' > $@

.PHONY: FORCE
FORCE:

$(BUILD)/gen/schemas.h: $(SCHEMAS) tools/embed.sh
	@mkdir -p $(@D)
	sh tools/embed.sh $(SCHEMAS) > $@.tmp && mv $@.tmp $@

# One registration function per tests/test_<suite>.c, generated so suites never collide.
$(BUILD)/gen/suites.h: $(TEST_SRC) Makefile
	@mkdir -p $(@D)
	{ for s in $(ALL_SUITES); do echo "void test_$${s}_register(void);"; done; \
	  echo "#define RT_TEST_SUITES \\"; \
	  for s in $(ALL_SUITES); do echo "    X($${s}) \\"; done; echo; } > $@.tmp && mv $@.tmp $@

# The harnesses' replay entry points, fuzz_one_NAME, for tests/test_fuzz.c.
$(BUILD)/gen/fuzzers.h: $(FUZZ_SRC) Makefile
	@mkdir -p $(@D)
	{ echo '#include <stddef.h>'; echo '#include <stdint.h>'; \
	  for h in $(FUZZ_NAMES); do echo "int fuzz_one_$${h}(const uint8_t *data, size_t size);"; done; \
	  echo "#define RT_FUZZERS \\"; \
	  for h in $(FUZZ_NAMES); do echo "    X($${h}) \\"; done; echo; } > $@.tmp && mv $@.tmp $@

$(BUILD)/tests/test_fuzz.o: $(BUILD)/gen/fuzzers.h

$(BUILD)/fuzz/%.replay.o: fuzz/%.c | $(BUILD)/gen/schemas.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DLLVMFuzzerTestOneInput=fuzz_one_$* -c $< -o $@

# Every object also depends on the version it is compiled with (RTGPU_VERSION is a -D flag).
$(BUILD)/%.o: %.c $(BUILD)/gen/version | $(BUILD)/gen/schemas.h $(BUILD)/gen/suites.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/tests/main.o: tests/main.c $(BUILD)/gen/suites.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags cunit) -c $< -o $@

$(LIB_INT): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/rtgpu-public.o: $(LIB_OBJ)
	$(LD) -r -o $@.tmp $^
	$(OBJCOPY) --localize-hidden $@.tmp $@
	@rm -f $@.tmp

$(LIB): $(BUILD)/rtgpu-public.o
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/rtgpu-%: $(BUILD)/src/cli/%.o $(CLI_OBJ) $(LIB_INT)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(CLI_OBJ) $(LIB_INT) $(RT_LIBS)

$(TESTBIN): $(TEST_OBJ) $(LIB_INT)
	$(CC) $(ALL_LDFLAGS) -o $@ $(TEST_OBJ) $(LIB_INT) $(RT_LIBS) $(TEST_LIBS)

$(BUILD)/bench/%: bench/%.c $(LIB_INT)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB_INT) $(RT_LIBS)

# The suite runs from the source root: tests read tests/data and examples/, and the CLI tests
# run $(BIN).
check: $(BINS) $(TESTBIN)
ifneq ($(strip $(SUITES)),)
	RTGPU_BIN=$(BIN) ./$(TESTBIN) $(SUITES)
else
	RTGPU_BIN=$(BIN) ./$(TESTBIN)
	sh tests/check_examples.sh $(BIN)
	sh tools/check_layers.sh
	sh tools/check_names.sh $(BUILD)
	sh tests/check_options.sh $(BUILD)
	$(BUILD)/rtgpu-simulate examples/tasksets/orin-camera-pipeline.xml \
	  --gpu examples/gpus/jetson-agx-orin.xml --release random --exec dynamic --format svg \
	  -o $(BUILD)/gantt-check.svg
	sh tests/check_gantt_png.sh $(BUILD)/gantt-check.svg $(BUILD)/gantt-check.png 1250x330
	sh tests/check_html.sh $(BIN) $(BUILD)/html-check
	sh tests/check_explore.sh $(BUILD)
	sh tests/check_split.sh $(BUILD)
	sh tests/check_escape.sh $(BUILD)
	sh tests/check_launch.sh $(BUILD)
	sh tests/check_json_schemas.sh $(BUILD)
	BUILD=$(BUILD) SANITIZE=$(SANITIZE) SANFLAGS='$(SANFLAGS)' CC='$(CC)' sh tests/check_install.sh
endif

asan:
	$(MAKE) BUILD=build-asan SANITIZE=address,undefined CFLAGS='-O1 -g' check

valgrind: $(BINS) $(TESTBIN)
	RTGPU_BIN=$(BIN) valgrind --error-exitcode=99 --leak-check=full \
	  --errors-for-leak-kinds=definite,indirect,possible --quiet \
	  --trace-children=yes --trace-children-skip='/bin/*,/usr/*' ./$(TESTBIN) $(SUITES)

bench: $(BINS) $(BENCHBIN)
	sh bench/run.sh $(BIN) $(BUILD)/bench

# The installed API is one self-contained header, src/rtgpu.h, in include/rtgpu/ (rtgpu.pc's
# Cflags); the module headers stay internal (docs/architecture.md, "The installed API").
INC_DIR     = $(DESTDIR)$(PREFIX)/include/rtgpu

$(BUILD)/rtgpu.pc: tools/rtgpu.pc.in Makefile
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< > $@

install: $(BINS) $(LIB) $(BUILD)/rtgpu.pc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/share/rtgpu/schemas $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/rtgpu/examples/gpus $(DESTDIR)$(PREFIX)/share/rtgpu/examples/tasksets \
	  $(DESTDIR)$(PREFIX)/share/rtgpu/examples/explore \
	  $(DESTDIR)$(PREFIX)/share/doc/rtgpu
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(BUILD)/rtgpu.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/
	install -D -m 644 src/rtgpu.h $(INC_DIR)/rtgpu.h
	install -m 644 $(SCHEMAS) $(JSON_SCHEMAS) $(DESTDIR)$(PREFIX)/share/rtgpu/schemas/
	install -m 644 examples/README.md $(DESTDIR)$(PREFIX)/share/rtgpu/examples/
	install -m 644 examples/gpus/*.xml $(DESTDIR)$(PREFIX)/share/rtgpu/examples/gpus/
	install -m 644 examples/tasksets/*.xml examples/tasksets/*.expect \
	  $(DESTDIR)$(PREFIX)/share/rtgpu/examples/tasksets/
	install -m 644 examples/explore/*.xml examples/explore/*.sh examples/explore/*.sbatch \
	  examples/explore/README.md $(DESTDIR)$(PREFIX)/share/rtgpu/examples/explore/
	install -m 644 README.md docs/*.md $(DESTDIR)$(PREFIX)/share/doc/rtgpu/
	install -m 644 docs/rtgpu-analyze.1 docs/rtgpu-simulate.1 docs/rtgpu-explore.1 \
	  $(DESTDIR)$(PREFIX)/share/man/man1/

# Fuzzing (docs/validation.md sec. 11.1): every fuzz/NAME.c harness built with clang, libFuzzer,
# ASan and UBSan in build-fuzz/, then run FUZZ_SECONDS seconds each (FUZZERS='gpu sweep' for
# some), one after the other. Each run first replays fuzz/regressions/NAME/ and the seeds of
# tools/fuzz_corpus.sh; its corpus grows in build-fuzz/fuzz/corpus/NAME/, a failing input lands
# in build-fuzz/fuzz/NAME-crash-* (-leak-, -timeout-, -oom-). The pipeline harness analyses
# with a small work budget (fuzz/pipeline.c) so that every input ends quickly.
FUZZ_SECONDS ?= 60
FUZZERS    ?= $(FUZZ_NAMES)
FUZZ_CC    ?= clang
FUZZ_OPTS  ?= -timeout=30 -rss_limit_mb=2048 -max_len=16384
FUZZ_BINS  := $(FUZZERS:%=$(BUILD)/fuzz/bin/%)

fuzz:
	$(MAKE) BUILD=build-fuzz CC=$(FUZZ_CC) SANITIZE=address,undefined \
	  CFLAGS='-O1 -g -fsanitize=fuzzer-no-link' \
	  FUZZERS='$(FUZZERS)' FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz-run

$(BUILD)/fuzz/bin/%: $(BUILD)/fuzz/%.o $(BUILD)/fuzz/common.o $(LIB_INT)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -fsanitize=fuzzer -o $@ $^ $(RT_LIBS)

$(BUILD)/fuzz/rtgpu.dict: $(SCHEMAS) tools/fuzz_dict.sh
	@mkdir -p $(@D)
	sh tools/fuzz_dict.sh $(SCHEMAS) > $@.tmp && mv $@.tmp $@

fuzz-run: $(FUZZ_BINS) $(BUILD)/fuzz/rtgpu.dict
	sh tools/fuzz_corpus.sh $(BUILD)/fuzz/seeds
	@for h in $(FUZZERS); do \
	  mkdir -p $(BUILD)/fuzz/corpus/$$h || exit 1; \
	  dict=-dict=$(BUILD)/fuzz/rtgpu.dict; [ $$h != measurements ] || dict=; \
	  echo "fuzz: $$h, $(FUZZ_SECONDS) s (log: $(BUILD)/fuzz/$$h.log)"; \
	  $(BUILD)/fuzz/bin/$$h -max_total_time=$(FUZZ_SECONDS) $(FUZZ_OPTS) $$dict \
	    -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/$$h- \
	    $(BUILD)/fuzz/corpus/$$h $(BUILD)/fuzz/seeds/$$h $$(ls -d fuzz/regressions/$$h 2>/dev/null) \
	    > $(BUILD)/fuzz/$$h.log 2>&1 || { tail -n 60 $(BUILD)/fuzz/$$h.log; \
	    echo "fuzz: $$h FAILED: the input is in $(BUILD)/fuzz/$$h-crash-*"; exit 1; }; \
	  grep -E '^#[0-9]+[[:space:]]+DONE' $(BUILD)/fuzz/$$h.log || true; \
	done

# Static analysis (docs/validation.md sec. 11.2), warnings as errors, one stamp per file so
# that a re-run analyses only what changed; analyze runs ANALYZE_JOBS files at once (all cores):
# analyze-gcc compiles every C file of src/, fuzz/ and bench/ with gcc -fanalyzer; analyze-tidy
# runs clang-tidy with the checks of .clang-tidy on the same files (the headers each file reads
# are those gcc's pass listed, so a header edit re-runs both). tests/ is left out: CUnit's
# _FATAL assertions leave a test by longjmp, which neither analyzer models.
ANALYZE_SRC := $(LIB_SRC) $(sort $(wildcard src/cli/*.c)) $(FUZZ_SRC) fuzz/common.c $(BENCH_SRC)
ANALYZE_CC  ?= gcc
CLANG_TIDY  ?= clang-tidy
ANALYZE_CPPFLAGS = $(RT_CPPFLAGS)
ANALYZE_DIR := $(BUILD)/analyze
ANALYZE_GEN := $(BUILD)/gen/schemas.h $(BUILD)/gen/suites.h $(BUILD)/gen/fuzzers.h

ANALYZE_JOBS ?= $(shell nproc 2>/dev/null || echo 2)

analyze:
	$(MAKE) -j$(ANALYZE_JOBS) analyze-gcc analyze-tidy
analyze-gcc: $(ANALYZE_SRC:%.c=$(ANALYZE_DIR)/gcc/%.ok)
analyze-tidy: $(ANALYZE_SRC:%.c=$(ANALYZE_DIR)/tidy/%.ok)

$(ANALYZE_DIR)/gcc/%.ok: %.c | $(ANALYZE_GEN)
	@mkdir -p $(@D)
	$(ANALYZE_CC) $(filter-out -Werror,$(WARN)) -Werror -O1 -fanalyzer $(ANALYZE_CPPFLAGS) \
	  -MMD -MP -MF $(@:.ok=.d) -MT '$@ $(ANALYZE_DIR)/tidy/$*.ok' -c $< -o /dev/null
	@touch $@

$(ANALYZE_DIR)/tidy/%.ok: %.c .clang-tidy | $(ANALYZE_GEN)
	@mkdir -p $(@D)
	$(CLANG_TIDY) --quiet $< -- -std=c11 $(ANALYZE_CPPFLAGS)
	@touch $@

# rtgpu-calibrate (tools/calibrate/, CUDA C++, docs/calibration.md): built only where nvcc is found
# (NVCC=..., else PATH, else /usr/local/cuda/bin); not part of all or check, which need no CUDA.
NVCC       ?= $(shell command -v nvcc 2>/dev/null || { test -x /usr/local/cuda/bin/nvcc && echo /usr/local/cuda/bin/nvcc; })
NVCCFLAGS  ?= -O2 -std=c++17 -Xcompiler -Wall,-Wextra,-Werror
CAL_SRC    := tools/calibrate/calibrate.cu tools/calibrate/kernels.cuh

calibrate:
ifeq ($(strip $(NVCC)),)
	@echo "calibrate: nvcc not found (set NVCC=/path/to/nvcc): rtgpu-calibrate not built, skipped"
else
	@$(MAKE) --no-print-directory $(BUILD)/rtgpu-calibrate
endif

$(BUILD)/rtgpu-calibrate: $(CAL_SRC)
	@mkdir -p $(@D)
	$(NVCC) $(NVCCFLAGS) -o $@ tools/calibrate/calibrate.cu -lcuda

clean:
	rm -rf build build-asan build-fuzz

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

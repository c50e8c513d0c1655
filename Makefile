# rtgpu: GNU make, no autotools.  See README.md for the targets.
VERSION    := 0.1.0
PREFIX     ?= /usr/local
DESTDIR    ?=
CC         ?= cc
BUILD      ?= build
WERROR     ?= 1
SANITIZE   ?=

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
ALL_CFLAGS := $(WARN) $(CFLAGS) $(SANFLAGS) $(RT_CPPFLAGS) -MMD -MP
ALL_LDFLAGS := $(LDFLAGS) $(SANFLAGS)

# The layers of the library, bottom first (docs/architecture.md); each includes only those below it.
LAYERS     := util taskset models analysis search sim explore report
LIB_SRC    := $(sort $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c)))
# One entry file per command (src/cli/NAME.c -> rtgpu-NAME); the other cli files are shared.
COMMANDS   := $(sort $(basename $(notdir $(wildcard $(addprefix src/cli/,analyze.c simulate.c explore.c)))))
CLI_SHARED := $(filter-out $(COMMANDS:%=src/cli/%.c),$(sort $(wildcard src/cli/*.c)))
TEST_SRC   := $(sort $(wildcard tests/test_*.c))
BENCH_SRC  := $(sort $(wildcard bench/*.c))
SCHEMAS    := $(sort $(wildcard schemas/*.xsd))

LIB_OBJ    := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ    := $(CLI_SHARED:%.c=$(BUILD)/%.o)
TEST_OBJ   := $(TEST_SRC:%.c=$(BUILD)/%.o) $(BUILD)/tests/main.o
LIB        := $(BUILD)/librtgpu.a
BINS       := $(COMMANDS:%=$(BUILD)/rtgpu-%)
BIN        := $(BUILD)/rtgpu-analyze
TESTBIN    := $(BUILD)/rtgpu-tests
BENCHBIN   := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
SUITES     := $(TEST_SRC:tests/test_%.c=%)

.PHONY: all check asan valgrind bench install clean calibrate
all: $(BINS)

# Keep the command entry objects (make would delete them as intermediates of the pattern rule).
.SECONDARY: $(COMMANDS:%=$(BUILD)/src/cli/%.o) $(CLI_OBJ)

$(BUILD)/gen/schemas.h: $(SCHEMAS) tools/embed.sh
	@mkdir -p $(@D)
	sh tools/embed.sh $(SCHEMAS) > $@.tmp && mv $@.tmp $@

# One registration function per tests/test_<suite>.c, generated so suites never collide.
$(BUILD)/gen/suites.h: $(TEST_SRC) Makefile
	@mkdir -p $(@D)
	{ for s in $(SUITES); do echo "void test_$${s}_register(void);"; done; \
	  echo "#define RT_TEST_SUITES \\"; \
	  for s in $(SUITES); do echo "    X(test_$${s}_register) \\"; done; echo; } > $@.tmp && mv $@.tmp $@

$(BUILD)/%.o: %.c | $(BUILD)/gen/schemas.h $(BUILD)/gen/suites.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/tests/main.o: tests/main.c $(BUILD)/gen/suites.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags cunit) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/rtgpu-%: $(BUILD)/src/cli/%.o $(CLI_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(CLI_OBJ) $(LIB) $(RT_LIBS)

$(TESTBIN): $(TEST_OBJ) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(TEST_OBJ) $(LIB) $(RT_LIBS) $(TEST_LIBS)

$(BUILD)/bench/%: bench/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(RT_LIBS)

# The suite runs from the source root: tests read tests/data and examples/, and the CLI tests
# run $(BIN).
check: $(BINS) $(TESTBIN)
	RTGPU_BIN=$(BIN) ./$(TESTBIN)
	sh tests/check_examples.sh $(BIN)
	sh tools/check_layers.sh
	$(BUILD)/rtgpu-simulate examples/tasksets/orin-camera-pipeline.xml \
	  --gpu examples/gpus/jetson-agx-orin.xml --release random --exec dynamic --format svg \
	  -o $(BUILD)/gantt-check.svg
	sh tests/check_gantt_png.sh $(BUILD)/gantt-check.svg $(BUILD)/gantt-check.png 1250x330
	sh tests/check_html.sh $(BIN) $(BUILD)/html-check
	sh tests/check_explore.sh $(BUILD)
	sh tests/check_split.sh $(BUILD)
	BUILD=$(BUILD) SANITIZE=$(SANITIZE) SANFLAGS='$(SANFLAGS)' CC='$(CC)' sh tests/check_install.sh

asan:
	$(MAKE) BUILD=build-asan SANITIZE=address,undefined CFLAGS='-O1 -g' check

valgrind: $(BINS) $(TESTBIN)
	RTGPU_BIN=$(BIN) valgrind --error-exitcode=99 --leak-check=full \
	  --errors-for-leak-kinds=definite,indirect,possible --quiet \
	  --trace-children=yes --trace-children-skip='/bin/*,/usr/*' ./$(TESTBIN)

bench: $(BINS) $(BENCHBIN)
	sh bench/run.sh $(BIN) $(BUILD)/bench

# The library's public headers: every module header but the internal ones (XML reading, the MIP
# behind GLPK, the command line), installed in their layer folders under include/rtgpu/.
PUB_HDR    := src/rtgpu.h $(filter-out src/taskset/xmlsafe.h src/taskset/scenario_load.h src/search/ilp.h src/search/assign_mip.h, \
              $(sort $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.h))))
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
	for h in $(PUB_HDR:src/%=%); do install -D -m 644 src/$$h $(INC_DIR)/$$h || exit 1; done
	install -m 644 $(SCHEMAS) $(DESTDIR)$(PREFIX)/share/rtgpu/schemas/
	install -m 644 examples/README.md $(DESTDIR)$(PREFIX)/share/rtgpu/examples/
	install -m 644 examples/gpus/*.xml $(DESTDIR)$(PREFIX)/share/rtgpu/examples/gpus/
	install -m 644 examples/tasksets/*.xml examples/tasksets/*.expect \
	  $(DESTDIR)$(PREFIX)/share/rtgpu/examples/tasksets/
	install -m 644 examples/explore/*.xml examples/explore/*.sh examples/explore/*.sbatch \
	  examples/explore/README.md $(DESTDIR)$(PREFIX)/share/rtgpu/examples/explore/
	install -m 644 README.md docs/*.md $(DESTDIR)$(PREFIX)/share/doc/rtgpu/
	install -m 644 docs/rtgpu-analyze.1 docs/rtgpu-simulate.1 docs/rtgpu-explore.1 \
	  $(DESTDIR)$(PREFIX)/share/man/man1/

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
	rm -rf build build-asan

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

/* common: what every fuzz harness shares: the entry point's prototype, a private temporary
 * folder the loaders read their input files from, and the invariants checked on every run.
 *
 * Each fuzz/<harness>.c defines LLVMFuzzerTestOneInput. Built with clang and libFuzzer (make
 * fuzz) it is the fuzzer; built with the project's compiler and LLVMFuzzerTestOneInput renamed
 * to fuzz_one_<harness> (make check) it is the replay of fuzz/regressions/<harness>/ by
 * tests/test_fuzz.c. A harness aborts on a broken invariant, so a bug is a crash either way. */
#ifndef RT_FUZZ_COMMON_H
#define RT_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <stdbool.h>

#include "analysis/layout.h"
#include "analysis/options.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* The libFuzzer entry point: run one input; always 0 (a bug aborts). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Most NUL-separated parts fuzz_split returns. */
#define FUZZ_MAX_PARTS 4

/* One part of an input (borrowed from it). */
typedef struct fuzz_part {
    const uint8_t *data;
    size_t size;
} fuzz_part;

/* Split data at its NUL bytes into at most max parts (the last one keeps any further NUL).
 * Returns the number of parts, at least 1. */
size_t fuzz_split(const uint8_t *data, size_t size, fuzz_part *parts, size_t max);

/* Write data to the file name (relative, its folder existing) in this process's temporary
 * folder, created on first use under $TMPDIR (else /tmp) and removed at exit with everything
 * made in it. Returns the path (a static buffer per slot, 0..FUZZ_MAX_PARTS-1), or aborts when
 * the file cannot be written. */
const char *fuzz_write(size_t slot, const char *name, const uint8_t *data, size_t size);

/* The temporary folder itself (created on first use). */
const char *fuzz_tmpdir(void);

/* Create the folder rel, or the symbolic link rel to target, in the temporary folder (its parent
 * existing); aborts on failure. */
void fuzz_mkdir(const char *rel);
void fuzz_symlink(const char *rel, const char *target);
/* Remove the file path written by fuzz_write now, and forget it (for harnesses that name a file
 * after the input: each input's name would otherwise stay until exit). */
void fuzz_remove(const char *path);

/* The source tree's root: $RTGPU_SRC, else the current directory (make runs from the root). */
const char *fuzz_root(void);

/* A fresh list of diagnostics; aborts when out of memory. */
rt_diags *fuzz_diags(void);

/* The loader contract: a NULL result comes with at least one error, a loaded input with none.
 * Also prints the diagnostics to a memory stream (their formatting is exercised too). */
void fuzz_check_loaded(const void *loaded, const rt_diags *d);

/* Load and check a task set (written as ts_name) and a GPU file as rtgpu-analyze does
 * (rt_inputs_check, occupancy_check_launches), with the loader contract checked on a failure: true
 * with both in *ts and *gpu (the caller frees them) and *ts_path the task set's file, which the
 * caller removes with fuzz_remove; false when either is refused (nothing left to free but d). */
bool fuzz_load_inputs(const fuzz_part *ts_part, const fuzz_part *gpu_part, const char *ts_name,
                      rt_diags *d, rt_taskset **ts, rt_gpu **gpu, const char **ts_path);
/* The task set's own partitions, or all its tasks on one partition "whole" of the whole GPU with
 * deadline-monotonic priorities (the search is left out of the harnesses: its limits are
 * wall-clock, not deterministic). Aborts when out of memory. */
rt_layout *fuzz_layout(const rt_taskset *ts, const rt_gpu *gpu);
/* Work stays small by construction in the harnesses that analyse: the combination cap and the
 * run's work budget of every analysis they make. */
#define FUZZ_COMBINATION_CAP 64
#define FUZZ_BUDGET_UNITS ((uint64_t)1 << 16)
/* rtgpu-analyze's default options with those limits and the task set's own layout (given): the
 * base every harness that analyses starts from. */
void fuzz_options(rt_options *o);

/* True if the option words opt (a part of the input, not NUL-terminated) hold word. */
bool fuzz_has_word(const fuzz_part *opt, const char *word);

/* Abort with a message on stderr when cond is false (an invariant of the library broke). */
#define FUZZ_ASSERT(cond) ((cond) ? (void)0 : fuzz_fail(#cond, __FILE__, __LINE__))
_Noreturn void fuzz_fail(const char *what, const char *file, int line);

#endif

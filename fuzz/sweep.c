/* sweep: fuzz harness of the sweep file loader of rtgpu-explore (xp_spec_load,
 * src/explore/spec_load.c). The input is the sweep file's bytes. It is written at
 * tests/data/explore/sweep.xml inside a temporary tree whose tests/data/sim, tests/data/gpus,
 * tests/data/tasksets and examples link to the source tree, so the relative input paths of the
 * sweep files in tests/data/explore and examples/explore resolve. The loader returns a spec
 * whose points can all be numbered, or NULL with a located error. An engine is then made for
 * the spec and the inputs of its first and last points built (the engine's own copy of the task
 * set, scenarios included, changed and freed beside the spec's), without analysing them. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "explore/engine.h"
#include "explore/spec.h"
#include "common.h"
#include "explore/spec_load.h"

static int tree_ready;

/* The temporary tree of the header comment. */
static void make_tree(void)
{
    /* the links need an absolute target: the root, else the current folder joined to it */
    char cwd[PATH_MAX], target[3 * PATH_MAX];
    const char *r = fuzz_root();
    cwd[0] = 0;
    if (r[0] != '/')
        FUZZ_ASSERT(getcwd(cwd, sizeof cwd) != NULL);
    fuzz_mkdir("tests");
    fuzz_mkdir("tests/data");
    fuzz_mkdir("tests/data/explore");
    static const char *const links[][2] = {
        { "tests/data/sim", "tests/data/sim" },
        { "tests/data/gpus", "examples/gpus" },
        { "tests/data/tasksets", "examples/tasksets" },
        { "examples", "examples" },
    };
    for (size_t i = 0; i < sizeof links / sizeof links[0]; i++) {
        int n = snprintf(target, sizeof target, "%s%s%s/%s", cwd, cwd[0] ? "/" : "", r,
                         links[i][1]);
        FUZZ_ASSERT(n > 0 && (size_t)n < sizeof target);
        fuzz_symlink(links[i][0], target);
    }
    tree_ready = 1;
}

/* The inputs of the first and last points, through an engine that owns a copy of the set. */
static void check_engine(const xp_spec *s)
{
    xp_engine *e = xp_engine_new(s);
    FUZZ_ASSERT(e != NULL);
    const uint64_t probe[] = { 0, s->n_points - 1 };
    for (size_t p = 0; p < sizeof probe / sizeof probe[0]; p++) {
        const rt_taskset *ts = NULL;
        const rt_gpu *gpu = NULL;
        char err[400];
        int rc = xp_engine_point_inputs(e, probe[p], &ts, &gpu, err, sizeof err);
        FUZZ_ASSERT(rc == XP_OK || rc == 1);
        FUZZ_ASSERT(rc != XP_OK || (ts != NULL && gpu != NULL));
    }
    xp_engine_free(e);
}

static void check_spec(const xp_spec *s)
{
    FUZZ_ASSERT(s->n_points >= 1 && s->n_points <= XP_MAX_POINTS);
    FUZZ_ASSERT(s->n_gpus >= 1 && s->base_gpu < s->n_gpus);
    FUZZ_ASSERT((s->ts != NULL) != s->has_generate);
    uint64_t product = 1;
    for (size_t i = 0; i < s->n_dims; i++) {
        FUZZ_ASSERT(s->dims[i].n >= 1 && s->dims[i].key != NULL);
        FUZZ_ASSERT(xp_spec_dim(s, s->dims[i].param) != NULL);
        FUZZ_ASSERT(xp_spec_param_name(s->dims[i].param) != NULL);
        product *= s->dims[i].n;
    }
    FUZZ_ASSERT(product == s->n_points);
    size_t *idx = calloc(s->n_dims ? s->n_dims : 1, sizeof *idx);
    FUZZ_ASSERT(idx != NULL);
    const uint64_t probe[] = { 0, s->n_points / 2, s->n_points - 1 };
    for (size_t p = 0; p < sizeof probe / sizeof probe[0]; p++) {
        xp_spec_point_index(s, probe[p], idx);
        for (size_t i = 0; i < s->n_dims; i++)
            FUZZ_ASSERT(idx[i] < s->dims[i].n);
    }
    free(idx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!tree_ready)
        make_tree();
    const char *path = fuzz_write(0, "tests/data/explore/sweep.xml", data, size);
    rt_diags *d = fuzz_diags();
    xp_spec *s = xp_spec_load(path, d);
    fuzz_check_loaded(s, d);
    if (s) {
        check_spec(s);
        check_engine(s);
    }
    xp_spec_free(s);
    rt_diag_free(d);
    return 0;
}

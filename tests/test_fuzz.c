/* test_fuzz: replay every saved fuzz input (the files of fuzz/regressions/NAME/) through the entry point of
 * harness fuzz/NAME.c (built here as fuzz_one_NAME by the project's compiler). A harness aborts
 * when an invariant breaks, so a regression fails this suite (docs/validation.md sec. 14.1). */
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzers.h"

/* Read a whole file; NULL if it cannot be read. */
static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* Replay fuzz/regressions/<name>/ through one; the number of inputs replayed. */
static size_t replay(const char *name, int (*one)(const uint8_t *, size_t))
{
    char dir[256], path[512];
    snprintf(dir, sizeof dir, "fuzz/regressions/%s", name);
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "README.md") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len = 0;
        uint8_t *data = slurp(path, &len);
        CU_ASSERT_PTR_NOT_NULL(data);
        if (data) {
            CU_ASSERT_EQUAL(one(data, len), 0);
            n++;
        }
        free(data);
    }
    closedir(d);
    return n;
}

/* Every saved input replays cleanly. */
static void test_replay_all(void)
{
#define X(h) replay(#h, fuzz_one_##h);
    RT_FUZZERS
#undef X
}

/* Read the files into one input, NUL between them; NULL on failure. */
static uint8_t *join(const char *const *paths, size_t n, size_t *len)
{
    uint8_t *all = NULL;
    *len = 0;
    for (size_t i = 0; i < n; i++) {
        size_t l = 0;
        uint8_t *part = slurp(paths[i], &l);
        uint8_t *na = part ? realloc(all, *len + l + 1) : NULL;
        if (!na) {
            free(part);
            free(all);
            return NULL;
        }
        all = na;
        if (i > 0)
            all[(*len)++] = 0;
        memcpy(all + *len, part, l);
        *len += l;
        free(part);
    }
    return all;
}

/* The harnesses themselves hold on good inputs (a harness that rejected a valid file would make
 * every replay above meaningless): one valid input each, built as make fuzz's seeds are. */
static void test_harnesses_accept_good_inputs(void)
{
    static const struct {
        int (*one)(const uint8_t *, size_t);
        const char *files[3];
    } cases[] = {
        { fuzz_one_taskset, { "tests/data/good/taskset-full.xml" } },
        { fuzz_one_gpu, { "tests/data/good/gpu-cc86.xml" } },
        { fuzz_one_sweep, { "tests/data/explore/davis-sweep.xml" } },
        { fuzz_one_measurements, { "tests/data/meas/kernels.csv" } },
        { fuzz_one_pipeline, { "tests/data/cli/tiny.xml", "tests/data/cli/tiny-gpu.xml" } },
        { fuzz_one_pipeline, { "tests/data/meas/taskset.xml", "tests/data/meas/gpu.xml",
                               "tests/data/meas/jobs.csv" } },
        { fuzz_one_simulate, { "tests/data/good/system.xml", "tests/data/good/system-gpu.xml" } },
        { fuzz_one_simulate, { "tests/data/sim/davis-chains.xml", "tests/data/sim/gpu-1ghz.xml" } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = 0, len = 0;
        while (n < 3 && cases[i].files[n])
            n++;
        uint8_t *in = join(cases[i].files, n, &len);
        CU_ASSERT_PTR_NOT_NULL(in);
        if (in)
            CU_ASSERT_EQUAL(cases[i].one(in, len), 0);
        free(in);
    }
}

void test_fuzz_register(void);
void test_fuzz_register(void)
{
    CU_pSuite s = CU_add_suite("fuzz", NULL, NULL);
    CU_add_test(s, "every saved fuzz input replays without a crash", test_replay_all);
    CU_add_test(s, "each harness runs a good input through", test_harnesses_accept_good_inputs);
}

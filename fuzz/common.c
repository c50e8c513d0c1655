/* common: the temporary folder, input splitting and invariant checks shared by the harnesses.
 *
 * The loaders read files by path (that is how the commands call them), so each input is written
 * to a private temporary folder first. Everything created there is recorded and removed in
 * reverse order at exit: no recursive deletion, nothing outside the folder is touched. */
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "models/occupancy.h"
#include "taskset/gpu_load.h"
#include "taskset/inputs.h"
#include "taskset/taskset_load.h"

#define FUZZ_MAX_CREATED 64
#define FUZZ_PATH_MAX 4096

static char tmp_dir[FUZZ_PATH_MAX];
static char slot_path[FUZZ_MAX_PARTS][FUZZ_PATH_MAX];
/* Paths created in the folder (files, links, folders), removed in reverse order at exit. */
static char *created[FUZZ_MAX_CREATED];
static int created_dir[FUZZ_MAX_CREATED];
static size_t n_created;

void fuzz_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "%s:%d: fuzz invariant broken: %s\n", file, line, what);
    abort();
}

static void cleanup(void)
{
    while (n_created > 0) {
        n_created--;
        if (created_dir[n_created])
            rmdir(created[n_created]);
        else
            unlink(created[n_created]);
        free(created[n_created]);
        created[n_created] = NULL;
    }
    if (tmp_dir[0])
        rmdir(tmp_dir);
}

/* Record path (a file or link, or a folder when dir) for removal at exit, once. */
static void remember(const char *path, int dir)
{
    for (size_t i = 0; i < n_created; i++)
        if (strcmp(created[i], path) == 0)
            return;
    FUZZ_ASSERT(n_created < FUZZ_MAX_CREATED);
    created[n_created] = strdup(path);
    FUZZ_ASSERT(created[n_created] != NULL);
    created_dir[n_created++] = dir;
}

void fuzz_remove(const char *path)
{
    for (size_t i = 0; i < n_created; i++)
        if (!created_dir[i] && strcmp(created[i], path) == 0) {
            unlink(created[i]);
            free(created[i]);
            n_created--;
            created[i] = created[n_created];
            created_dir[i] = created_dir[n_created];
            created[n_created] = NULL;
            return;
        }
}

const char *fuzz_tmpdir(void)
{
    if (tmp_dir[0])
        return tmp_dir;
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    int n = snprintf(tmp_dir, sizeof tmp_dir, "%s/rtgpu-fuzz-XXXXXX", base);
    FUZZ_ASSERT(n > 0 && (size_t)n < sizeof tmp_dir);
    if (!mkdtemp(tmp_dir)) {
        fprintf(stderr, "fuzz: cannot create a temporary folder in %s: %s\n", base,
                strerror(errno));
        abort();
    }
    atexit(cleanup);
    return tmp_dir;
}

const char *fuzz_root(void)
{
    const char *r = getenv("RTGPU_SRC");
    return r && *r ? r : ".";
}

size_t fuzz_split(const uint8_t *data, size_t size, fuzz_part *parts, size_t max)
{
    size_t n = 0, start = 0;
    for (size_t i = 0; i < size && n + 1 < max; i++)
        if (data[i] == 0) {
            parts[n++] = (fuzz_part){ data + start, i - start };
            start = i + 1;
        }
    parts[n++] = (fuzz_part){ data + start, size - start };
    return n;
}

/* The path of rel in the temporary folder, into buf. */
static void tmp_path(const char *rel, char *buf, size_t size)
{
    FUZZ_ASSERT(rel[0] != '/' && !strstr(rel, ".."));
    int n = snprintf(buf, size, "%s/%s", fuzz_tmpdir(), rel);
    FUZZ_ASSERT(n > 0 && (size_t)n < size);
}

const char *fuzz_write(size_t slot, const char *name, const uint8_t *data, size_t size)
{
    FUZZ_ASSERT(slot < FUZZ_MAX_PARTS && name[0] != '/' && !strstr(name, ".."));
    char *path = slot_path[slot];
    tmp_path(name, path, FUZZ_PATH_MAX);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        fprintf(stderr, "fuzz: cannot write %s: %s\n", path, strerror(errno));
        abort();
    }
    remember(path, 0);
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fd, data + done, size - done);
        if (w < 0 && errno == EINTR)
            continue;
        FUZZ_ASSERT(w > 0);
        done += (size_t)w;
    }
    FUZZ_ASSERT(close(fd) == 0);
    return path;
}

void fuzz_mkdir(const char *rel)
{
    char path[FUZZ_PATH_MAX];
    tmp_path(rel, path, sizeof path);
    if (mkdir(path, 0700) != 0 && errno != EEXIST) {
        fprintf(stderr, "fuzz: cannot create %s: %s\n", path, strerror(errno));
        abort();
    }
    remember(path, 1);
}

void fuzz_symlink(const char *rel, const char *target)
{
    char path[FUZZ_PATH_MAX];
    tmp_path(rel, path, sizeof path);
    if (symlink(target, path) != 0 && errno != EEXIST) {
        fprintf(stderr, "fuzz: cannot link %s to %s: %s\n", path, target, strerror(errno));
        abort();
    }
    remember(path, 0);
}

rt_diags *fuzz_diags(void)
{
    rt_diags *d = rt_diag_new(50);
    FUZZ_ASSERT(d != NULL);
    return d;
}

void fuzz_check_loaded(const void *loaded, const rt_diags *d)
{
    FUZZ_ASSERT((loaded == NULL) == (rt_diag_errors(d) > 0));
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    FUZZ_ASSERT(mem != NULL);
    rt_diag_print(d, mem);
    FUZZ_ASSERT(fclose(mem) == 0);
    FUZZ_ASSERT(rt_diag_count(d) == 0 || len > 0);
    free(buf);
}

bool fuzz_load_inputs(const fuzz_part *ts_part, const fuzz_part *gpu_part, const char *ts_name,
                      rt_diags *d, rt_taskset **ts, rt_gpu **gpu, const char **ts_path)
{
    *ts_path = fuzz_write(0, ts_name, ts_part->data, ts_part->size);
    const char *gpu_path = fuzz_write(1, "gpu.xml", gpu_part->data, gpu_part->size);
    *gpu = rt_gpu_load(gpu_path, d);
    *ts = rt_taskset_load(*ts_path, d);
    if (*gpu && *ts) {
        rt_inputs_check(*ts, *gpu, d);
        occupancy_check_launches(*ts, *gpu, d);
    }
    if (*gpu && *ts && rt_diag_errors(d) == 0)
        return true;
    FUZZ_ASSERT(rt_diag_errors(d) > 0);
    fuzz_check_loaded(NULL, d);
    rt_taskset_free(*ts);
    rt_gpu_free(*gpu);
    *ts = NULL;
    *gpu = NULL;
    fuzz_remove(*ts_path);
    return false;
}

rt_layout *fuzz_layout(const rt_taskset *ts, const rt_gpu *gpu)
{
    if (ts->n_partitions) {
        rt_layout *l = rt_layout_from_taskset(ts);
        FUZZ_ASSERT(l != NULL);
        return l;
    }
    rt_layout *l = rt_layout_new(1, ts->n_tasks);
    FUZZ_ASSERT(l != NULL);
    l->part_name[0] = strdup("whole");
    FUZZ_ASSERT(l->part_name[0] != NULL);
    l->part_sms[0] = gpu->sms;
    rt_layout_prio_dm(l, ts);
    return l;
}

bool fuzz_has_word(const fuzz_part *opt, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; opt && opt->size >= n && i <= opt->size - n; i++)
        if (memcmp(opt->data + i, word, n) == 0)
            return true;
    return false;
}

void fuzz_options(rt_options *o)
{
    rt_options_default(o);
    o->combination_cap = FUZZ_COMBINATION_CAP;
    o->budget_units = FUZZ_BUDGET_UNITS;
    o->assign = RT_ASSIGN_GIVEN;
}

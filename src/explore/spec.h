/* spec: the sweep file of rtgpu-explore (docs/explore.md): its inputs, the analysis options of
 * every point, the varied parameters with their values, and the numbering of the points. Loaded
 * by spec_load.c; freed, hashed and looked up by spec.c. */
#ifndef RT_XP_SPEC_H
#define RT_XP_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/options.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* What a dimension of the sweep varies. The last two are the dimensions of <generate>. */
typedef enum {
    XP_MARGIN, XP_INTERFERENCE, XP_NAIVE_FACTOR, XP_WINDOWS, XP_PRIORITIES, XP_ASSIGN, XP_GPU,
    XP_PARTITION_SMS, XP_PERIOD_SCALE, XP_KERNEL_SCALE, XP_UTILIZATION, XP_SET
} xp_param;
/* How many params a <vary> may name: XP_MARGIN .. XP_KERNEL_SCALE. */
#define XP_N_VARY_PARAMS ((int)XP_KERNEL_SCALE + 1)

/* One value of a dimension. */
typedef struct xp_value {
    char *text;       /* owned: as results show it, a plain decimal or a word (a GPU: the path
                         as written in the sweep file) */
    bool is_word;     /* text is a word (quoted in JSON), not a number */
    double real;      /* the number text names (strtod of it) */
    int64_t num;      /* partition-sms and set: the integer; words: the option's enum value;
                         gpu: index into xp_spec.gpus */
    int64_t mant;     /* numbers: exactly mant / 10^digits */
    int digits;
} xp_value;

typedef struct xp_dim {
    xp_param param;
    char *key;        /* owned: the column name: the param, or "partition-sms:P0" */
    size_t target;    /* partition-sms: partition index; kernel-scale: kernel index */
    long line;        /* of the <vary> (or <generate>) element */
    size_t n;         /* values, >= 1 */
    xp_value *v;      /* owned */
} xp_dim;

/* <generate>: random task sets for acceptance ratios (docs/explore.md, "Generated task sets"). */
typedef struct xp_generate {
    int64_t sets, tasks, partitions, launches;
    uint64_t seed;
    int64_t period_min_ns, period_max_ns;    /* log-uniform periods over this range */
    rt_taskset *pool;  /* owned: the kernel pool file (a task-set file; its tasks are ignored) */
    double *pool_ns;   /* owned: each pool kernel's Ck(N) in ns on the base GPU */
    size_t pool_gpu;   /* the GPU whose clock converts pool cycles to ns (index into gpus) */
} xp_generate;

typedef struct xp_spec {
    char *path;        /* owned: the sweep file as given */
    char *name;        /* owned: name attribute or the file's base name */
    rt_taskset *ts;    /* owned: <base taskset>; NULL with <generate> */
    size_t n_gpus;
    rt_gpu **gpus;     /* owned: the base GPU (if given) first, then those of a gpu <vary> */
    size_t base_gpu;   /* the GPU of points that do not vary it */
    bool has_generate;
    xp_generate gen;
    rt_options opt;    /* <options>, else rtgpu-analyze's defaults (time-limit: 60 s) */
    size_t n_dims;
    xp_dim *dims;      /* owned: <generate>'s utilization and set first, then <vary> in file order */
    uint64_t n_points; /* product of the dimension sizes, at most XP_MAX_POINTS */
    unsigned char sha256[32];   /* of the sweep file's bytes */
    char hash[17];     /* spec hash: 16 hex digits over the tool version, model revision and
                          the SHA-256 of the sweep file and every input it names (and the word
                          sensitivity when set) */
    bool sensitivity;  /* each line also carries scaling_factor (xp_spec_set_sensitivity) */
} xp_spec;

/* Most points a sweep may have (2^40): point numbers stay exact in any JSON reader. */
#define XP_MAX_POINTS ((uint64_t)1 << 40)

/* Free a spec; NULL is a no-op. */
void xp_spec_free(xp_spec *s);
/* Free what a value owns (its text). */
void xp_spec_value_fini(xp_value *v);
/* Set s->hash from the tool version, the model revision, s->sha256, the SHA-256 of the base
 * task set (or kernel pool) and of every GPU, and s->sensitivity. */
void xp_spec_hash(xp_spec *s);
/* Ask for the scaling_factor column (--sensitivity): its lines differ, so the spec hash does too
 * and --resume or merge never mixes lines with and without it. */
void xp_spec_set_sensitivity(xp_spec *s);
/* The value index of each dimension for point p (< n_points), row-major: the last dimension
 * turns fastest. idx has n_dims entries. */
void xp_spec_point_index(const xp_spec *s, uint64_t p, size_t *idx);
/* The dimension varying param (the first one), or NULL. */
const xp_dim *xp_spec_dim(const xp_spec *s, xp_param param);
/* The param's name as written in param="..." ("margin", "partition-sms", ...). */
const char *xp_spec_param_name(xp_param p);

#endif

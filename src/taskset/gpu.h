/* gpu: the GPU description input (SMs, L2, bandwidths, clock, granularity) as a plain record. */
#ifndef RT_GPU_H
#define RT_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

/* Where an effective <sm> value comes from (docs/concurrency.md sec. 1): the file, the
 * compute-capability table there, or the plain-arithmetic default. */
typedef enum { RT_SM_GIVEN, RT_SM_FROM_CC, RT_SM_DEFAULT } rt_sm_source;

/* The <sm> values in attribute order; index of rt_sm_limits.source and rt_gpu_sm_attr_name. */
enum {
    RT_SM_THREADS, RT_SM_BLOCKS, RT_SM_WARPS, RT_SM_REGISTERS, RT_SM_SHARED_MEMORY,
    RT_SM_WARP_SIZE, RT_SM_THREADS_PER_BLOCK, RT_SM_REGISTERS_PER_THREAD,
    RT_SM_REGISTERS_PER_BLOCK, RT_SM_REGISTER_UNIT, RT_SM_WARP_GRANULARITY,
    RT_SM_SHARED_MEMORY_PER_BLOCK, RT_SM_SHARED_MEMORY_UNIT, RT_SM_SHARED_MEMORY_RESERVED,
    RT_SM_N_ATTRS
};

/* Effective SM limits and allocation rules (every value set when has_sm_limits). */
/* The most CPU cores a GPU file may give: Linux's largest CONFIG_NR_CPUS (x86-64 MAXSMP). */
#define RT_GPU_MAX_CPU_CORES 8192

typedef struct rt_sm_limits {
    int64_t threads, blocks, warps, registers, shared_memory;  /* per SM */
    int64_t warp_size;               /* threads per warp */
    int64_t threads_per_block;       /* max threads per block */
    int64_t registers_per_thread;    /* max registers per thread */
    int64_t registers_per_block;     /* max registers per block */
    int64_t register_unit;           /* registers per warp rounded up to a multiple of this */
    int64_t warp_granularity;        /* register-limited warps rounded down to a multiple */
    int64_t shared_memory_per_block; /* max bytes per block */
    int64_t shared_memory_unit;      /* bytes per block rounded up to a multiple of this */
    int64_t shared_memory_reserved;  /* bytes the driver adds to every block */
    rt_sm_source source[RT_SM_N_ATTRS];
} rt_sm_limits;

/* The SM tie-break order of the placement model (docs/concurrency.md sec. 8, <sm placement-order>):
 * 0, 1, 2, ...; evens then odds (0, 2, ..., 1, 3, ...); or a permutation given in the file. */
typedef enum { RT_ORDER_ASCENDING, RT_ORDER_EVEN_ODD, RT_ORDER_EXPLICIT } rt_placement_order;

/* A copy engine (<copy-engine>, docs/formats.md sec. 4): one copy at a time, never preempted. */
typedef struct rt_copy_engine {
    char *name;                 /* owned; unique among the engines */
    long line;
    int64_t gbps_num, gbps_den; /* transfer rate gbps_num / gbps_den GB/s, exactly as written
                                 * (1 GB/s = 1 byte/ns), in lowest terms; both > 0 */
    int64_t setup_ns;           /* fixed cost of every copy, >= 0 */
    bool fifo;                  /* policy fifo (default: submission order); false: priority */
} rt_copy_engine;

typedef struct rt_gpu {
    char *path;                 /* as given on the command line */
    char *name;
    long line;
    int64_t sms;                /* N >= 1 */
    int64_t l2_banks;           /* >= 1 */
    double bw_nominal_gbps;     /* BWmax > 0 */
    double bw_effective_gbps;   /* EMBW, 0 < EMBW <= BWmax */
    double clock_mhz;           /* f > 0 */
    double alpha;               /* Sat steepness, default 100 */
    int64_t granularity;        /* g >= 1, divides N; default 1 */
    int64_t launch_overhead_ns; /* >= 0, default 0 */
    bool has_sm_limits;
    rt_sm_limits sm;
    int compute_capability;     /* <sm compute-capability>: major*10+minor (75, 86, 87, 90); 0 if absent */
    rt_placement_order placement_order;  /* <sm placement-order>; ascending when absent */
    bool placement_order_given;
    int64_t *placement_sms;     /* owned: the explicit permutation of 0..sms-1; NULL otherwise */
    bool has_cpu;               /* a <cpu> element was given */
    int64_t cpu_cores;          /* its cores (0 .. cpu_cores - 1), 1 .. RT_GPU_MAX_CPU_CORES;
                                   0 without <cpu> */
    char *cpu_name;             /* owned: its name; NULL when not given */
    rt_copy_engine *engines;    /* owned, file order; NULL when none */
    size_t n_engines;
    unsigned char sha256[32];   /* of the file's bytes as read */
} rt_gpu;

/* Free a GPU record; NULL is a no-op. */
void rt_gpu_free(rt_gpu *g);
/* Index of the copy engine named name, or -1. */
long rt_gpu_find_engine(const rt_gpu *g, const char *name);
/* Attribute name of <sm> value i (RT_SM_THREADS..), e.g. "warp-granularity". */
const char *rt_gpu_sm_attr_name(int i);
/* The same name in snake_case, the key of the JSON outputs ("warp_size"); "?" out of range. */
const char *rt_gpu_sm_key_name(int i);
/* Effective <sm> value i of sm. */
int64_t rt_gpu_sm_value(const rt_sm_limits *sm, int i);
/* "given", "compute-capability" or "default". */
const char *rt_gpu_sm_source_name(rt_sm_source s);
/* True when neither compute-capability nor a unit attribute (register-unit, warp-granularity,
 * shared-memory-unit) was given: occupancy then uses plain arithmetic (a warning,
 * docs/concurrency.md sec. 1). */
bool rt_gpu_sm_plain_arithmetic(const rt_gpu *g);
/* "ascending", "even-odd" or "explicit". */
const char *rt_gpu_placement_order_name(rt_placement_order o);
/* The compute capability as text ("8.6"), or NULL if none. */
const char *rt_gpu_cc_text(const rt_gpu *g);

/* The compute capabilities whose CUDA rules the tool knows (docs/concurrency.md sec. 1). */
#define RT_GPU_N_CC 8
/* Known compute capability i (0 .. RT_GPU_N_CC - 1): its text ("8.6"); its value (86) in *cc. */
const char *rt_gpu_cc_known(size_t i, int *cc);
/* How the loader reads <sm> value i (docs/concurrency.md sec. 1): attribute, field offset in
 * rt_sm_limits, least valid value, plain default (-1: the value of attribute `like`; 0: none,
 * required without compute-capability) and the default of each known compute capability. */
typedef struct rt_gpu_sm_rule {
    const char *attr;
    size_t off;
    int64_t min, plain;
    int like;
    int64_t cc[RT_GPU_N_CC];
} rt_gpu_sm_rule;
/* The rule of <sm> value i (0 .. RT_SM_N_ATTRS - 1). */
const rt_gpu_sm_rule *rt_gpu_sm_rule_of(int i);
/* The field of <sm> value i in sm (writable rt_gpu_sm_value). */
int64_t *rt_gpu_sm_field(rt_sm_limits *sm, int i);

#endif

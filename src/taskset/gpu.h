/* gpu: the GPU description input (SMs, L2, bandwidths, clock, granularity) as a plain record. */
#ifndef RT_GPU_H
#define RT_GPU_H

#include <stdbool.h>
#include <stdint.h>

#include "util/diag.h"

typedef struct rt_sm_limits {
    int64_t threads, blocks, warps, registers, shared_memory;
} rt_sm_limits;

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
    unsigned char sha256[32];   /* of the file's bytes as read */
} rt_gpu;

/* Read, schema-validate and check a GPU file; NULL (with errors in d) if invalid. Caller frees. */
rt_gpu *rt_gpu_load(const char *path, rt_diags *d);
/* Free a GPU record; NULL is a no-op. */
void rt_gpu_free(rt_gpu *g);

#endif

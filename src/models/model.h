/* model: isolated scaling of every kernel over every allowed partition size (docs/model.md
 * sec. 2). */
#ifndef RT_MODEL_H
#define RT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* The revision of the model this code implements (docs/model.md; reported in every report). */
#define RT_MODEL_REVISION 2

typedef enum { MODEL_SRC_MEASURED, MODEL_SRC_EQ4, MODEL_SRC_FLOOR, MODEL_SRC_EQ17 } model_source;
typedef enum { MODEL_CLASS_MEMORY, MODEL_CLASS_HYBRID, MODEL_CLASS_COMPUTE } model_class;

/* C(k,n) and BW(k,n) of one kernel on n SMs, and where they came from. */
typedef struct model_point {
    int64_t sms;
    double cycles;     /* C(k,n) */
    double bw_gbps;    /* BW(k,n) */
    model_source source;      /* of the cycles: measured, eq4 or floor */
    model_source bw_source;   /* of the bandwidth: measured or eq17 */
} model_point;

typedef struct model_kernel {
    double cycles_full;   /* Ck(N) */
    double bw_full_gbps;  /* BWiso(k,N) */
    double u_bw;          /* eq. 1 */
    double sat;           /* eq. 2 */
    double kai;           /* eq. 3 or given */
    double l2_accesses;   /* given, or bytes moved / 32 */
    model_class cls;
    model_point *table;   /* owned: n_sizes rows, sms = g, 2g, ..., N */
} model_kernel;

typedef struct model {
    const rt_gpu *gpu;        /* borrowed */
    double sp;                /* banks / N */
    int64_t miss_banks;       /* N - banks (may be <= 0) */
    double bw_thr_gbps;       /* BWmax * Sp */
    size_t n_sizes;           /* N / g */
    size_t n_kernels;
    model_kernel *kernels;    /* owned, task-set order */
} model;

/* Build the model of every kernel of ts on gpu (inputs already checked). NULL on out of memory. */
model *model_new(const rt_gpu *gpu, const rt_taskset *ts);
/* Warn in d, at the kernel's line in ts, of a kernel whose eq. 17 bandwidth on some n < N
 * exceeds its own measurement BWiso(k,N) on all N SMs (the saturated branch rises towards EMBW,
 * not towards the kernel's own bandwidth; docs/model.md sec. 2): one warning per kernel, for the
 * n with the largest bandwidth. */
void model_check_bandwidth(const model *m, const rt_taskset *ts, rt_diags *d);
/* Free a model; NULL is a no-op. */
void model_free(model *m);
/* The row of kernel k for n SMs (n a multiple of g in g..N), borrowed. */
const model_point *model_at(const model *m, size_t k, int64_t n);
/* eq. 4 alone (no floor, no measurement), in cycles. */
double model_tc_eq4(const model *m, size_t k, int64_t n);
/* eq. 17 alone, in GB/s. */
double model_bw_eq17(const model *m, size_t k, int64_t n);
/* Names for reports: "measured"/"eq4"/"floor"/"eq17", "memory"/"hybrid"/"compute". */
const char *model_source_name(model_source s);
const char *model_class_name(model_class c);

#endif

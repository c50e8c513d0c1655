/* model: isolated scaling of every kernel over every allowed partition size (docs/model.md sec. 2).
 *
 * The table of kernel k has one row per allowed partition size n = g, 2g, ..., N. A row is a
 * measurement when the input has one for n (the kernel's own profile is the measurement at
 * n = N); otherwise C(k,n) = MAX(eq. 4, Ck(N)) and BW(k,n) = eq. 17. */
#include "models/model.h"

#include <math.h>
#include <stdlib.h>

#include "taskset/inputs.h"
#include "taskset/kernel_params.h"

/* Classification thresholds on Ubw (sec. 5.1). */
#define MODEL_MEMORY_UBW 0.7
#define MODEL_HYBRID_UBW 0.1

static model_class model_classify(double u_bw)
{
    if (u_bw >= MODEL_MEMORY_UBW)
        return MODEL_CLASS_MEMORY;
    return u_bw >= MODEL_HYBRID_UBW ? MODEL_CLASS_HYBRID : MODEL_CLASS_COMPUTE;
}

/* Index of the row for n SMs, or -1 if n is not an allowed partition size. */
static long model_row(const model *m, int64_t n)
{
    int64_t g = m->gpu->granularity;
    if (g < 1 || n < g || n > m->gpu->sms || n % g != 0)
        return -1;
    return (long)(n / g - 1);
}

/* Kernel-level quantities: eq. 1, 2, 3, the L2 estimate and the class. */
static void model_fill_kernel(model *m, const rt_kernel *rk, model_kernel *mk)
{
    const rt_gpu *gpu = m->gpu;
    mk->cycles_full = rt_kernel_params_cycles_full(rk, gpu);
    mk->bw_full_gbps = rk->bw_gbps;
    /* eq. 1: Ubw(k) = BWiso(k,N) / BWmax */
    mk->u_bw = mk->bw_full_gbps / gpu->bw_nominal_gbps;
    /* eq. 2: Sat(k) = 1 / (1 + exp(-alpha (Ubw(k) - Sp))) */
    mk->sat = 1.0 / (1.0 + exp(-gpu->alpha * (mk->u_bw - m->sp)));
    /* eq. 3 (or given) */
    mk->kai = rt_kernel_params_kai(rk);
    /* L2(k): given, or bytes moved / 32 = BWiso[GB/s] * 1e9 * Ck(N) / (f * 1e6) / 32 */
    if (rk->has_l2_accesses)
        mk->l2_accesses = rk->l2_accesses;
    else
        mk->l2_accesses = mk->bw_full_gbps * 1e9 * mk->cycles_full / (gpu->clock_mhz * 1e6) / 32.0;
    mk->cls = model_classify(mk->u_bw);
}

/* Row for n SMs from the model: C = MAX(eq. 4, Ck(N)) (floor on strict win), BW = eq. 17. */
static model_point model_predict(const model *m, size_t k, int64_t n)
{
    double tc = model_tc_eq4(m, k, n);
    double floor_cycles = m->kernels[k].cycles_full;
    model_point pt = { .sms = n, .cycles = tc, .bw_gbps = model_bw_eq17(m, k, n),
                       .source = MODEL_SRC_EQ4, .bw_source = MODEL_SRC_EQ17 };
    if (tc < floor_cycles) {
        pt.cycles = floor_cycles;
        pt.source = MODEL_SRC_FLOOR;
    }
    return pt;
}

/* Fill the table of kernel k: model rows, then measurements (first one per n wins), then the
 * full-GPU profile at n = N, which is the measurement that eq. 1-4 are built on. */
static void model_fill_table(model *m, const rt_kernel *rk, size_t k)
{
    model_kernel *mk = &m->kernels[k];
    int64_t g = m->gpu->granularity, N = m->gpu->sms;
    for (size_t r = 0; r < m->n_sizes; r++)
        mk->table[r] = model_predict(m, k, (int64_t)(r + 1) * g);
    for (size_t i = rk->n_measured; i-- > 0;) {
        const rt_measured *ms = &rk->measured[i];
        long r = model_row(m, ms->sms);
        if (r < 0 || ms->sms == N)
            continue;
        /* sec. 2 rule 1: a point overrides only the values it gives */
        if (ms->has_cycles) {
            mk->table[r].cycles = ms->cycles;
            mk->table[r].source = MODEL_SRC_MEASURED;
        }
        if (ms->has_bw) {
            mk->table[r].bw_gbps = ms->bw_gbps;
            mk->table[r].bw_source = MODEL_SRC_MEASURED;
        }
    }
    long rn = model_row(m, N);
    if (rn >= 0)
        mk->table[rn] = (model_point){ .sms = N, .cycles = mk->cycles_full,
                                       .bw_gbps = mk->bw_full_gbps, .source = MODEL_SRC_MEASURED,
                                       .bw_source = MODEL_SRC_MEASURED };
}

model *model_new(const rt_gpu *gpu, const rt_taskset *ts)
{
    model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->gpu = gpu;
    m->sp = (double)gpu->l2_banks / (double)gpu->sms;
    m->miss_banks = gpu->sms - gpu->l2_banks;
    m->bw_thr_gbps = gpu->bw_nominal_gbps * m->sp;
    m->n_sizes = gpu->granularity >= 1 ? (size_t)(gpu->sms / gpu->granularity) : 0;
    m->n_kernels = ts->n_kernels;
    m->kernels = calloc(ts->n_kernels ? ts->n_kernels : 1, sizeof *m->kernels);
    if (!m->kernels)
        goto fail;
    for (size_t k = 0; k < ts->n_kernels; k++) {
        m->kernels[k].table = calloc(m->n_sizes ? m->n_sizes : 1, sizeof *m->kernels[k].table);
        if (!m->kernels[k].table)
            goto fail;
        model_fill_kernel(m, &ts->kernels[k], &m->kernels[k]);
    }
    for (size_t k = 0; k < ts->n_kernels; k++)
        model_fill_table(m, &ts->kernels[k], k);
    return m;
fail:
    model_free(m);
    return NULL;
}

void model_check_bandwidth(const model *m, const rt_taskset *ts, rt_diags *d)
{
    int64_t N = m->gpu->sms;
    for (size_t k = 0; k < m->n_kernels && k < ts->n_kernels; k++) {
        const model_kernel *mk = &m->kernels[k];
        const model_point *top = NULL;
        for (size_t r = 0; r < m->n_sizes; r++) {
            const model_point *p = &mk->table[r];
            if (p->sms < N && p->bw_source == MODEL_SRC_EQ17 && p->bw_gbps > mk->bw_full_gbps &&
                (!top || p->bw_gbps > top->bw_gbps))
                top = p;
        }
        if (top)
            rt_diag_warning(d, ts->path, ts->kernels[k].line, "kernel \"%s\": the model gives "
                            "it %.1f GB/s on %lld SMs (eq. 17, saturated branch, towards the GPU's "
                            "bw-effective-gbps %g), more than its own bw-gbps %g measured "
                            "on all %lld SMs; a <measured sms=\"%lld\" bw-gbps=\"...\"/> point "
                            "replaces the model there", ts->kernels[k].name, top->bw_gbps,
                            (long long)top->sms, m->gpu->bw_effective_gbps, mk->bw_full_gbps,
                            (long long)N, (long long)top->sms);
    }
}

void model_free(model *m)
{
    if (!m)
        return;
    if (m->kernels)
        for (size_t k = 0; k < m->n_kernels; k++)
            free(m->kernels[k].table);
    free(m->kernels);
    free(m);
}

const model_point *model_at(const model *m, size_t k, int64_t n)
{
    long r = model_row(m, n);
    if (k >= m->n_kernels || r < 0 || (size_t)r >= m->n_sizes)
        return NULL;
    return &m->kernels[k].table[r];
}

double model_tc_eq4(const model *m, size_t k, int64_t n)
{
    const model_kernel *mk = &m->kernels[k];
    double N = (double)m->gpu->sms;
    /* eq. 4: Tc(k,n) = Ck(N) / ((Sat(k) + 1) (N - KAI(k) Ubw(k))) * N^2 / n */
    return mk->cycles_full / ((mk->sat + 1.0) * (N - mk->kai * mk->u_bw)) * (N * N / (double)n);
}

double model_bw_eq17(const model *m, size_t k, int64_t n)
{
    const model_kernel *mk = &m->kernels[k];
    const rt_gpu *gpu = m->gpu;
    /* eq. 17, linear branch: BWiso(k,N) / N * n */
    if (mk->bw_full_gbps < m->bw_thr_gbps)
        return mk->bw_full_gbps / (double)gpu->sms * (double)n;
    /* eq. 17, saturated branch: EMBW (1 - exp(-n / MAX(1, Missbanks))) */
    double miss = m->miss_banks > 1 ? (double)m->miss_banks : 1.0;
    return gpu->bw_effective_gbps * (1.0 - exp(-(double)n / miss));
}

const char *model_source_name(model_source s)
{
    switch (s) {
    case MODEL_SRC_MEASURED: return "measured";
    case MODEL_SRC_FLOOR: return "floor";
    case MODEL_SRC_EQ17: return "eq17";
    default: return "eq4";
    }
}

const char *model_class_name(model_class c)
{
    switch (c) {
    case MODEL_CLASS_MEMORY: return "memory";
    case MODEL_CLASS_HYBRID: return "hybrid";
    default: return "compute";
    }
}

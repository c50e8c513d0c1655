/* interference: the multiplier M(k,w) = I(w) * Pi(k,w) of one kernel in one window (docs/model.md
 * sec. 4).
 *
 * Every quantity of eq. 6-16 that sums over K(w) (B, sum of A, MDA) is accumulated in an
 * intf_acc, so that a search over co-runner combinations can extend a prefix in O(1) and
 * still get, bit for bit, the value that interference_eval computes on the listed window. */
#include "models/interference.h"

#include <string.h>

/* Eq. 15 clamp (docs/model.md sec. 4: Pi in [1, 2]). */
#define INTF_PI_MIN 1.0
#define INTF_PI_MAX 2.0

const char *rt_interference_name(rt_interference_mode m)
{
    switch (m) {
    case RT_INTF_NAIVE: return "naive";
    case RT_INTF_NONE: return "none";
    default: return "masola";
    }
}

intf_gpu interference_gpu_of(const model *m)
{
    return (intf_gpu){ .sms = (double)m->gpu->sms, .bw_max_gbps = m->gpu->bw_nominal_gbps,
                       .bw_thr_gbps = m->bw_thr_gbps, .embw_gbps = m->gpu->bw_effective_gbps };
}

int interference_member_set(intf_member *mb, const model *m, size_t k, size_t part, int64_t n)
{
    const model_point *pt = model_at(m, k, n);
    if (!pt)
        return 0;
    *mb = (intf_member){ .kernel = k, .part = part, .sms = n, .cycles = pt->cycles,
                         .bw_gbps = pt->bw_gbps, .l2_accesses = m->kernels[k].l2_accesses };
    return 1;
}

void interference_acc_init(intf_acc *a)
{
    *a = (intf_acc){ 0 };
}

/* A(l,w) = L2(l) * Povl(l,w) with eq. 5: Povl(l,w) = size(w) / C(l,n_l). */
static double intf_accesses(const intf_member *l, double size_cycles)
{
    return l->l2_accesses * (size_cycles / l->cycles);
}

intf_contrib interference_contrib_of(const intf_member *l, double size_cycles)
{
    double acc = intf_accesses(l, size_cycles);
    /* eq. 16b: DR(l) = A(l,w) / C(l,n_l) */
    return (intf_contrib){ .bw_gbps = l->bw_gbps, .accesses = acc, .density = acc / l->cycles };
}

void interference_acc_push(intf_acc *a, const intf_contrib *c)
{
    a->count++;
    a->bw_gbps += c->bw_gbps;       /* B(w), eq. 6 and 7 */
    a->access_sum += c->accesses;   /* eq. 13 */
    if (c->density > a->density_max) /* eq. 16c */
        a->density_max = c->density;
}

void interference_acc_add(intf_acc *a, const intf_member *l, double size_cycles)
{
    intf_contrib c = interference_contrib_of(l, size_cycles);
    interference_acc_push(a, &c);
}

/* eq. 15 as printed, for Pbar already known. */
static double intf_penalty_raw(const intf_terms *t)
{
    if (t->p_bar < 1.0)
        return t->p_bw < t->I ? t->p_bw : t->I;            /* MIN(P_BW, I(w)) */
    if (t->p_bar >= 2.0)                                   /* eq. 16a: DR(k) / MDA */
        return t->density_max > 0.0 ? t->density / t->density_max : 0.0;
    return t->p_bar;
}

void interference_masola_acc(const intf_gpu *g, const intf_acc *a, const intf_member *self,
                     double size_cycles, intf_terms *t)
{
    memset(t, 0, sizeof *t);
    double card = (double)a->count;
    t->bw_gbps = a->bw_gbps;
    /* eq. 7: I(w) = MAX(1, B(w) / (BWmax * Sp)) */
    t->I = a->bw_gbps / g->bw_thr_gbps;
    if (!(t->I > 1.0))
        t->I = 1.0;
    t->Pi = 1.0;
    if (a->bw_gbps >= g->embw_gbps) {                      /* eq. 6, second case */
        double povl = size_cycles / self->cycles;          /* eq. 5 */
        double acc = intf_accesses(self, size_cycles);
        t->p_sm = g->sms / (double)self->sms / card;       /* eq. 10 */
        /* eq. 11, 13; a window whose kernels make no L2 access gives k no access share */
        t->p_access = (a->access_sum > 0.0 ? acc / a->access_sum : 0.0) * povl;
        t->p_bw = self->bw_gbps / (g->bw_max_gbps / card); /* eq. 12, 14 */
        t->p_bar = t->p_sm * t->p_access * t->p_bw;        /* eq. 9 */
        t->density = acc / self->cycles;                   /* eq. 16b */
        t->density_max = a->density_max;                   /* eq. 16c */
        t->p_raw = intf_penalty_raw(t);
        t->Pi = t->p_raw > INTF_PI_MIN ? t->p_raw : INTF_PI_MIN;
        if (t->Pi > INTF_PI_MAX)
            t->Pi = INTF_PI_MAX;
    }
    t->M = t->I * t->Pi;                                   /* eq. 8: M = I * Pi */
}

double interference_masola_bound(const intf_gpu *g, const intf_member *self, double size_cycles,
                         double bw_ub)
{
    double I = bw_ub / g->bw_thr_gbps;
    if (!(I > 1.0))
        I = 1.0;
    /* below EMBW, M = I = MAX(1, B / BWthr): monotone in B, exact without a guard */
    if (bw_ub < g->embw_gbps)
        return I;
    double pbar = g->sms * self->bw_gbps / ((double)self->sms * g->bw_max_gbps) *
                  (size_cycles / self->cycles);
    double pi = I > pbar ? I : pbar;
    if (pi > INTF_PI_MAX)
        pi = INTF_PI_MAX;
    if (pi < INTF_PI_MIN)
        pi = INTF_PI_MIN;
    return I * pi * (1.0 + 1e-9);
}

/* Terms of a window with no interference (I = Pi = M = 1), B(w) filled. */
static void intf_unit(const intf_acc *a, intf_terms *t)
{
    memset(t, 0, sizeof *t);
    t->bw_gbps = a->bw_gbps;
    t->I = 1.0;
    t->Pi = 1.0;
    t->M = 1.0;
}

void interference_eval_acc(const intf_gpu *g, intf_model im, const intf_acc *a,
                   const intf_member *self, double size_cycles, intf_terms *t)
{
    if (im.mode == RT_INTF_MASOLA && a->count >= 2) {
        interference_masola_acc(g, a, self, size_cycles, t);
        return;
    }
    intf_unit(a, t);                       /* alone (sec. 4) in every model, or none */
    /* sec. 7.2: the naive method adds a fixed factor wherever kernels overlap */
    if (im.mode == RT_INTF_NAIVE && a->count >= 2)
        t->M = 1.0 + im.naive_factor;
}

void interference_sup_acc(const intf_gpu *g, intf_model im, const intf_acc *a, const intf_member *self,
                  intf_terms *t)
{
    intf_unit(a, t);
    t->sup_case = INTF_CASE_ALONE;
    if (a->count <= 1)
        return;                                            /* sec. 4, "alone": M = 1 */
    if (im.mode != RT_INTF_MASOLA) {
        t->sup_case = im.mode == RT_INTF_NAIVE ? INTF_CASE_NAIVE : INTF_CASE_NONE;
        if (im.mode == RT_INTF_NAIVE)
            t->M = 1.0 + im.naive_factor;
        return;
    }
    /* The terms of the window of full length C(k,n_k): B, I, rho = P_access, P_BW and c = Pbar
     * do not depend on the length s, only Povl(k) = s / C(k,n_k) does (sec. 3). */
    interference_masola_acc(g, a, self, self->cycles, t);
    if (a->bw_gbps < g->embw_gbps) {
        t->sup_case = INTF_CASE_BELOW_EMBW;                /* eq. 6: Pi = 1, M = I */
        return;
    }
    /* short windows (Pbar < 1): eq. 15's first case, clamped */
    double pi_lo = t->p_bw < t->I ? t->p_bw : t->I;
    pi_lo = pi_lo > INTF_PI_MIN ? pi_lo : INTF_PI_MIN;
    pi_lo = pi_lo < INTF_PI_MAX ? pi_lo : INTF_PI_MAX;
    /* longer windows: Pbar = c s / C(k,n_k) rises to c (reached at s = C(k,n_k) when c < 2;
     * the supremum 2 when c >= 2); Pbar >= 2 gives DR/MDA <= 1, clamped to 1 */
    double pi_long = t->p_bar < INTF_PI_MAX ? t->p_bar : INTF_PI_MAX;
    t->sup_case = pi_long > pi_lo ? INTF_CASE_LONG_WINDOW : INTF_CASE_SHORT_WINDOW;
    t->Pi = pi_long > pi_lo ? pi_long : pi_lo;
    t->M = t->I * t->Pi;
}

const char *interference_case_name(intf_case c)
{
    switch (c) {
    case INTF_CASE_ALONE: return "alone";
    case INTF_CASE_BELOW_EMBW: return "below-embw";
    case INTF_CASE_SHORT_WINDOW: return "short-window";
    case INTF_CASE_LONG_WINDOW: return "long-window";
    case INTF_CASE_CAPPED: return "capped";
    case INTF_CASE_NAIVE: return "naive";
    default: return "none";
    }
}

void interference_eval(const intf_gpu *g, intf_model im, const intf_member *K, size_t n, size_t self,
               double size_cycles, intf_terms *t)
{
    intf_acc a;
    interference_acc_init(&a);
    for (size_t i = 0; i < n; i++)
        interference_acc_add(&a, &K[i], size_cycles);
    interference_eval_acc(g, im, &a, &K[self], size_cycles, t);
}

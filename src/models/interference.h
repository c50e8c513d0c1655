/* interference: the multiplier M(k,w) = I(w) * Pi(k,w) of one kernel in one window (docs/model.md
 * sec. 4). */
#ifndef RT_INTERFERENCE_H
#define RT_INTERFERENCE_H

#include <stddef.h>
#include <stdint.h>

#include "models/model.h"

/* Which multiplier model a window applies (docs/model.md sec. 4): the paper's eq. 5-16, the naive
 * fixed factor of its sec. 7.2, or none; and the naive factor f. */
typedef enum { RT_INTF_MASOLA, RT_INTF_NAIVE, RT_INTF_NONE } rt_interference_mode;
typedef struct intf_model {
    rt_interference_mode mode;
    double naive_factor;     /* f, default 0.73 */
} intf_model;

/* The GPU constants that eq. 5-16 read. */
typedef struct intf_gpu {
    double sms;              /* N */
    double bw_max_gbps;      /* BWmax */
    double bw_thr_gbps;      /* BWmax * Sp, the denominator of eq. 7 */
    double embw_gbps;        /* EMBW */
} intf_gpu;

/* One kernel l of K(w) on its partition: what eq. 5-16 need of it, precomputed once. */
typedef struct intf_member {
    size_t kernel;           /* kernel index */
    size_t part;             /* partition index */
    int64_t sms;             /* n_l */
    double cycles;           /* C(l, n_l) > 0 */
    double bw_gbps;          /* BW(l, n_l) */
    double l2_accesses;      /* L2(l) */
} intf_member;

/* Sums over K(w) that eq. 6-16 need, accumulated member by member for one window size. */
typedef struct intf_acc {
    size_t count;            /* |K(w)| */
    double bw_gbps;          /* B(w) = sum of BW(l, n_l) */
    double access_sum;       /* sum of A(l,w) (eq. 13) */
    double density_max;      /* MDA(w) = max of DR(l) (eq. 16c) */
} intf_acc;

/* What one member adds to an accumulator for a given window size (A(l,w), DR(l), BW). */
typedef struct intf_contrib {
    double bw_gbps, accesses, density;
} intf_contrib;

/* Which case of docs/model.md sec. 3 gave a worst-case multiplier M*(k,S): k alone (M = 1), B below
 * EMBW (M = I), eq. 15's first case reached by a short window (Pi_lo), Pbar approached by a long
 * window (MIN(2, c)), the cap fallback; and, outside masola, the naive factor or no model. */
typedef enum {
    INTF_CASE_ALONE, INTF_CASE_BELOW_EMBW, INTF_CASE_SHORT_WINDOW, INTF_CASE_LONG_WINDOW,
    INTF_CASE_CAPPED, INTF_CASE_NAIVE, INTF_CASE_NONE
} intf_case;

/* Every intermediate term for kernel k in window w (those of the Pi branch are 0 if B < EMBW). */
typedef struct intf_terms {
    double bw_gbps;          /* B(w) */
    double I;                /* eq. 7 */
    double p_sm, p_access, p_bw, p_bar;   /* eq. 10, 11, 12, 9 */
    double density, density_max;          /* DR(k) eq. 16b, MDA eq. 16c */
    double p_raw;            /* eq. 15 before the clamp */
    double Pi;               /* MIN(2, MAX(1, p_raw)), or 1 (eq. 6) */
    double M;                /* I * Pi */
    intf_case sup_case;      /* interference_sup_acc only: which case gave M* */
} intf_terms;

/* "masola", "naive" or "none", as on the command line and in reports. */
const char *rt_interference_name(rt_interference_mode m);
/* GPU constants of a built model. */
intf_gpu interference_gpu_of(const model *m);
/* Member for kernel k on partition part of n SMs; 0 if n is not a row of the model, else 1. */
int interference_member_set(intf_member *mb, const model *m, size_t k, size_t part, int64_t n);
/* Empty accumulator; add member l for a window of size_cycles (eq. 5, A = L2 * Povl, DR). */
void interference_acc_init(intf_acc *a);
void interference_acc_add(intf_acc *a, const intf_member *l, double size_cycles);
/* The same in two steps, so that a search can compute each member's share once per size. */
intf_contrib interference_contrib_of(const intf_member *l, double size_cycles);
void interference_acc_push(intf_acc *a, const intf_contrib *c);
/* eq. 6-16 for member self (already added to a) in a window of size_cycles. */
void interference_masola_acc(const intf_gpu *g, const intf_acc *a, const intf_member *self,
                     double size_cycles, intf_terms *t);
/* Upper bound of the masola M of self in any window of size_cycles whose B(w) <= bw_ub:
 * I <= MAX(1, bw_ub / (BWmax Sp)); if bw_ub < EMBW, Pi = 1 and the bound is that I, exactly;
 * else Pi <= MIN(2, MAX(1, I, Pbar)) with Pbar <= N BW(k) / (n_k BWmax) * Povl(k) (P_SM * P_BW
 * does not depend on |K|, P_access <= Povl(k)), and the bound has a 1e-9 relative guard. */
double interference_masola_bound(const intf_gpu *g, const intf_member *self, double size_cycles,
                         double bw_ub);
/* The multiplier model im, from the sums in a: 1 if self runs alone (|K(w)| = 1) in every model
 * (docs/model.md sec. 4, "alone"); else masola as above; naive: I = Pi = 1, M = 1 + f; none:
 * I = Pi = M = 1. B(w) is filled in every mode. */
void interference_eval_acc(const intf_gpu *g, intf_model im, const intf_acc *a,
                   const intf_member *self, double size_cycles, intf_terms *t);
/* M*(k,S) of docs/model.md sec. 3: the supremum over window lengths 0 < s <= C(k,n_k) of the
 * multiplier of self in a window holding the kernels of a (self included, accumulated for a window
 * of length C(k,n_k)). masola: 1 alone; I if B < EMBW; else I * MAX(Pi_lo, MIN(2, c)) with Pi_lo =
 * MIN(2, MAX(1, MIN(P_BW, I))) and c the Pbar of the full-length window (ties: short-window).
 * naive: 1 + f with a co-runner; none: 1. Fills B, I, Pi = M / I, M, sup_case and the eq. 9-16
 * terms of the full-length window. */
void interference_sup_acc(const intf_gpu *g, intf_model im, const intf_acc *a, const intf_member *self,
                  intf_terms *t);
/* "alone", "below-embw", "short-window", "long-window", "capped", "naive", "none". */
const char *interference_case_name(intf_case c);
/* The same for K[self] in the window K[0..n-1] (sums taken in array order). */
void interference_eval(const intf_gpu *g, intf_model im, const intf_member *K, size_t n, size_t self,
               double size_cycles, intf_terms *t);

#endif

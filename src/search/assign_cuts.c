/* assign_cuts: the cuts of the partition search's MIP (assign_mip.h, assign_cuts_add): each removes
 * only layouts proven unschedulable (the facts (L) and (M) at the top of assign_mip.c;
 * docs/assignment.md). A partition that fails with isolated WCETs gives its minimal failing
 * subsets on every size where they fail; a partition that missed a deadline under worst-case
 * windows gives its minimal failing subsets together with the co-runners that produced its
 * WCETs; otherwise the candidate alone is excluded (no-good). */
#include "search/assign_cuts.h"
#include "search/assign_mip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/assign_mip_int.h"
#include "search/search_int.h"
#include "analysis/wcet.h"

/* Exclude group G (k >= 2 tasks, ascending) on size s in every partition that could hold it:
 * for each representative r <= min G, sum of the members' columns <= k - 1. */
static int cut_group(amip *a, const size_t *G, size_t k, size_t s)
{
    char name[ILP_NAME_MAX + 1];
    bool added = false;
    for (size_t r = 0; r <= G[0]; r++) {
        size_t n = 0;
        for (size_t t = 0; t < k; t++) {
            int c = member_col(a, G[t], r, s);
            if (!c)
                break;
            a->rcols[n] = c;
            a->rcoef[n++] = 1.0;
        }
        if (n < k)
            continue; /* some member cannot be there at all: nothing to exclude */
        snprintf(name, sizeof name, "iso_%zu_%s_%lld", a->n_iso, a->tag[r],
                 (long long)size_sms(a, s));
        int rc = add_row(a, name, k, ILP_LE, (double)k - 1.0);
        if (rc != ASSIGN_OK)
            return rc;
        added = true;
    }
    a->n_iso += added;
    return ASSIGN_OK;
}

/* Shrink failing group sub (*k tasks) to a minimal failing subset (deletion filter: drop each
 * task in turn, keep the drop if the rest still fails). Isolated WCETs on size s if iso, else
 * the WCETs in a->wtask. */
static int shrink_group(amip *a, size_t *sub, size_t *k, size_t s, bool iso)
{
    size_t t = 0;
    while (t < *k) {
        size_t n = 0;
        for (size_t u = 0; u < *k; u++)
            if (u != t)
                a->tmp[n++] = sub[u];
        int r = iso ? iso_pass(a, a->tmp, n, s) : bounds_rta(a->b, a->tmp, n, a->wtask);
        if (r < 0)
            return ASSIGN_ENOMEM;
        if (r == 0) {
            memcpy(sub, a->tmp, n * sizeof *sub);
            *k = n;
        } else {
            t++;
        }
    }
    return ASSIGN_OK;
}

static int cmp_size(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    return a < b ? -1 : a > b;
}

/* The next distinct minimal failing subset of a->grp (k tasks) into a->sub (ascending, count in
 * *ks): the deletion filter run on the group rotated by *rot, for *rot = 0, 1, ... k-1 (each
 * rotation tries the tasks in another order and may end in another minimal subset). Subsets
 * already returned in this round are skipped (a->seen holds them, *n_seen of them). Returns 1 if
 * one was found, 0 when the rotations are exhausted, ASSIGN_ENOMEM. */
static int next_subset(amip *a, size_t k, size_t s, bool iso, size_t *rot, size_t *n_seen,
                       size_t *ks)
{
    while (*rot < k) {
        size_t o = (*rot)++, n = k;
        for (size_t t = 0; t < k; t++)
            a->sub[t] = a->grp[(t + o) % k];
        if (shrink_group(a, a->sub, &n, s, iso) != ASSIGN_OK)
            return ASSIGN_ENOMEM;
        qsort(a->sub, n, sizeof *a->sub, cmp_size);
        bool dup = false;
        for (size_t q = 0; q < *n_seen && !dup; q++)
            dup = a->seen_len[q] == n && memcmp(a->seen + q * a->T, a->sub, n * sizeof *a->sub) == 0;
        if (dup)
            continue;
        memcpy(a->seen + *n_seen * a->T, a->sub, n * sizeof *a->sub);
        a->seen_len[(*n_seen)++] = n;
        *ks = n;
        return 1;
    }
    return 0;
}

/* Partition on size s (tasks a->grp, k of them) failed with isolated WCETs: exclude each
 * distinct minimal failing subset found (next_subset) on every size where it fails too. */
static int cut_failing_group(amip *a, size_t k, size_t s)
{
    size_t rot = 0, n_seen = 0, ks = 0;
    int found;
    while ((found = next_subset(a, k, s, true, &rot, &n_seen, &ks)) == 1) {
        for (size_t s2 = 0; s2 < a->S; s2++) {
            int r = s2 == s ? 0 : iso_pass(a, a->sub, ks, s2);
            if (r < 0)
                return ASSIGN_ENOMEM;
            int rc = r == 0 && ks >= 2 ? cut_group(a, a->sub, ks, s2) : ASSIGN_OK;
            if (rc != ASSIGN_OK)
                return rc;
        }
    }
    return found < 0 ? found : ASSIGN_OK;
}

/* Lowest-indexed task of layout partition q that runs kernel kern (it exists: the window lists
 * only kernels launched on q). */
static size_t witness_task(const amip *a, const rt_layout *l, size_t q, size_t kern)
{
    for (size_t t = 0; t < a->T; t++) {
        if (l->task_part[t] != q)
            continue;
        for (size_t r = 0; r < a->ts->tasks[t].n_runs; r++)
            if (a->ts->tasks[t].runs[r] == kern)
                return t;
    }
    return a->T;
}

/* Witnesses of the co-runners that gave the WCETs of the tasks in sub (worst-case windows):
 * for every launch, the lowest-indexed task of each co-running partition that runs the
 * co-running kernel (naive model: one co-runner is enough, the multiplier only asks |K| >= 2).
 * Returns their count in a->wit (distinct), or a->T + 1 if one cannot be found. */
static size_t collect_witnesses(amip *a, const rt_layout *l, const rt_eval *ev, const size_t *sub,
                                size_t k)
{
    size_t n = 0;
    memset(a->mark, 0, a->T * sizeof *a->mark);
    for (size_t t = 0; t < k; t++) {
        const wcet_task *wt = &ev->wcet.tasks[sub[t]];
        for (size_t r = 0; r < wt->n_launches; r++) {
            const wcet_window *w = &wt->launches[r].windows[0];
            size_t last = wcet_window_blamed(w, a->o);
            for (size_t x = 1; x < last; x++) {
                size_t wt_task = witness_task(a, l, w->parts[x], w->kernels[x]);
                if (wt_task >= a->T)
                    return a->T + 1;
                if (!a->mark[wt_task]) {
                    a->mark[wt_task] = 1;
                    a->wit[n++] = wt_task;
                }
            }
        }
    }
    return n;
}

/* A partition (tasks grp, k of them) missed a deadline in the full analysis, worst-case windows.
 * Its WCETs come from one co-runner combination per launch; any layout that keeps a failing
 * subset of its tasks in a partition of the same representative and size, and each witness of
 * those combinations in a partition of the same representative and size as now, offers the
 * same combinations, so its WCETs are at least these and the subset fails again: exclude it. */
static int cut_interference(amip *a, const amip_cand *c, const rt_layout *l, const rt_eval *ev,
                            size_t k, bool *cut)
{
    char name[ILP_NAME_MAX + 1];
    *cut = false;
    for (size_t t = 0; t < a->T; t++)
        a->wtask[t] = ev->wcet.tasks[t].wcet_ns;
    int r = bounds_rta(a->b, a->grp, k, a->wtask);
    if (r != 0)
        return r < 0 ? ASSIGN_ENOMEM : ASSIGN_OK; /* it passes alone: nothing to attribute */
    size_t rot = 0, n_seen = 0, ks = 0;
    int found;
    while ((found = next_subset(a, k, 0, false, &rot, &n_seen, &ks)) == 1) {
        size_t nw = collect_witnesses(a, l, ev, a->sub, ks);
        if (nw > a->T)
            continue;
        size_t n = 0;
        for (size_t t = 0; t < ks; t++)
            a->rcols[n++] = col_of(a, a->sub[t], c->rep[a->sub[t]], c->size[a->sub[t]]);
        for (size_t t = 0; t < nw; t++)
            a->rcols[n++] = col_of(a, a->wit[t], c->rep[a->wit[t]], c->size[a->wit[t]]);
        for (size_t t = 0; t < n; t++)
            a->rcoef[t] = 1.0;
        snprintf(name, sizeof name, "intf_%zu", a->n_intf++);
        int rc = add_row(a, name, n, ILP_LE, (double)n - 1.0);
        if (rc != ASSIGN_OK)
            return rc;
        *cut = true;
    }
    return found < 0 ? found : ASSIGN_OK;
}

/* Exclude exactly candidate c: its T one-valued columns cannot all be 1 again. */
static int cut_nogood(amip *a, const amip_cand *c)
{
    char name[ILP_NAME_MAX + 1];
    for (size_t i = 0; i < a->T; i++) {
        a->rcols[i] = col_of(a, i, c->rep[i], c->size[i]);
        a->rcoef[i] = 1.0;
    }
    snprintf(name, sizeof name, "nogood_%zu", a->n_nogood++);
    return add_row(a, name, a->T, ILP_LE, (double)a->T - 1.0);
}

/* Tasks of the partition of representative r in candidate c, ascending, into a->grp. */
static size_t group_of(amip *a, const amip_cand *c, size_t r)
{
    size_t k = 0;
    for (size_t i = r; i < a->T; i++)
        if (c->rep[i] == r)
            a->grp[k++] = i;
    return k;
}

/* Does the partition in a->grp (k tasks) hold a deadline miss in ev? */
static bool group_misses(const amip *a, const rt_eval *ev, size_t k)
{
    for (size_t t = 0; t < k; t++)
        if (!ev->rta[a->grp[t]].schedulable)
            return true;
    return false;
}

int assign_cuts_add(amip *a, const amip_cand *c, const rt_layout *l, const rt_eval *ev,
             size_t *n_cuts)
{
    *n_cuts = 0;
    bool intf_ok = ev && l && a->o->windows == RT_WINDOWS_WORST_CASE;
    for (size_t r = 0; r < a->T; r++) {
        if (c->rep[r] != r)
            continue;
        size_t k = group_of(a, c, r);
        int pass = iso_pass(a, a->grp, k, c->size[r]);
        if (pass < 0)
            return ASSIGN_ENOMEM;
        int rc = ASSIGN_OK;
        bool cut = false;
        if (!pass) {
            rc = cut_failing_group(a, k, c->size[r]);
            cut = true;
        } else if (intf_ok && group_misses(a, ev, k)) {
            rc = cut_interference(a, c, l, ev, k, &cut);
        }
        if (rc != ASSIGN_OK)
            return rc;
        *n_cuts += cut;
    }
    return *n_cuts ? ASSIGN_OK : cut_nogood(a, c);
}

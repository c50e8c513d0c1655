/* judge: the full analysis of candidate layouts for the partition search, with a cache.
 *
 * The key of a layout is its canonical form (judge_normalise): for every task its partition number
 * and for every partition its size. Two layouts with the same key are the same layout (the same
 * groups on the same sizes; where partitions sit on the GPU does not enter the model), so the
 * cached verdict is the analysis's verdict. FNV-1a hash into buckets of JUDGE_WAYS slots; once a
 * bucket is full, a new verdict replaces one of its entries in turn (the annealing comes back to
 * the layouts it saw last, not to those of the first seconds). */
#include "search/judge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/analyzer.h"

#define JUDGE_WAYS 4        /* slots per bucket */

typedef struct jentry {
    uint32_t *key;          /* NULL: empty slot */
    unsigned char *miss;    /* T entries */
    double overshoot;
    bool pass, exhaustive, erange, undecided;
} jentry;

struct judge {
    const model *m;
    const rt_taskset *ts;
    const rt_options *o;
    size_rule rule;         /* the sizes a layout may have (sizes.h) */
    size_t T;
    size_t key_len;         /* uint32 words: 1 + T + T */
    jentry *tab;
    size_t cap;             /* slots: a power of two, JUDGE_WAYS at least */
    size_t victim;          /* turn of the slot a full bucket gives up */
    uint32_t *key;          /* scratch */
    unsigned char *miss;    /* scratch verdict */
    rt_task *sub_tasks;     /* partial layouts: shallow copies of the placed tasks */
    size_t *sub_idx;
    long analyses, hits, undecided;
    unsigned char *blame;   /* scratch: n_parts * n_parts of the last fresh failing analysis */
    size_t blame_cap;
    const sysview *sv;      /* a whole system: ts is its view, the analysis the system's */
};

int judge_init(jlayout *l, size_t T)
{
    l->T = T;
    l->n_parts = 0;
    l->part = calloc(T ? T : 1, sizeof *l->part);
    l->units = calloc(T ? T : 1, sizeof *l->units);
    l->map = calloc(T ? T : 1, sizeof *l->map);
    l->sz = calloc(T ? T : 1, sizeof *l->sz);
    if (!l->part || !l->units || !l->map || !l->sz) {
        judge_fini(l);
        return -1;
    }
    return 0;
}

void judge_fini(jlayout *l)
{
    free(l->part);
    free(l->units);
    free(l->map);
    free(l->sz);
    l->part = NULL;
    l->units = NULL;
    l->map = NULL;
    l->sz = NULL;
}

void judge_copy(jlayout *dst, const jlayout *src)
{
    dst->n_parts = src->n_parts;
    memcpy(dst->part, src->part, src->T * sizeof *src->part);
    memcpy(dst->units, src->units, src->T * sizeof *src->units);
}

bool judge_complete(const jlayout *l)
{
    for (size_t i = 0; i < l->T; i++)
        if (l->part[i] == JL_UNPLACED)
            return false;
    return true;
}

int64_t judge_grow_missing(jlayout *l, const unsigned char *miss, int64_t spare,
                        const size_rule *r)
{
    int64_t given = 0;
    for (size_t p = 0; p < l->n_parts && given < spare; p++) {
        bool m = false;
        for (size_t i = 0; i < l->T && !m; i++)
            m = l->part[i] == p && miss[i];
        int64_t to = m ? sizes_up(r, l->units[p] + 1) : 0;  /* the next allowed size */
        if (m && to - l->units[p] <= spare - given) {
            given += to - l->units[p];
            l->units[p] = to;
        }
    }
    return given;
}

int64_t judge_units(const jlayout *l)
{
    int64_t u = 0;
    for (size_t p = 0; p < l->n_parts; p++)
        u += l->units[p];
    return u;
}

void judge_normalise(jlayout *l)
{
    /* new number of old partition p: in order of first appearance over the tasks */
    size_t T = l->T, n = 0, *map = l->map;
    int64_t *sz = l->sz;
    for (size_t p = 0; p < T; p++)
        map[p] = T;
    for (size_t i = 0; i < T; i++) {
        size_t p = l->part[i];
        if (p == JL_UNPLACED)
            continue;
        if (map[p] == T) {
            map[p] = n;
            sz[n++] = l->units[p];
        }
        l->part[i] = map[p];
    }
    for (size_t p = 0; p < n; p++)
        l->units[p] = sz[p];
    for (size_t p = n; p < T; p++)
        l->units[p] = 0;
    l->n_parts = n;
}

judge *judge_new(const model *m, const rt_taskset *ts, const rt_options *o, size_t max_entries)
{
    judge *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->m = m;
    j->ts = ts;
    j->o = o;
    j->rule = sizes_rule_of(o, m->gpu->granularity);
    j->T = ts->n_tasks;
    j->key_len = 1 + 2 * j->T;
    j->cap = JUDGE_WAYS; /* the largest power of two within max_entries */
    while (j->cap <= max_entries / 2)
        j->cap *= 2;
    j->tab = max_entries >= JUDGE_WAYS ? calloc(j->cap, sizeof *j->tab) : NULL;
    j->key = malloc(j->key_len * sizeof *j->key);
    j->miss = malloc(j->T ? j->T : 1);
    j->sub_tasks = malloc((j->T ? j->T : 1) * sizeof *j->sub_tasks);
    j->sub_idx = malloc((j->T ? j->T : 1) * sizeof *j->sub_idx);
    if ((max_entries >= JUDGE_WAYS && !j->tab) || !j->key || !j->miss || !j->sub_tasks ||
        !j->sub_idx) {
        judge_free(j);
        return NULL;
    }
    return j;
}

void judge_free(judge *j)
{
    if (!j)
        return;
    for (size_t i = 0; j->tab && i < j->cap; i++) {
        free(j->tab[i].key);
        free(j->tab[i].miss);
    }
    free(j->tab);
    free(j->key);
    free(j->miss);
    free(j->blame);
    free(j->sub_tasks);
    free(j->sub_idx);
    free(j);
}

long judge_analyses(const judge *j) { return j->analyses; }
long judge_hits(const judge *j) { return j->hits; }
long judge_undecided(const judge *j) { return j->undecided; }

/* gcc 12 -fanalyzer reports a false leak here: each name is stored in the layout and freed by
 * rt_layout_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
rt_layout *judge_layout(const judge *j, const jlayout *l)
{
    rt_layout *r = rt_layout_new(l->n_parts, j->T);
    if (!r)
        return NULL;
    int64_t g = j->m->gpu->granularity, first = 0;
    for (size_t p = 0; p < l->n_parts; p++) {
        char name[32];
        snprintf(name, sizeof name, "P%zu", p);
        if (!(r->part_name[p] = strdup(name))) {
            rt_layout_free(r);
            return NULL;
        }
        r->part_sms[p] = l->units[p] * g;
        r->part_first_sm[p] = first;
        first += r->part_sms[p];
    }
    memcpy(r->task_part, l->part, j->T * sizeof *l->part);
    return r;
}
RT_ANALYZER_ON

static uint64_t key_hash(const uint32_t *k, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= k[i];
        h *= 1099511628211ULL;
    }
    return h;
}

/* Who slowed whom (worst-case windows, a complete layout that failed with every worst case
 * enumerated): blame[p * np + r] = 1 when partition r runs a kernel of the combination that gave
 * the WCET of some launch of a task on partition p (naive model: the first co-runner only, the
 * multiplier asks |K| >= 2 and nothing more). 0, or -1 on out of memory. */
static int fill_blame(judge *j, const jlayout *l, const rt_eval *ev, jverdict *v)
{
    size_t np = l->n_parts;
    if (np * np > j->blame_cap) {
        unsigned char *b = realloc(j->blame, np * np);
        if (!b)
            return -1;
        j->blame = b;
        j->blame_cap = np * np;
    }
    memset(j->blame, 0, np * np);
    for (size_t t = 0; t < j->T; t++) {
        const wcet_task *wt = &ev->wcet.tasks[t];
        unsigned char *row = j->blame + l->part[t] * np;
        for (size_t r = 0; r < wt->n_launches; r++) {
            const wcet_window *w = &wt->launches[r].windows[0];
            size_t last = wcet_window_blamed(w, j->o);
            for (size_t x = 1; x < last; x++)
                if (w->parts[x] < np)
                    row[w->parts[x]] = 1;
        }
    }
    v->blame = j->blame;
    return 0;
}

void judge_set_system(judge *j, const sysview *v)
{
    j->sv = v;
}

/* The one full analysis: ts (the judge's task set, or its tasks idx[0..] ascending when idx is
 * not NULL) on l; a whole system's through its view (sysview_eval), *other then the overshoot of
 * its CPU tasks that miss (0 otherwise). */
static int run_analysis(judge *j, const rt_taskset *ts, rt_layout *l, const size_t *idx,
                        rt_eval *ev, double *other)
{
    *other = 0;
    int erc = j->sv ? sysview_eval(j->sv, j->m, l, idx, ts->n_tasks, JUDGE_OVER_CAP, ev, other)
                    : rt_eval_layout(j->m, ts, l, j->o, NULL, 0, ev);
    j->analyses++;
    j->undecided += erc == EVAL_OK && !ev->decided;
    return erc;
}

int judge_analyse(judge *j, const rt_taskset *ts, rt_layout *l, rt_eval *ev)
{
    double other;
    return run_analysis(j, ts, l, NULL, ev, &other);
}

/* What a task that misses adds to jverdict.overshoot: (R - D) / D up to JUDGE_OVER_CAP, the
 * cap itself when its response is unbounded or undecided (r NULL: no analysis). */
static double overshoot(const rta_result *r, int64_t deadline_ns)
{
    if (!r || r->status != RTA_BOUNDED)
        return JUDGE_OVER_CAP;
    if (r->wcrt_ns <= deadline_ns) /* not a miss: cannot happen for a bounded task that misses */
        return 0;
    double o = (double)(r->wcrt_ns - deadline_ns) / (double)deadline_ns;
    return o < JUDGE_OVER_CAP ? o : JUDGE_OVER_CAP;
}

/* The analysis itself; the verdict in j->miss and v. A partial layout is analysed as the task
 * set of its placed tasks (shallow copies: same kernels, same model rows, file order kept, so
 * deadline-monotonic ties break the same way). */
static int analyse(judge *j, const jlayout *l, jverdict *v)
{
    /* A size the rule forbids (sizes.h) fails without an analysis: its tasks miss, so that
     * growing what fails moves it to an allowed size. No layout of such a size is accepted. */
    bool forbidden = false;
    memset(j->miss, 0, j->T);
    for (size_t i = 0; i < j->T; i++)
        if (l->part[i] != JL_UNPLACED && !sizes_ok(&j->rule, l->units[l->part[i]])) {
            j->miss[i] = 1;
            forbidden = true;
        }
    if (forbidden) {
        size_t k = 0;
        for (size_t i = 0; i < j->T; i++)
            k += j->miss[i];
        *v = (jverdict){ .pass = false, .exhaustive = true, .miss = j->miss,
                         .overshoot = JUDGE_OVER_CAP * (double)k };
        return 0;
    }
    size_t n = 0;
    for (size_t i = 0; i < j->T; i++)
        if (l->part[i] != JL_UNPLACED) {
            j->sub_idx[n] = i;
            j->sub_tasks[n++] = j->ts->tasks[i];
        }
    rt_taskset sub = *j->ts;
    sub.tasks = j->sub_tasks;
    sub.n_tasks = n;
    sub.partitions = NULL;
    sub.n_partitions = 0;
    const rt_taskset *ts = n == j->T ? j->ts : &sub;
    rt_layout *r = rt_layout_new(l->n_parts, n);
    if (!r)
        return -1;
    for (size_t p = 0; p < l->n_parts; p++)
        r->part_sms[p] = l->units[p] * j->m->gpu->granularity;
    for (size_t t = 0; t < n; t++)
        r->task_part[t] = l->part[j->sub_idx[t]];
    rt_eval ev;
    double other;
    int erc = run_analysis(j, ts, r, n == j->T ? NULL : j->sub_idx, &ev, &other);
    rt_layout_free(r);
    if (erc == EVAL_ENOMEM)
        return -1;
    v->erange = erc == EVAL_ERANGE;
    v->pass = erc == EVAL_OK && ev.schedulable;
    v->undecided = erc == EVAL_OK && !ev.decided;
    v->exhaustive = erc != EVAL_OK || ev.exhaustive;
    memset(j->miss, 0, j->T);
    v->overshoot = other;
    for (size_t t = 0; t < n; t++) {
        j->miss[j->sub_idx[t]] = erc != EVAL_OK || !ev.rta[t].schedulable;
        if (j->miss[j->sub_idx[t]])
            v->overshoot += overshoot(erc == EVAL_OK ? &ev.rta[t] : NULL, ts->tasks[t].deadline_ns);
    }
    v->miss = j->miss;
    v->blame = NULL;
    int rc = 0;
    /* no blame for a whole system: a miss there may come from a CPU core or a copy engine
     * that a task of another partition shares, which no witness cut accounts for */
    if (erc == EVAL_OK && n == j->T && !v->pass && !v->undecided && ev.exhaustive &&
        j->o->windows == RT_WINDOWS_WORST_CASE && !j->sv)
        rc = fill_blame(j, l, &ev, v);
    if (erc == EVAL_OK)
        rt_eval_fini(&ev);
    return rc;
}

/* gcc 12 -fanalyzer reports a false leak here: the cache entry's key and miss arrays are stored
 * in the slot and freed by judge_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
int judge_eval(judge *j, jlayout *l, jverdict *v)
{
    judge_normalise(l);
    size_t n = j->key_len;
    j->key[0] = (uint32_t)l->n_parts;
    for (size_t i = 0; i < j->T; i++) {
        j->key[1 + i] = l->part[i] == JL_UNPLACED ? UINT32_MAX : (uint32_t)l->part[i];
        j->key[1 + j->T + i] = i < l->n_parts ? (uint32_t)l->units[i] : 0;
    }
    jentry *slot = NULL;
    if (j->tab) {
        size_t b = (size_t)key_hash(j->key, n) & (j->cap / JUDGE_WAYS - 1);
        jentry *bucket = j->tab + b * JUDGE_WAYS;
        for (size_t w = 0; w < JUDGE_WAYS; w++) {
            jentry *e = &bucket[w];
            if (!e->key) {
                if (!slot)
                    slot = e;
                continue;
            }
            if (memcmp(e->key, j->key, n * sizeof *j->key) != 0)
                continue;
            j->hits++;
            memcpy(j->miss, e->miss, j->T);
            *v = (jverdict){ .pass = e->pass, .exhaustive = e->exhaustive,
                             .erange = e->erange, .undecided = e->undecided,
                             .miss = j->miss, .overshoot = e->overshoot, .blame = NULL };
            return 0;
        }
        if (!slot) /* a full bucket: its entries give way in turn (same sizes, buffers kept) */
            slot = &bucket[j->victim++ % JUDGE_WAYS];
    }
    if (analyse(j, l, v) != 0)
        return -1;
    if (slot && !slot->key) {
        slot->key = malloc(n * sizeof *slot->key);
        slot->miss = malloc(j->T ? j->T : 1);
        if (!slot->key || !slot->miss) {
            free(slot->key);
            free(slot->miss);
            slot->key = NULL;
            slot->miss = NULL;
            return 0; /* not stored: the verdict stands */
        }
    }
    if (slot) {
        memcpy(slot->key, j->key, n * sizeof *j->key);
        memcpy(slot->miss, j->miss, j->T);
        slot->pass = v->pass;
        slot->exhaustive = v->exhaustive;
        slot->erange = v->erange;
        slot->undecided = v->undecided;
        slot->overshoot = v->overshoot;
    }
    return 0;
}
RT_ANALYZER_ON

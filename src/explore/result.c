/* result: the result lines of a sweep, written and read back.
 *
 * JSON line: {"point": P, "spec": "<hash>/<points>", <each varied parameter>, ["seed": S,]
 * "schedulable", "exit_status", "status", "sms_used", "min_slack_ns", "scaling_factor",
 * "missed_task_count", <per chain of the base task set: "chain_mrt_ns:NAME",
 * "chain_binding_mrt:NAME", "chain_mda_ns:NAME", "chain_binding_mda:NAME", "chain_passes:NAME",
 * "chain_reason:NAME">, "error"}, keys in that order (scaling_factor null without
 * --sensitivity); CSV: the same columns under a header, empty fields for null. */
#include "explore/result.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sens.h"
#include "util/csv.h"
#include "util/grow.h"
#include "util/jw.h"

void xp_result_spec_id(const xp_spec *s, char out[64])
{
    snprintf(out, 64, "%s/%" PRIu64, s->hash, s->n_points);
}

/* ---- writing --------------------------------------------------------------------------- */

/* The value of dimension i at value index k as text, and whether it is a word. */
static const char *dim_text(const xp_dim *d, size_t k, char *tmp, size_t size, bool *word)
{
    if (d->param == XP_SET) {
        snprintf(tmp, size, "%zu", k);
        *word = false;
        return tmp;
    }
    *word = d->v[k].is_word;
    return d->v[k].text;
}

typedef struct line_fmt {
    bool csv;
} line_fmt;

static void put_sep(strbuf *b, const line_fmt *f, const char *key)
{
    if (f->csv) {
        strbuf_put(b, ",", 1);
    } else {
        strbuf_put(b, ",", 1);
        jw_str_buf(b, key);
        strbuf_put(b, ":", 1);
    }
}

static void put_null(strbuf *b, const line_fmt *f)
{
    if (!f->csv)
        strbuf_puts(b, "null");
}

/* The columns of each chain, in order (docs/explore.md, "Chains"). */
static const char *const chain_cols[] = { "chain_mrt_ns", "chain_binding_mrt", "chain_mda_ns",
                                          "chain_binding_mda", "chain_passes", "chain_reason" };
#define N_CHAIN_COLS (sizeof chain_cols / sizeof chain_cols[0])

static size_t n_chains(const xp_spec *s)
{
    return s->ts ? s->ts->n_chains : 0;
}

/* Why chain ci fails, with the figures in ns, into buf; "" when it passes. The words of
 * rtgpu-analyze's reason (report_chains.c), whose durations are rounded for people. */
static void chain_reason(const rt_taskset *ts, size_t ci, const chain_result *x, char *buf,
                         size_t size)
{
    const rt_chain *c = &ts->chains[ci];
    bool let = c->communication == RT_COMM_LET;
    buf[0] = '\0';
    if (x->why == CHAIN_WHY_LET_LATE) {
        snprintf(buf, size, "task \"%s\" can complete after its deadline: under LET every task "
                 "of the chain must complete by its deadline", ts->tasks[c->tasks[x->late_task]].name);
    } else if (x->why == CHAIN_WHY_NO_BOUND) {
        chain_bound bd = let ? CHAIN_LET_EXACT : CHAIN_DAVARE;
        const char *metric = c->has_max_reaction && !x->has_mrt ? "maximum reaction time"
                                                               : "maximum data age";
        switch (x->status[bd]) {
        case CHAIN_UNBOUNDED:
            snprintf(buf, size, "no bound on the %s: task \"%s\" has no bounded response time",
                     metric, ts->tasks[c->tasks[x->unbounded_task]].name);
            break;
        case CHAIN_OVERFLOW:
            snprintf(buf, size, "no bound on the %s: %s does not fit in 64 bits: not computable",
                     metric, let ? "the chain's hyperperiod, twice it plus the largest phase, or "
                                   "a job's instant" : "the sum");
            break;
        case CHAIN_TOO_LONG:
            snprintf(buf, size, "no bound on the %s: more than %d partitioned job chains to "
                     "enumerate over 2 x the hyperperiod %" PRId64 " ns: not computed", metric,
                     CHAIN_LET_MAX_JOBCHAINS, x->hyperperiod_ns);
            break;
        default:
            snprintf(buf, size, "no bound on the %s: %s", metric, chain_status_name(x->status[bd]));
            break;
        }
    } else if (x->why == CHAIN_WHY_REACTION || x->why == CHAIN_WHY_AGE) {
        int n = 0;
        if (c->has_max_reaction && x->mrt_ns > c->max_reaction_ns)
            n = snprintf(buf, size, "maximum reaction time bound %" PRId64 " ns (%s) exceeds "
                         "max-reaction %" PRId64 " ns", x->mrt_ns,
                         chain_bound_name(x->binding_mrt), c->max_reaction_ns);
        if (c->has_max_age && x->mda_ns > c->max_age_ns && n >= 0 && (size_t)n < size)
            snprintf(buf + n, size - (size_t)n, "%smaximum data age bound %" PRId64 " ns (%s) "
                     "exceeds max-age %" PRId64 " ns", n ? "; " : "", x->mda_ns,
                     chain_bound_name(x->binding_mda), c->max_age_ns);
    }
}

/* The key of column k of chain ci, "COLUMN:NAME" (NAME as written, of any length), into key
 * (emptied first); b->oom set when memory runs out. */
static const char *chain_key(const xp_spec *s, size_t ci, size_t k, strbuf *key, strbuf *b)
{
    key->len = 0;
    strbuf_puts(key, chain_cols[k]);
    strbuf_put(key, ":", 1);
    strbuf_puts(key, s->ts->chains[ci].name);
    if (key->oom)
        b->oom = true;
    return key->data ? key->data : "";
}

/* The columns of every chain; null where the point analysed no layout. */
static void put_chains(const xp_spec *s, const xp_outcome *o, strbuf *b, const line_fmt *f)
{
    char why[600] = "";
    strbuf key = { 0 };
    for (size_t ci = 0; ci < n_chains(s); ci++) {
        const chain_result *x = o->chains ? &o->chains[ci] : NULL;
        for (size_t k = 0; k < N_CHAIN_COLS; k++) {
            put_sep(b, f, chain_key(s, ci, k, &key, b));
            const char *word = NULL;
            bool have = x != NULL;
            int64_t ns = 0;
            switch (k) {
            case 0: have = have && x->has_mrt; ns = have ? x->mrt_ns : 0; break;
            case 1: word = x && x->has_mrt ? chain_bound_name(x->binding_mrt) : NULL; break;
            case 2: have = have && x->has_mda; ns = have ? x->mda_ns : 0; break;
            case 3: word = x && x->has_mda ? chain_bound_name(x->binding_mda) : NULL; break;
            case 4: word = x ? (x->passes ? "true" : "false") : NULL; break;
            default:
                if (x)
                    chain_reason(s->ts, ci, x, why, sizeof why);
                word = x && why[0] ? why : NULL;
                break;
            }
            if (k == 0 || k == 2) {
                if (have)
                    strbuf_putf(b, "%" PRId64, ns);
                else
                    put_null(b, f);
            } else if (!word) {
                put_null(b, f);
            } else if (k == 4 || f->csv) {
                f->csv ? csv_field(b, word) : strbuf_puts(b, word);
            } else {
                jw_str_buf(b, word);
            }
        }
    }
    strbuf_fini(&key);
}

static void put_line(const xp_spec *s, uint64_t p, const size_t *idx, const xp_outcome *o,
                     strbuf *b, const line_fmt *f)
{
    char id[64], tmp[32];
    xp_result_spec_id(s, id);
    if (f->csv)
        strbuf_putf(b, "%" PRIu64 ",%s", p, id);
    else {
        strbuf_putf(b, "{\"point\":%" PRIu64 ",\"spec\":", p);
        jw_str_buf(b, id);
    }
    for (size_t i = 0; i < s->n_dims; i++) {
        bool word;
        const char *t = dim_text(&s->dims[i], idx[i], tmp, sizeof tmp, &word);
        put_sep(b, f, s->dims[i].key);
        if (f->csv)
            csv_field(b, t);
        else if (word)
            jw_str_buf(b, t);
        else
            strbuf_puts(b, t);
    }
    if (s->has_generate) {
        put_sep(b, f, "seed");
        strbuf_putf(b, "%" PRIu64, o->seed);
    }
    put_sep(b, f, "schedulable");
    if (o->valid)
        strbuf_puts(b, o->schedulable ? "true" : "false");
    else
        put_null(b, f);
    put_sep(b, f, "exit_status");
    strbuf_putf(b, "%d", o->exit_status);
    put_sep(b, f, "status");
    if (o->status)
        f->csv ? strbuf_puts(b, o->status) : jw_str_buf(b, o->status);
    else
        put_null(b, f);
    put_sep(b, f, "sms_used");
    if (o->has_sms)
        strbuf_putf(b, "%" PRId64, o->sms_used);
    else
        put_null(b, f);
    put_sep(b, f, "min_slack_ns");
    if (o->has_slack)
        strbuf_putf(b, "%" PRId64, o->min_slack_ns);
    else
        put_null(b, f);
    put_sep(b, f, "scaling_factor");
    if (s->sensitivity && o->has_scaling) {
        sens_k_text(o->scaling_k, tmp, sizeof tmp);
        strbuf_puts(b, tmp);
    } else {
        put_null(b, f);
    }
    put_sep(b, f, "missed_task_count");
    if (o->valid && o->status)
        strbuf_putf(b, "%zu", o->misses);
    else
        put_null(b, f);
    put_chains(s, o, b, f);
    put_sep(b, f, "error");
    if (o->error[0])
        f->csv ? csv_field(b, o->error) : jw_str_buf(b, o->error);
    else
        put_null(b, f);
    strbuf_puts(b, f->csv ? "\n" : "}\n");
}

void xp_result_line_json(const xp_spec *s, uint64_t p, const size_t *idx, const xp_outcome *o, strbuf *b)
{
    line_fmt f = { false };
    put_line(s, p, idx, o, b, &f);
}

void xp_result_line_csv(const xp_spec *s, uint64_t p, const size_t *idx, const xp_outcome *o, strbuf *b)
{
    line_fmt f = { true };
    put_line(s, p, idx, o, b, &f);
}

void xp_result_csv_header(const xp_spec *s, strbuf *b)
{
    strbuf_puts(b, "point,spec");
    for (size_t i = 0; i < s->n_dims; i++) {
        strbuf_put(b, ",", 1);
        csv_field(b, s->dims[i].key);
    }
    if (s->has_generate)
        strbuf_puts(b, ",seed");
    strbuf_puts(b, ",schedulable,exit_status,status,sms_used,min_slack_ns");
    strbuf_puts(b, ",scaling_factor,missed_task_count");
    strbuf key = { 0 };
    for (size_t ci = 0; ci < n_chains(s); ci++)
        for (size_t k = 0; k < N_CHAIN_COLS; k++) {
            strbuf_put(b, ",", 1);
            csv_field(b, chain_key(s, ci, k, &key, b));
        }
    strbuf_fini(&key);
    strbuf_puts(b, ",error\n");
}

/* ---- reading --------------------------------------------------------------------------- */

bool xp_result_parse_json(const char *line, size_t len, xp_parsed *out)
{
    json_error_t err;
    json_t *j = json_loadb(line, len, JSON_REJECT_DUPLICATES, &err);
    bool ok = false;
    if (!j || !json_is_object(j))
        goto done;
    json_t *p = json_object_get(j, "point"), *s = json_object_get(j, "spec");
    json_t *sch = json_object_get(j, "schedulable"), *sl = json_object_get(j, "min_slack_ns");
    if (!json_is_integer(p) || json_integer_value(p) < 0 || !json_is_string(s) ||
        strlen(json_string_value(s)) >= sizeof out->spec || !(json_is_boolean(sch) || json_is_null(sch)))
        goto done;
    out->point = (uint64_t)json_integer_value(p);
    snprintf(out->spec, sizeof out->spec, "%s", json_string_value(s));
    out->schedulable = json_is_null(sch) ? -1 : json_is_true(sch);
    out->has_slack = json_is_integer(sl);
    out->min_slack_ns = out->has_slack ? json_integer_value(sl) : 0;
    ok = true;
done:
    json_decref(j);
    return ok;
}

/* Field k of a CSV line (quotes removed, "" unescaped) into buf; false if absent. */
static bool csv_cell(const char *line, size_t len, int k, char *buf, size_t size)
{
    size_t i = 0, o = 0;
    for (int f = 0; f <= k; f++) {
        if (f > 0) {
            if (i >= len || line[i] != ',')
                return false;
            i++;
        }
        bool q = i < len && line[i] == '"';
        i += q;
        o = 0;
        while (i < len && (q || line[i] != ',')) {
            if (q && line[i] == '"') {
                if (i + 1 < len && line[i + 1] == '"') {
                    i++;
                } else {
                    q = false;
                    i++;
                    continue;
                }
            }
            if (f == k && o + 1 < size)
                buf[o++] = line[i];
            i++;
        }
    }
    buf[o] = '\0';
    return true;
}

bool xp_result_csv_columns(const char *header, size_t len, xp_csv_cols *cols)
{
    char f[200];
    cols->schedulable = cols->min_slack = -1;
    if (!csv_cell(header, len, 0, f, sizeof f) || strcmp(f, "point") != 0 ||
        !csv_cell(header, len, 1, f, sizeof f) || strcmp(f, "spec") != 0)
        return false;
    for (int k = 2; csv_cell(header, len, k, f, sizeof f); k++) {
        if (strcmp(f, "schedulable") == 0)
            cols->schedulable = k;
        else if (strcmp(f, "min_slack_ns") == 0)
            cols->min_slack = k;
    }
    return cols->schedulable > 0 && cols->min_slack > 0;
}

bool xp_result_parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!(*s >= '0' && *s <= '9'))
        return false;
    unsigned long long x = strtoull(s, &end, 10);
    *v = x;
    return !*end && errno == 0;
}

bool xp_result_parse_csv(const char *line, size_t len, const xp_csv_cols *cols, xp_parsed *out)
{
    char f[200];
    uint64_t v;
    if (!csv_cell(line, len, 0, f, sizeof f) || !xp_result_parse_u64(f, &v))
        return false;
    out->point = v;
    if (!csv_cell(line, len, 1, out->spec, sizeof out->spec) || !out->spec[0])
        return false;
    if (!csv_cell(line, len, cols->schedulable, f, sizeof f))
        return false;
    out->schedulable = strcmp(f, "true") == 0 ? 1 : strcmp(f, "false") == 0 ? 0 : -1;
    if (!csv_cell(line, len, cols->min_slack, f, sizeof f))
        return false;
    char *end;
    errno = 0;
    long long s = strtoll(f, &end, 10);
    out->has_slack = f[0] && !*end && errno == 0;
    out->min_slack_ns = out->has_slack ? s : 0;
    return true;
}

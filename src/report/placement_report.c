/* placement_report: text and JSON of a placement simulation. JSON records are built with
 * jansson one at a time (names escaped) and written as they come, so 10^6 blocks need no tree
 * in memory. */
#include "report/placement_report.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

#define DUMP_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(17))

static const char *kname(const placement_report *r, size_t k)
{
    return r->ts->kernels[r->res->kernels[k].kernel].name;
}

void placement_fmt_sms(const psim_kernel *k, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < k->n_sms && used < size; ) {
        size_t j = i;
        while (j + 1 < k->n_sms && k->sms[j + 1] == k->sms[j] + 1)
            j++;
        int n;
        if (j - i >= 2)
            n = snprintf(buf + used, size - used, "%s%zu..%zu", i ? "," : "", k->sms[i], k->sms[j]);
        else if (j == i + 1)
            n = snprintf(buf + used, size - used, "%s%zu,%zu", i ? "," : "", k->sms[i], k->sms[j]);
        else
            n = snprintf(buf + used, size - used, "%s%zu", i ? "," : "", k->sms[i]);
        if (n < 0)
            break;
        used += (size_t)n;
        i = j + 1;
    }
    if (used >= size && size > 4)
        memcpy(buf + size - 4, "...", 4);   /* "..." and its NUL, inside buf */
}

static void fmt_time(int64_t ns, char *buf, size_t size)
{
    report_fmt_ns(ns, buf, size);
}

static void kernel_line(const placement_report *r, size_t k, FILE *out)
{
    const psim_kernel *kr = &r->res->kernels[k];
    char sms[512], t0[40], t1[40];
    fprintf(out, "%s: ", kname(r, k));
    if (kr->n_sms == 0)
        fprintf(out, "no block placed");
    else if (kr->n_sms == 1)
        fprintf(out, "%lld block%s on SM %zu", (long long)kr->placed, kr->placed == 1 ? "" : "s",
                kr->sms[0]);
    else {
        placement_fmt_sms(kr, sms, sizeof sms);
        fprintf(out, "SMs %s", sms);
    }
    if (kr->n_colocated == 0) {
        fputs(kr->n_sms ? ", isolated" : "", out);
    } else {
        fputs(", co-located with ", out);
        for (size_t j = 0; j < kr->n_colocated; j++)
            fprintf(out, "%s%s", j ? ", " : "", kname(r, kr->colocated[j]));
    }
    if (kr->n_sms > 1)
        fprintf(out, "; %lld blocks", (long long)kr->placed);
    if (kr->placed) {
        fmt_time(kr->start_ns, t0, sizeof t0);
        fprintf(out, "; start %s", t0);
        if (kr->finish_ns >= 0) {
            fmt_time(kr->finish_ns, t1, sizeof t1);
            fprintf(out, ", finish %s", t1);
        } else if (kr->block_time_ns == 0) {
            fputs(", never finishes (no block-time)", out);
        }
    }
    if (kr->placed < kr->blocks)
        fprintf(out, "; %lld of %lld blocks waiting (they fit nowhere)",
                (long long)(kr->blocks - kr->placed), (long long)kr->blocks);
    fputc('\n', out);
}

int placement_report_text(const placement_report *r, FILE *out, int verbosity)
{
    const psim_result *res = r->res;
    const rt_scenario *sc = &r->ts->scenarios[res->scenario];
    char t[40];
    if (verbosity < 0)
        return ferror(out) ? -1 : 0;
    fprintf(out, "rtgpu-simulate %s: block placement of scenario \"%s\" (%s), most-room policy "
                 "with leftover head-of-line (docs/concurrency.md sec. 8)\n",
            r->tool_version, sc->name, r->ts->path);
    fprintf(out, "GPU: %s, %lld SMs, placement order %s\n", r->gpu->name, (long long)r->gpu->sms,
            rt_placement_order_name(r->gpu->placement_order));
    fmt_time(res->end_ns, t, sizeof t);
    fprintf(out, "%zu kernel%s, %lld blocks, %lld waiting; last event at %s\n", res->n_kernels,
            res->n_kernels == 1 ? "" : "s", (long long)res->total_blocks, (long long)res->waiting,
            t);
    for (size_t k = 0; k < res->n_kernels; k++)
        kernel_line(r, k, out);
    if (verbosity > 0) {
        fputs("blocks (in the order they were placed):\n", out);
        for (size_t b = 0; b < res->n_blocks; b++) {
            const psim_block *bl = &res->blocks[b];
            char t0[40], t1[40];
            fmt_time(bl->start_ns, t0, sizeof t0);
            if (bl->end_ns >= 0)
                fmt_time(bl->end_ns, t1, sizeof t1);
            else
                strcpy(t1, "never");
            fprintf(out, "  %s block %lld: SM %zu (room %lld), %s to %s\n", kname(r, bl->kernel),
                    (long long)bl->block, bl->sm, (long long)bl->room, t0, t1);
        }
    }
    return ferror(out) ? -1 : 0;
}

static json_t *jtime(int64_t ns)
{
    return ns < 0 ? json_null() : json_integer((json_int_t)ns);
}

static int put_json(json_t *v, FILE *out)
{
    char *s = v ? json_dumps(v, DUMP_FLAGS) : NULL;
    int rc = s && fputs(s, out) != EOF ? 0 : -1;
    free(s);
    json_decref(v);
    return rc;
}

static json_t *j_kernel(const placement_report *r, size_t k)
{
    const psim_kernel *kr = &r->res->kernels[k];
    json_t *sms = json_array(), *co = json_array();
    for (size_t i = 0; sms && i < kr->n_sms; i++)
        json_array_append_new(sms, json_integer((json_int_t)kr->sms[i]));
    for (size_t j = 0; co && j < kr->n_colocated; j++)
        json_array_append_new(co, json_string(kname(r, kr->colocated[j])));
    return json_pack("{s:s,s:I,s:I,s:I,s:I,s:o,s:o,s:o,s:o,s:o}", "kernel", kname(r, k),
                     "submitted_ns", (json_int_t)kr->at_ns, "blocks", (json_int_t)kr->blocks,
                     "placed", (json_int_t)kr->placed, "active_blocks",
                     (json_int_t)kr->active_blocks, "block_time_ns",
                     kr->block_time_ns ? json_integer((json_int_t)kr->block_time_ns) : json_null(),
                     "start_ns", jtime(kr->start_ns), "finish_ns", jtime(kr->finish_ns), "sms",
                     sms, "colocated_with", co);
}

int placement_report_json(const placement_report *r, FILE *out)
{
    const psim_result *res = r->res;
    json_t *head = json_pack("{s:i,s:{s:s,s:s}}", "schema", 1, "tool", "name", "rtgpu-simulate",
                             "version", r->tool_version);
    json_t *sc = json_pack("{s:s,s:I,s:s,s:I,s:I,s:I}", "scenario",
                           r->ts->scenarios[res->scenario].name, "sms", (json_int_t)res->n_sms,
                           "placement_order", rt_placement_order_name(r->gpu->placement_order),
                           "total_blocks", (json_int_t)res->total_blocks, "waiting",
                           (json_int_t)res->waiting, "end_ns", (json_int_t)res->end_ns);
    char *hs = head ? json_dumps(head, DUMP_FLAGS) : NULL;
    char *ss = sc ? json_dumps(sc, DUMP_FLAGS) : NULL;
    json_decref(head);
    json_decref(sc);
    int rc = -1;
    if (!hs || !ss)
        goto done;
    /* both objects without their closing brace: the arrays follow */
    hs[strlen(hs) - 1] = '\0';
    ss[strlen(ss) - 1] = '\0';
    if (fprintf(out, "%s,\"placement\":[%s,\"blocks\":[", hs, ss) < 0)
        goto done;
    for (size_t b = 0; b < res->n_blocks; b++) {
        const psim_block *bl = &res->blocks[b];
        json_t *o = json_pack("{s:s,s:I,s:I,s:I,s:I,s:o}", "kernel", kname(r, bl->kernel),
                              "block", (json_int_t)bl->block, "sm", (json_int_t)bl->sm, "room",
                              (json_int_t)bl->room, "start_ns", (json_int_t)bl->start_ns,
                              "end_ns", jtime(bl->end_ns));
        if ((b && fputc(',', out) == EOF) || put_json(o, out) != 0)
            goto done;
    }
    if (fputs("],\"kernels\":[", out) == EOF)
        goto done;
    for (size_t k = 0; k < res->n_kernels; k++)
        if ((k && fputc(',', out) == EOF) || put_json(j_kernel(r, k), out) != 0)
            goto done;
    rc = fputs("]}]}\n", out) == EOF ? -1 : 0;
done:
    free(ss);
    free(hs);
    return rc;
}

/* placement_report: text and JSON of a placement simulation. The JSON is streamed through jw
 * (compact, one line), so 10^6 blocks need no tree in memory. */
#include "report/placement_report.h"

#include <stdio.h>
#include <string.h>

#include "util/fmt.h"
#include "util/jw.h"
#include "report/report.h"
#include "report/report_json.h"
#include "util/textesc.h"

static const char *kname(const placement_report *r, size_t k)
{
    return r->ts->kernels[r->res->kernels[k].kernel].name;
}

void placement_report_fmt_sms(const psim_kernel *k, char *buf, size_t size)
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
    fmt_ns(ns, buf, size);
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
        placement_report_fmt_sms(kr, sms, sizeof sms);
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
    fprintf(out, "rtgpu-simulate %s: block placement of scenario \"%s\" (", r->tool_version,
            sc->name);
    rt_textesc_fputs(r->ts->path, out);   /* a path may hold any byte (docs/formats.md) */
    fprintf(out, "), most-room policy with leftover head-of-line (docs/concurrency.md sec. 8)\n");
    fprintf(out, "GPU: %s, %lld SMs, placement order %s\n", r->gpu->name, (long long)r->gpu->sms,
            rt_gpu_placement_order_name(r->gpu->placement_order));
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

/* A time in ns, or null for "never" (negative). */
static void kjtime(jw *w, const char *key, int64_t ns)
{
    if (ns < 0)
        jw_knull(w, key);
    else
        jw_kint(w, key, ns);
}

static void j_kernel(jw *w, const placement_report *r, size_t k)
{
    const psim_kernel *kr = &r->res->kernels[k];
    jw_object_begin(w);
    jw_kstr(w, "kernel", kname(r, k));
    jw_kint(w, "submitted_ns", kr->at_ns);
    jw_kint(w, "blocks", kr->blocks);
    jw_kint(w, "placed", kr->placed);
    jw_kint(w, "active_blocks", kr->active_blocks);
    if (kr->block_time_ns)
        jw_kint(w, "block_time_ns", kr->block_time_ns);
    else
        jw_knull(w, "block_time_ns");
    kjtime(w, "start_ns", kr->start_ns);
    kjtime(w, "finish_ns", kr->finish_ns);
    jw_key(w, "sms");
    jw_array_begin(w);
    for (size_t i = 0; i < kr->n_sms; i++)
        jw_int(w, (int64_t)kr->sms[i]);
    jw_array_end(w);
    jw_key(w, "colocated_with");
    jw_array_begin(w);
    for (size_t j = 0; j < kr->n_colocated; j++)
        jw_str(w, kname(r, kr->colocated[j]));
    jw_array_end(w);
    jw_object_end(w);
}

int placement_report_json(const placement_report *r, FILE *out)
{
    const psim_result *res = r->res;
    jw w;
    jw_init(&w, out, 0);
    jw_object_begin(&w);
    report_json_tool(&w, 1, "rtgpu-simulate", r->tool_version);
    jw_key(&w, "placement");
    jw_array_begin(&w);
    jw_object_begin(&w);
    jw_kstr(&w, "scenario", r->ts->scenarios[res->scenario].name);
    jw_kint(&w, "sms", (int64_t)res->n_sms);
    jw_kstr(&w, "placement_order", rt_gpu_placement_order_name(r->gpu->placement_order));
    jw_kint(&w, "total_blocks", res->total_blocks);
    jw_kint(&w, "waiting", res->waiting);
    jw_kint(&w, "end_ns", res->end_ns);
    jw_key(&w, "blocks");
    jw_array_begin(&w);
    for (size_t b = 0; b < res->n_blocks && !w.failed; b++) {
        const psim_block *bl = &res->blocks[b];
        jw_object_begin(&w);
        jw_kstr(&w, "kernel", kname(r, bl->kernel));
        jw_kint(&w, "block", bl->block);
        jw_kint(&w, "sm", (int64_t)bl->sm);
        jw_kint(&w, "room", bl->room);
        jw_kint(&w, "start_ns", bl->start_ns);
        kjtime(&w, "end_ns", bl->end_ns);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    jw_key(&w, "kernels");
    jw_array_begin(&w);
    for (size_t k = 0; k < res->n_kernels; k++)
        j_kernel(&w, r, k);
    jw_array_end(&w);
    jw_object_end(&w);
    jw_array_end(&w);
    jw_object_end(&w);
    if (jw_finish(&w) != 0 || fputc('\n', out) == EOF)
        return -1;
    return ferror(out) ? -1 : 0;
}

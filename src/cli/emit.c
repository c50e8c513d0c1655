/* emit: the deployable forms of the analysed layout (docs/evidence.md sec. 4), the launch lines
 * and the MAST model of a whole system (docs/system.md sec. 6). Every check and
 * every rendering happens in memory first; the files are opened only when all of them succeeded,
 * and handed to the run's outputs, which commit them with the report (cli/outputs.h), so an
 * illegal layout or a report that cannot be written leaves no output behind. */
#include "cli/emit.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/deploy.h"
#include "analysis/sysdeploy.h"
#include "report/deploy_write.h"
#include "report/mast_write.h"
#include "taskset/taskset_write.h"
#include "util/memstream.h"

static const char *const format_names[] = {
    [CLI_EMIT_JSON] = "json", [CLI_EMIT_LIBSMCTRL] = "libsmctrl",
    [CLI_EMIT_NVTASKSET] = "nvtaskset", [CLI_EMIT_GREEN_CONTEXTS] = "green-contexts",
};

/* Can the asked format express d? Prints one error per problem; returns 0 or 2. */
static int check_legal(const cli_run *r, const rt_deploy *d, cli_emit_format f)
{
    const char *prog = cli_pipeline_prog(r->args.cmd), *fmt = format_names[f];
    if ((f == CLI_EMIT_LIBSMCTRL || f == CLI_EMIT_NVTASKSET) && d->tpcs > RT_DEPLOY_MAX_TPCS) {
        fprintf(stderr, "%s: error: --emit-partitions %s: the GPU has %" PRId64 " TPCs, more "
                        "than the %d a libsmctrl mask holds; nothing written\n",
                prog, fmt, d->tpcs, RT_DEPLOY_MAX_TPCS);
        return 2;
    }
    if (f != CLI_EMIT_GREEN_CONTEXTS)
        return 0;
    if (!d->has_gc_rule) {
        fprintf(stderr, "%s: error: --emit-partitions green-contexts needs the GPU's compute "
                        "capability (the legal SM counts depend on it): add compute-capability="
                        "\"X.Y\" (one of 7.0, 7.2, 7.5, 8.0, 8.6, 8.7, 8.9, 9.0) to the <sm> "
                        "element of %s; nothing written\n", prog, cli_args_shown(r->gpu->path));
        return 2;
    }
    int rc = 0;
    for (size_t i = 0; i < d->n_parts; i++) {
        const rt_deploy_part *p = &d->parts[i];
        if (p->gc_legal)
            continue;
        char near[96] = "none on this GPU";
        if (p->gc_below && p->gc_above)
            snprintf(near, sizeof near, "%" PRId64 " or %" PRId64 " SMs", p->gc_below, p->gc_above);
        else if (p->gc_below || p->gc_above)
            snprintf(near, sizeof near, "%" PRId64 " SMs", p->gc_below ? p->gc_below : p->gc_above);
        fprintf(stderr, "%s: error: --emit-partitions green-contexts: partition \"%s\" has %" PRId64
                        " SMs, which CUDA green contexts cannot create on compute capability %d.%d "
                        "(at least %" PRId64 " SMs and a multiple of %" PRId64 "); nearest legal "
                        "sizes: %s; nothing written%s\n",
                prog, p->name, p->sms, d->compute_capability / 10, d->compute_capability % 10,
                d->gc.min_sms, d->gc.step_sms, near,
                r->searched && r->args.opt.deploy != RT_DEPLOY_GREEN_CONTEXTS
                    ? " (search with --deploy green-contexts for sizes green contexts can create)"
                    : "");
        rc = 2;
    }
    return rc;
}

/* Render the asked --emit-partitions format into *buf. 0, or -1 (out of memory). */
static int render_partitions(const rt_deploy *d, const rt_deploy_info *info, cli_emit_format f,
                             char **buf, size_t *len)
{
    FILE *mem = rt_memstream_open(buf, len);
    if (!mem)
        return -1;
    int rc = f == CLI_EMIT_JSON        ? deploy_write_json(d, info, mem)
           : f == CLI_EMIT_LIBSMCTRL   ? deploy_write_libsmctrl(d, info, mem)
           : f == CLI_EMIT_NVTASKSET   ? deploy_write_nvtaskset(d, info, mem)
                                       : deploy_write_green_contexts(d, info, mem);
    if (ferror(mem))   /* a write the buffer could not hold: never emit a cut-off file */
        rc = -1;
    if (fclose(mem) != 0 || rc != 0) {
        free(*buf);
        *buf = NULL;
        return -1;
    }
    return 0;
}

/* The task set with the layout written in. 0, 2 (printed) or 3 (out of memory). */
static int render_taskset(cli_run *r, const rt_deploy *d, char **buf, size_t *len)
{
    rt_partition_out *parts = calloc(d->n_parts ? d->n_parts : 1, sizeof *parts);
    if (!parts) {
        cli_pipeline_oom(r);
        return 3;
    }
    for (size_t p = 0; p < d->n_parts; p++)
        parts[p] = (rt_partition_out){ d->parts[p].name, d->parts[p].first_sm, d->parts[p].sms,
                                       d->parts[p].tasks, d->parts[p].n_tasks };
    char note[200];
    snprintf(note, sizeof note, " Partitions written by rtgpu-analyze %s: the analysed layout (%s), "
                                "every priority explicit. Analysing this file again checks exactly "
                                "this design. ", RTGPU_VERSION,
             r->searched ? "found by the search" : "as given");
    rt_diags *d2 = rt_diag_new(50);
    int rc = 3;
    if (d2) {
        rc = rt_taskset_write_layout(r->ts, r->layout->task_prio, parts, d->n_parts, note, buf,
                                     len, d2) == 0 ? 0 : 2;
        if (rc)
            rt_diag_print(d2, stderr);
        rt_diag_free(d2);
    } else {
        cli_pipeline_oom(r);
    }
    free(parts);
    return rc;
}

/* Close the memory stream mem that a writer returned rc for: 0 with *buf complete, or -1 (a
 * write the buffer could not hold, or out of memory) with *buf freed. */
static int mem_close(FILE *mem, int rc, char **buf)
{
    if (ferror(mem))
        rc = -1;
    if (fclose(mem) != 0 || rc != 0) {
        free(*buf);
        *buf = NULL;
        return -1;
    }
    return 0;
}

/* Is some task of the layout on a partition (so the launch lines name TPC ranges)? */
static bool any_gpu_task(const rt_layout *l)
{
    for (size_t i = 0; i < l->n_tasks; i++)
        if (l->task_part[i] < l->n_parts)
            return true;
    return false;
}

/* --emit-launch into *buf. 0, 2 (printed: too many priority levels, or TPCs) or 3. */
static int render_launch(const cli_run *r, const rt_system *s, const rt_deploy *d,
                         const rt_deploy_info *info, char **buf, size_t *len)
{
    const char *prog = cli_pipeline_prog(r->args.cmd);
    if (any_gpu_task(r->layout) && d->tpcs > RT_DEPLOY_MAX_TPCS) {
        fprintf(stderr, "%s: error: --emit-launch: the GPU has %" PRId64 " TPCs, more than the "
                        "%d an nvtaskset range holds; nothing written\n",
                prog, d->tpcs, RT_DEPLOY_MAX_TPCS);
        return 2;
    }
    rt_launch_plan plan;
    int rc = rt_sysdeploy_launch_plan(&s->sys, &plan);
    if (rc == SYSDEPLOY_ELEVELS) {
        fprintf(stderr, "%s: error: --emit-launch: the CPU steps have %zu distinct priority "
                        "numbers, more than the %d SCHED_FIFO levels (%d down to 1) the launch "
                        "lines rank them into; nothing written (give CPU steps that may share "
                        "a level the same priority)\n",
                prog, plan.n_levels, RT_FIFO_TOP, RT_FIFO_TOP);
        return 2;
    }
    FILE *mem = rc == SYSDEPLOY_OK ? rt_memstream_open(buf, len) : NULL;
    if (mem)
        rc = mem_close(mem, deploy_write_launch(d, info, r->layout, &plan, mem), buf);
    rt_sysdeploy_launch_plan_fini(&plan);
    if (!mem || rc != 0) {
        cli_pipeline_oom(r);
        return 3;
    }
    return 0;
}

/* --emit-mast into *buf. 0, 2 (printed: too many priority levels, or a time MAST would read
 * inexactly) or 3. */
static int render_mast(const cli_run *r, const rt_system *s, const rt_deploy *d,
                       const rt_deploy_info *info, char **buf, size_t *len)
{
    int *prio = malloc((s->n_steps ? s->n_steps : 1) * sizeof *prio);
    size_t n_levels = 0;
    int rc = prio ? rt_sysdeploy_mast_priorities(&s->sys, prio, &n_levels) : SYSDEPLOY_ENOMEM;
    if (rc == SYSDEPLOY_ELEVELS) {
        fprintf(stderr, "%s: error: --emit-mast: the steps have %zu distinct priority numbers, "
                        "more than the %d priorities of MAST; nothing written\n",
                cli_pipeline_prog(r->args.cmd), n_levels, RT_MAST_TOP);
        free(prio);
        return 2;
    }
    size_t task;
    const char *what;
    int64_t ns;
    if (rc == SYSDEPLOY_OK && rt_sysdeploy_mast_inexact(&s->sys, &task, &what, &ns)) {
        const rt_task *t = &r->ts->tasks[task];
        fprintf(stderr, "%s:%ld: error: task \"%s\": %s is %" PRId64 " ns, above 2^53 ns "
                        "(104 days), beyond which MAST, reading a real number, is inexact; "
                        "--emit-mast writes nothing\n",
                cli_args_shown(r->ts->path), t->line, cli_args_shown(t->name), what, ns);
        free(prio);
        return 2;
    }
    FILE *mem = rc == SYSDEPLOY_OK ? rt_memstream_open(buf, len) : NULL;
    if (mem)
        rc = mem_close(mem, mast_write(s, prio, n_levels, r->layout, &r->eval, d, info, mem), buf);
    free(prio);
    if (!mem || rc != 0) {
        cli_pipeline_oom(r);
        return 3;
    }
    return 0;
}

/* --emit-launch and --emit-mast: the analysed system's flows, or (a task set of GPU steps alone)
 * each task as one flow of one GPU step, built here from the analysed launch WCETs. */
static int render_system(const cli_run *r, const rt_deploy *d, const rt_deploy_info *info,
                         char **lbuf, size_t *llen, char **mbuf, size_t *mlen)
{
    rt_system own;
    memset(&own, 0, sizeof own);
    const rt_system *s = r->eval.system;
    if (!s) {
        size_t bad_task = 0, bad_run = 0;
        int b = rt_system_build(r->gpu, r->ts, r->layout, &r->eval.wcet,
                                r->args.opt.gpu_kernel_preemption, &own, &bad_task, &bad_run);
        if (b == SYS_ENOMEM) {
            cli_pipeline_oom(r);
            return 3;
        }
        if (b != SYS_OK) {
            const rt_task *t = &r->ts->tasks[bad_task];
            fprintf(stderr, "%s:%ld: error: task \"%s\": %s; --emit-launch and --emit-mast "
                            "write nothing\n", cli_args_shown(r->ts->path),
                    b == SYS_EBCET && bad_run < t->n_runs ? t->run_lines[bad_run] : t->line,
                    cli_args_shown(t->name),
                    b == SYS_EBCET ? "the bcet of this run exceeds its WCET on its partition (a "
                                     "best case must be a lower bound of every execution)"
                                   : "a step's WCET does not fit in 64 bits");
            return 2;
        }
        s = &own;
    }
    int rc = 0;
    if (r->args.emit_launch_path)
        rc = render_launch(r, s, d, info, lbuf, llen);
    if (!rc && r->args.emit_mast_path)
        rc = render_mast(r, s, d, info, mbuf, mlen);
    rt_system_fini(&own);
    return rc;
}

/* The outputs asked for, for the message when no layout exists: "-O is", "-O and --emit-mast
 * are", "-O, --emit-launch and --emit-mast are". */
static void asked_outputs(const cli_args *a, char *buf, size_t size)
{
    const char *names[4];
    size_t n = 0;
    if (a->emit_partitions)
        names[n++] = "-O";
    if (a->emit_taskset_path)
        names[n++] = "--emit-taskset";
    if (a->emit_launch_path)
        names[n++] = "--emit-launch";
    if (a->emit_mast_path)
        names[n++] = "--emit-mast";
    buf[0] = '\0';
    for (size_t k = 0; k < n; k++) {
        size_t at = strlen(buf);
        snprintf(buf + at, size - at, "%s%s", k == 0 ? "" : k + 1 == n ? " and " : ", ", names[k]);
    }
    size_t at = strlen(buf);
    snprintf(buf + at, size - at, " %s", n > 1 ? "are" : "is");
}

/* Open path among the run's outputs and write buf into it, not yet committed. 0, or 2 (printed). */
static int write_file(cli_outputs *outs, const char *what, const char *path, const char *buf,
                      size_t len)
{
    FILE *f = cli_outputs_open(outs, what, path);
    if (!f)
        return 2;
    if (len && fwrite(buf, 1, len, f) != len)
        return cli_outputs_error(outs, what, path, errno);
    return 0;
}

int cli_emit(cli_run *r, int verdict, cli_outputs *outs)
{
    const cli_args *a = &r->args;
    if (a->emit_partitions == CLI_EMIT_NONE && !a->emit_taskset_path && !a->emit_launch_path &&
        !a->emit_mast_path)
        return 0;
    const char *prog = cli_pipeline_prog(a->cmd);
    if (!r->layout || !r->have_eval) {
        char asked[96];
        asked_outputs(a, asked, sizeof asked);
        fprintf(stderr, "%s: error: no layout to emit: the search found no schedulable layout, so %s "
                        "not written\n", prog, asked);
        return 0;
    }
    rt_deploy d;
    size_t bad = 0;
    rt_deploy_status st = rt_deploy_compute(r->layout, r->gpu, &d, &bad);
    char words[300];
    const char *chains_failing =
        verdict != 0 && r->have_eval && r->eval.decided && r->eval.n_misses == 0 &&
                chain_failing_words(r->ts, r->chains, words, sizeof words) > 0
            ? words
            : NULL;
    int rc = 0;
    char *pbuf = NULL, *tbuf = NULL, *lbuf = NULL, *mbuf = NULL;
    size_t plen = 0, tlen = 0, llen = 0, mlen = 0;
    if (st == DEPLOY_ENOMEM) {
        cli_pipeline_oom(r);
        rc = 3;
    } else if (st == DEPLOY_EUNALIGNED) {
        fprintf(stderr, "%s: error: partition \"%s\" (first SM %" PRId64 ", %" PRId64 " SMs) is "
                        "not aligned on TPCs of %" PRId64 " SMs inside the GPU; nothing written\n",
                prog, r->layout->part_name[bad], r->layout->part_first_sm[bad],
                r->layout->part_sms[bad], d.granularity);
        rc = 2;
    } else if (a->emit_partitions) {
        rc = check_legal(r, &d, a->emit_partitions);
        rt_deploy_info info = { r->ts, r->gpu, RTGPU_VERSION, r->searched, verdict == 0,
                                chains_failing };
        if (!rc && render_partitions(&d, &info, a->emit_partitions, &pbuf, &plen) != 0) {
            cli_pipeline_oom(r);
            rc = 3;
        }
    }
    if (!rc && a->emit_taskset_path)
        rc = render_taskset(r, &d, &tbuf, &tlen);
    rt_deploy_info sinfo = { r->ts, r->gpu, RTGPU_VERSION, r->searched, verdict == 0,
                             chains_failing };
    if (!rc && (a->emit_launch_path || a->emit_mast_path))
        rc = render_system(r, &d, &sinfo, &lbuf, &llen, &mbuf, &mlen);
    if (!rc && pbuf)
        rc = write_file(outs, "the partitions", a->emit_partitions_path, pbuf, plen);
    if (!rc && tbuf)
        rc = write_file(outs, "the task set", a->emit_taskset_path, tbuf, tlen);
    if (!rc && lbuf)
        rc = write_file(outs, "the launch lines", a->emit_launch_path, lbuf, llen);
    if (!rc && mbuf)
        rc = write_file(outs, "the MAST model", a->emit_mast_path, mbuf, mlen);
    if (!rc && a->opt.verbosity >= 0) {
        if (chains_failing)
            fprintf(stderr, "%s: warning: the layout written meets every deadline, but not its "
                            "chains' requirements: %s\n", prog, chains_failing);
        else if (verdict != 0)
            fprintf(stderr, "%s: warning: the layout written misses deadlines: the analysis "
                            "finds it not schedulable\n", prog);
        if (pbuf && d.compute_capability >= 90 &&
            (a->emit_partitions == CLI_EMIT_LIBSMCTRL || a->emit_partitions == CLI_EMIT_NVTASKSET))
            fprintf(stderr, "%s: warning: on compute capability 9.0, libsmctrl's mask bits may "
                            "index on-chip TPCs (floorswept ones included) rather than the TPC "
                            "numbers written to %s: check the mapping on the target (libsmctrl "
                            "README, Known Issues)\n", prog, a->emit_partitions_path);
        if (lbuf && d.compute_capability >= 90 && any_gpu_task(r->layout))
            fprintf(stderr, "%s: warning: on compute capability 9.0, nvtaskset's TPC numbers "
                            "may index on-chip TPCs (floorswept ones included) rather than the "
                            "TPC numbers written to %s: check the mapping on the target "
                            "(libsmctrl README, Known Issues)\n", prog, a->emit_launch_path);
    }
    free(mbuf);
    free(lbuf);
    free(tbuf);
    free(pbuf);
    rt_deploy_fini(&d);
    return rc;
}

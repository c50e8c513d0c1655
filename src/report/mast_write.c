/* mast_write: the MAST 1.7 text model of an analysed whole system (docs/system.md sec. 6).
 *
 * MAST's grammar (github: istr-uc/MAST, mast_analysis/mast_parser.y and mast_lex.l): identifiers
 * are [a-z][a-z0-9_.]*, comments run from "--" to the end of the line, a whole number must fit a
 * 32-bit Integer, so every time is written as a real number ("1500000.0"), which MAST reads into
 * a 15-digit float: exact for every whole number of ns below 2^53. Each identifier is a kind, the
 * object's 1-based index and its name reduced to [a-z0-9_], so two names never collide; the
 * original names are in the comments, quoted and escaped for a one-line comment. */
#include "report/mast_write.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define NAME_KEEP 24   /* characters of a user's name kept in an identifier */

/* "_" and name lowered to [a-z0-9_], at most NAME_KEEP characters. */
static void put_ident_tail(FILE *out, const char *name)
{
    fputc('_', out);
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)name; *c && n < NAME_KEEP; c++, n++) {
        unsigned char x = *c;
        if (x >= 'A' && x <= 'Z')
            x = (unsigned char)(x - 'A' + 'a');
        fputc((x >= 'a' && x <= 'z') || (x >= '0' && x <= '9') ? x : '_', out);
    }
}

/* The identifier of resource r: core_N (N its position among the cores), engineK_NAME or
 * partitionK_NAME (K its 1-based position among its kind). */
static void put_res_ident(FILE *out, const hol_system *sys, const char *const *res_names, size_t r)
{
    hol_res_kind kind = sys->resources[r].kind;
    size_t k = 0;
    for (size_t x = 0; x < r; x++)
        k += sys->resources[x].kind == kind;
    if (kind == HOL_CPU_CORE) {
        fprintf(out, "core_%zu", k);
        return;
    }
    fprintf(out, "%s%zu", kind == HOL_COPY_ENGINE ? "engine" : "partition", k + 1);
    put_ident_tail(out, res_names[r]);
}

/* A name in a comment: quoted, control bytes escaped (names hold none; paths may). */
static void put_comment_name(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 0x20 || *c == 0x7f)
            fprintf(out, "\\%03o", *c);
        else
            fputc(*c, out);
    fputc('"', out);
}

static void put_time(FILE *out, int64_t ns)
{
    fprintf(out, "%" PRId64 ".0", ns);
}

static bool serves_a_step(const hol_system *sys, size_t r)
{
    for (size_t k = 0; k < sys->n_steps; k++)
        if (sys->steps[k].resource == r)
            return true;
    return false;
}

static void put_resources(FILE *out, const hol_system *sys, size_t n_levels,
                          const char *const *res_names)
{
    for (size_t r = 0; r < sys->n_resources; r++) {
        if (!serves_a_step(sys, r))
            continue;
        const hol_resource *x = &sys->resources[r];
        fputs("-- ", out);
        fputs(x->kind == HOL_CPU_CORE ? "CPU " : x->kind == HOL_COPY_ENGINE ? "copy engine "
                                                                             : "partition ", out);
        put_comment_name(out, res_names[r]);
        fputs(x->kind == HOL_CPU_CORE ? ": preemptive fixed priorities\n"
              : x->fifo ? ": non-preemptive, fifo (its steps share one priority)\n"
                        : ": non-preemptive fixed priorities\n", out);
        fputs("Processing_Resource (\n   Type                   => Regular_Processor,\n"
              "   Name                   => ", out);
        put_res_ident(out, sys, res_names, r);
        fputs(",\n   Worst_ISR_Switch       => 0.0,\n   Avg_ISR_Switch         => 0.0,\n"
              "   Best_ISR_Switch        => 0.0,\n   Speed_Factor           => 1.0);\n\n"
              "Scheduler (\n   Type            => Primary_Scheduler,\n   Name            => sched_",
              out);
        put_res_ident(out, sys, res_names, r);
        fputs(",\n   Host            => ", out);
        put_res_ident(out, sys, res_names, r);
        fprintf(out, ",\n   Policy          =>\n      ( Type                 => Fixed_Priority,\n"
                     "        Worst_Context_Switch => 0.0,\n        Avg_Context_Switch   => 0.0,\n"
                     "        Best_Context_Switch  => 0.0,\n        Max_Priority         => %zu,\n"
                     "        Min_Priority         => 1));\n\n", n_levels ? n_levels : 1);
    }
}

/* The operation and the scheduling server of step k (the n-th of task i, 1-based). */
static void put_step(FILE *out, const hol_system *sys, const int *prio,
                     const char *const *task_names, const char *const *res_names, size_t i,
                     size_t n, size_t k)
{
    const hol_step *h = &sys->steps[k];
    hol_res_kind kind = sys->resources[h->resource].kind;
    fputs("-- task ", out);
    put_comment_name(out, task_names[i]);
    fprintf(out, ", step %zu: %s on ", n,
            kind == HOL_CPU_CORE ? "cpu" : kind == HOL_COPY_ENGINE ? "copy" : "gpu");
    put_comment_name(out, res_names[h->resource]);
    fprintf(out, ", priority %" PRId64 "\n", h->priority);
    fprintf(out, "Operation (\n   Type                      => Simple,\n"
                 "   Name                      => op_t%zu_s%zu,\n"
                 "   Worst_Case_Execution_Time => ", i + 1, n);
    put_time(out, h->wcet_ns);
    fputs(",\n   Best_Case_Execution_Time  => ", out);
    put_time(out, h->bcet_ns);
    fprintf(out, ");\n\nScheduling_Server (\n   Type                    => Regular,\n"
                 "   Name                    => ss_t%zu_s%zu,\n"
                 "   Server_Sched_Parameters =>\n      ( Type         => %s,\n"
                 "        The_Priority => %d,\n        Preassigned  => YES),\n"
                 "   Scheduler               => sched_", i + 1, n,
            kind == HOL_CPU_CORE ? "Fixed_Priority_Policy" : "Non_Preemptible_FP_Policy",
            prio[k]);
    put_res_ident(out, sys, res_names, h->resource);
    fputs(");\n\n", out);
}

static void put_transaction(FILE *out, const hol_system *sys, const char *const *task_names,
                            const char *const *notes, size_t i)
{
    const hol_task *t = &sys->tasks[i];
    fputs("-- task ", out);
    put_comment_name(out, task_names[i]);
    fputs(": its jobs pass its steps in order; the deadline is end to end\n", out);
    if (notes && notes[i])
        fprintf(out, "-- %s\n", notes[i]);
    fprintf(out, "Transaction (\n   Type            => Regular,\n   Name            => t%zu",
            i + 1);
    put_ident_tail(out, task_names[i]);
    fprintf(out, ",\n   External_Events =>\n      ( ( Type       => Periodic,\n"
                 "          Name       => e_t%zu_release,\n          Period     => ", i + 1);
    put_time(out, t->period_ns);
    fputs(",\n          Max_Jitter => ", out);
    put_time(out, t->jitter_ns);
    fputs(",\n          Phase      => 0.0)),\n   Internal_Events =>\n      ( ", out);
    for (size_t n = 1; n <= t->n_steps; n++) {
        fprintf(out, "%s( Type => Regular,\n          Name => e_t%zu_s%zu",
                n > 1 ? ",\n        " : "", i + 1, n);
        if (n == t->n_steps) {
            fputs(",\n          Timing_Requirements =>\n            ( Type             => "
                  "Hard_Global_Deadline,\n              Deadline         => ", out);
            put_time(out, t->deadline_ns);
            fprintf(out, ",\n              Referenced_Event => e_t%zu_release)", i + 1);
        }
        fputc(')', out);
    }
    fputs("),\n   Event_Handlers  =>\n      ( ", out);
    for (size_t n = 1; n <= t->n_steps; n++) {
        fprintf(out, "%s(Type               => Activity,\n", n > 1 ? ",\n        " : "");
        if (n == 1)
            fprintf(out, "         Input_Event        => e_t%zu_release,\n", i + 1);
        else
            fprintf(out, "         Input_Event        => e_t%zu_s%zu,\n", i + 1, n - 1);
        fprintf(out, "         Output_Event       => e_t%zu_s%zu,\n"
                     "         Activity_Operation => op_t%zu_s%zu,\n"
                     "         Activity_Server    => ss_t%zu_s%zu)", i + 1, n, i + 1, n, i + 1, n);
    }
    fputs("));\n\n", out);
}

int mast_write_model(const hol_system *sys, const int *prio, size_t n_levels,
                     const char *const *task_names, const char *const *res_names,
                     const char *const *notes, FILE *out)
{
    put_resources(out, sys, n_levels, res_names);
    for (size_t i = 0; i < sys->n_tasks; i++) {
        const hol_task *t = &sys->tasks[i];
        for (size_t n = 1; n <= t->n_steps; n++)
            put_step(out, sys, prio, task_names, res_names, i, n, t->first_step + n - 1);
        put_transaction(out, sys, task_names, notes, i);
    }
    return ferror(out) ? -1 : 0;
}

/* rtgpu's end-to-end figure of task i, for the line above its transaction. */
static void rtgpu_note(const rt_eval *e, size_t i, int64_t deadline_ns, char *buf, size_t size)
{
    const rta_result *r = e && i < e->n_tasks ? &e->rta[i] : NULL;
    if (r && r->status == RTA_BOUNDED)
        snprintf(buf, size, "rtgpu: R = %" PRId64 " ns end to end, D = %" PRId64 " ns: %s",
                 r->wcrt_ns, deadline_ns, r->schedulable ? "meets its deadline" : "MISSES it");
    else if (r && r->status == RTA_BUDGET)
        snprintf(buf, size, "rtgpu: R undecided (work budget exhausted), D = %" PRId64 " ns",
                 deadline_ns);
    else
        snprintf(buf, size, "rtgpu: R unbounded, D = %" PRId64 " ns: MISSES it", deadline_ns);
}

enum { NOTE_SIZE = 120, RES_NAME_SIZE = 32 };

int mast_write(const rt_system *s, const int *prio, size_t n_levels, const rt_layout *l,
               const rt_eval *e, const rt_deploy *d, const rt_deploy_info *info, FILE *out)
{
    size_t nt = s->sys.n_tasks, nr = s->sys.n_resources;
    const char **task_names = calloc(nt ? nt : 1, sizeof *task_names);
    const char **notes = calloc(nt ? nt : 1, sizeof *notes);
    const char **res_names = calloc(nr ? nr : 1, sizeof *res_names);
    char *note_buf = calloc(nt ? nt : 1, NOTE_SIZE);
    char *core_buf = calloc(nr ? nr : 1, RES_NAME_SIZE);
    int rc = -2;
    if (!task_names || !notes || !res_names || !note_buf || !core_buf)
        goto done;
    for (size_t i = 0; i < nt; i++) {
        task_names[i] = info->ts->tasks[i].name;
        rtgpu_note(e, i, s->tasks[i].deadline_ns, note_buf + i * NOTE_SIZE, NOTE_SIZE);
        notes[i] = note_buf + i * NOTE_SIZE;
    }
    for (size_t r = 0; r < nr; r++)
        res_names[r] = rt_system_resource_name(s, info->gpu, l, r, core_buf + r * RES_NAME_SIZE,
                                               RES_NAME_SIZE);
    fprintf(out, "-- MAST 1.7 model of the analysed whole system, written by rtgpu-analyze %s: do "
                 "not edit.\n", info->tool_version);
    deploy_write_provenance(out, d, info, "-- ");
    fprintf(out,
            "--\n"
            "-- Time unit: 1 ns. Every time below is a whole number of nanoseconds.\n"
            "-- Analyse with: mast_analysis holistic THIS_FILE RESULTS_FILE\n"
            "-- Each CPU core is a processor whose steps run under preemptive fixed priorities;\n"
            "-- each copy engine and each partition one whose steps are non-preemptible\n"
            "-- (Non_Preemptible_FP_Policy). A fifo copy engine gives all its steps one\n"
            "-- priority: equal priorities interfere with each other and never block each other,\n"
            "-- as the analysis of a fifo engine assumes. rtgpu's priority numbers (smaller =\n"
            "-- higher) are ranked into MAST's (larger = higher): %zu levels, the highest %zu.\n"
            "-- One operation and one scheduling server per step (a GPU step: the sum of its\n"
            "-- launch WCETs as analysed), one regular transaction per task: a periodic release\n"
            "-- (period T, max jitter J), an activity per step, a hard global deadline D.\n"
            "-- MAST 1.7 leaves the best-case offset out of a non-preemptible step's response:\n"
            "-- after a step with a BCET above 0 it may report less than rtgpu's R, which\n"
            "-- simulated schedules can exceed (docs/system.md sec. 3.4).\n\n",
            n_levels, n_levels ? n_levels : 1);
    rc = mast_write_model(&s->sys, prio, n_levels, task_names, res_names, notes, out);
done:
    free(core_buf);
    free(note_buf);
    free(res_names);
    free(notes);
    free(task_names);
    return rc;
}

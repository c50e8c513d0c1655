/* deploy_write: format a computed rt_deploy as one of the four --emit-partitions files.
 *
 * Names and paths come from the user's files and command line, so every one is written quoted
 * and escaped for where it lands: a C string literal (\\, \", \?, and every byte outside printable
 * ASCII as a 3-digit octal escape), a C comment (control bytes escaped, "* /" broken so the
 * comment cannot end early), a shell comment (control bytes escaped, so no line break); the JSON
 * file is streamed by util/jw.c with jansson's escapes and layout. */
#include "report/deploy_write.h"
#include "report/report_json.h"
#include "util/jw.h"
#include "report/report.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { Q_C_STRING, Q_C_COMMENT, Q_SHELL_COMMENT } quote_ctx;

static void put_quoted(FILE *out, const char *s, quote_ctx ctx)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
        bool ctl = *c < 0x20 || *c == 0x7f;
        if (ctx == Q_C_STRING && (*c == '\\' || *c == '"' || *c == '?'))
            fprintf(out, "\\%c", *c);
        else if (ctl || (ctx == Q_C_STRING && *c >= 0x80))
            fprintf(out, "\\%03o", *c);
        else if (ctx == Q_C_COMMENT && *c == '*' && c[1] == '/')
            fputs("* ", out);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

static void sha_hex(const unsigned char *h, char out[65])
{
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", h[i]);
}

void deploy_write_mask_hex(const rt_deploy *d, rt_tpc_mask m, char out[40])
{
    if (d->wide)
        snprintf(out, 40, "0x%016" PRIx64 "%016" PRIx64, m.hi, m.lo);
    else
        snprintf(out, 40, "0x%016" PRIx64, m.lo);
}

static const char *origin(const rt_deploy_info *info)
{
    return info->searched ? "found by the search" : "as given in the task set";
}

/* The provenance lines every text form starts with, each after prefix (" * ", "# " or "-- "). */
static void put_header(FILE *out, const rt_deploy *d, const rt_deploy_info *info,
                       const char *prefix, quote_ctx ctx)
{
    char ts_sha[65], gpu_sha[65];
    sha_hex(info->ts->sha256, ts_sha);
    sha_hex(info->gpu->sha256, gpu_sha);
    fprintf(out, "%sTask set: ", prefix);
    put_quoted(out, info->ts->path, ctx);
    fprintf(out, " (sha256 %s)\n%sGPU: ", ts_sha, prefix);
    put_quoted(out, info->gpu->path, ctx);
    fprintf(out, " (sha256 %s): %" PRId64 " SMs, %" PRId64 " SMs per TPC, %" PRId64 " TPCs\n",
            gpu_sha, d->sms, d->granularity, d->tpcs);
    if (info->chains_failing)
        fprintf(out, "%sLayout: %s; the analysis finds its requirements NOT met (every deadline "
                     "holds; %s)\n", prefix, origin(info), info->chains_failing);
    else
        fprintf(out, "%sLayout: %s; the analysis finds it %s\n", prefix, origin(info),
                info->schedulable ? "schedulable" : "NOT schedulable (a deadline is missed)");
}

void deploy_write_provenance(FILE *out, const rt_deploy *d, const rt_deploy_info *info,
                             const char *prefix)
{
    put_header(out, d, info, prefix, Q_SHELL_COMMENT);
}

static void put_tasks(FILE *out, const rt_deploy_part *p, const rt_taskset *ts, quote_ctx ctx)
{
    fputs(p->n_tasks == 1 ? "task " : "tasks ", out);
    for (size_t k = 0; k < p->n_tasks; k++) {
        if (k)
            fputs(", ", out);
        put_quoted(out, ts->tasks[p->tasks[k]].name, ctx);
    }
    if (!p->n_tasks)
        fputs("none", out);
}

/* libsmctrl README, "Known Issues": on Hopper the mask bits index on-chip TPCs. */
static const char *const hopper_note[] = {
    "Compute capability 9.0: libsmctrl's README (Known Issues) says that on Hopper the mask bit",
    "indexes correspond to on-chip TPCs, floorswept ones included, not to the software-visible",
    "TPC numbers used here: check the mapping on the target before relying on these masks.",
    NULL,
};

static void put_lines(FILE *out, const char *prefix, const char *const *lines)
{
    for (size_t i = 0; lines[i]; i++)
        fprintf(out, "%s%s\n", prefix, lines[i]);
}

int deploy_write_libsmctrl(const rt_deploy *d, const rt_deploy_info *info, FILE *out)
{
    const char *fn = d->wide ? "libsmctrl_set_stream_mask_ext" : "libsmctrl_set_stream_mask";
    fprintf(out, "/* TPC masks of the analysed partitions for libsmctrl, written by rtgpu-analyze "
                 "%s: do not edit.\n", info->tool_version);
    put_header(out, d, info, " * ", Q_C_COMMENT);
    fprintf(out,
            " *\n"
            " * Each RTGPU_PARTITION_<i>_MASK is a TPC *disable* mask (libsmctrl.h, \"Notes on\n"
            " * Bitmasks\": a set bit disables that TPC): every TPC outside partition i is set.\n"
            " * %s TPCs: %d-bit masks for %s(). Use, per partition i:\n"
            " *     #include <libsmctrl.h>   (https://github.com/JoshuaJB/libsmctrl)\n"
            " *     #include \"this file\"\n"
            " *     cudaStream_t s;\n"
            " *     cudaStreamCreate(&s);\n"
            " *     %s(s, RTGPU_PARTITION_<i>_MASK);\n"
            " * then launch the kernels of partition i's tasks on s, and on no other stream.\n",
            d->wide ? "More than 64" : "At most 64", d->wide ? 128 : 64, fn, fn);
    if (d->wide)
        fputs(" * A 128-bit mask is built from its halves with libsmctrl.h's uint128_t.\n", out);
    if (d->compute_capability >= 90) {
        fputs(" *\n", out);
        put_lines(out, " * ", hopper_note);
    }
    fprintf(out, " */\n#ifndef RTGPU_PARTITIONS_H\n#define RTGPU_PARTITIONS_H\n\n"
                 "#include <stdint.h>\n\n#define RTGPU_TPCS %" PRId64 "\n#define RTGPU_PARTITIONS %zu\n",
            d->tpcs, d->n_parts);
    for (size_t i = 0; i < d->n_parts; i++) {
        const rt_deploy_part *p = &d->parts[i];
        fprintf(out, "\n/* partition %zu: SMs %" PRId64 "-%" PRId64 " (%" PRId64 " SMs), TPCs %" PRId64
                     "-%" PRId64 "; ", i, p->first_sm, p->last_sm, p->sms, p->first_tpc, p->last_tpc);
        put_tasks(out, p, info->ts, Q_C_COMMENT);
        fprintf(out, " */\n#define RTGPU_PARTITION_%zu_NAME ", i);
        put_quoted(out, p->name, Q_C_STRING);
        if (d->wide)
            fprintf(out, "\n#define RTGPU_PARTITION_%zu_MASK_HI UINT64_C(0x%016" PRIx64 ")"
                         "\n#define RTGPU_PARTITION_%zu_MASK_LO UINT64_C(0x%016" PRIx64 ")"
                         "\n#define RTGPU_PARTITION_%zu_MASK \\\n    (((uint128_t)RTGPU_PARTITION_%zu_MASK_HI"
                         " << 64) | RTGPU_PARTITION_%zu_MASK_LO)\n",
                    i, p->disable.hi, i, p->disable.lo, i, i, i);
        else
            fprintf(out, "\n#define RTGPU_PARTITION_%zu_MASK UINT64_C(0x%016" PRIx64 ")\n", i,
                    p->disable.lo);
    }
    fputs("\n#endif\n", out);
    return ferror(out) ? -1 : 0;
}

int deploy_write_nvtaskset(const rt_deploy *d, const rt_deploy_info *info, FILE *out)
{
    fprintf(out, "# nvtaskset TPC ranges of the analysed partitions, written by rtgpu-analyze %s: "
                 "do not edit.\n", info->tool_version);
    put_header(out, d, info, "# ", Q_SHELL_COMMENT);
    fputs("# One line per partition: start every program of the partition's tasks with it, COMMAND\n"
          "# replaced by the program and its arguments. nvtaskset is libsmctrl's tool; -t takes an\n"
          "# inclusive TPC range (https://github.com/JoshuaJB/libsmctrl, README, \"Use Without\n"
          "# Application Modification\").\n", out);
    if (d->compute_capability >= 90)
        put_lines(out, "# ", hopper_note);
    for (size_t i = 0; i < d->n_parts; i++) {
        const rt_deploy_part *p = &d->parts[i];
        fprintf(out, "nvtaskset -t %" PRId64 "-%" PRId64 " COMMAND  # partition ", p->first_tpc,
                p->last_tpc);
        put_quoted(out, p->name, Q_SHELL_COMMENT);
        fprintf(out, ": SMs %" PRId64 "-%" PRId64 "; ", p->first_sm, p->last_sm);
        put_tasks(out, p, info->ts, Q_SHELL_COMMENT);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

int deploy_write_green_contexts(const rt_deploy *d, const rt_deploy_info *info, FILE *out)
{
    fprintf(out, "# CUDA green-context SM counts of the analysed partitions, written by "
                 "rtgpu-analyze %s: do not edit.\n", info->tool_version);
    put_header(out, d, info, "# ", Q_SHELL_COMMENT);
    fprintf(out,
            "# Compute capability %d.%d: a count must be at least %" PRId64 " SMs and a multiple "
            "of %" PRId64 "\n"
            "# (NVIDIA CUDA driver API, \"Green Contexts\", guideline for cuDevSmResourceSplitByCount,\n"
            "# https://docs.nvidia.com/cuda/archive/12.4.0/cuda-driver-api/group__CUDA__GREEN__CONTEXTS.html).\n"
            "# Every count below is legal. On the target, the device's own sm.minSmPartitionSize and\n"
            "# sm.smCoscheduledAlignment (cuDeviceGetDevResource) take precedence over the guideline.\n"
            "#\n"
            "# How to create them (driver API, CUDA 12.4+), one partition after the other in this order:\n"
            "#   1. cuDeviceGetDevResource(dev, &input, CU_DEV_RESOURCE_TYPE_SM)\n"
            "#   2. nb = 1; cuDevSmResourceSplitByCount(&group, &nb, &input, &remaining, 0, SM_COUNT),\n"
            "#      then check group.sm.smCount == SM_COUNT (the driver rounds a count up, it does not fail)\n"
            "#   3. cuDevResourceGenerateDesc(&desc, &group, 1)\n"
            "#   4. cuGreenCtxCreate(&ctx, desc, dev, CU_GREEN_CTX_DEFAULT_STREAM), then\n"
            "#      cuGreenCtxStreamCreate(&stream, ctx, CU_STREAM_NON_BLOCKING, 0); launch the\n"
            "#      kernels of the partition's tasks on that stream only.\n"
            "#   For the next partition, split what remains: NVIDIA notes that a split's output cannot\n"
            "#   be split again before a descriptor and a green context are made from it, so create one\n"
            "#   for `remaining` and read its SMs back with cuGreenCtxGetDevResource as the next input.\n"
            "# Green contexts fix how many SMs a partition gets, not which ones: the driver picks them.\n"
            "#\n"
            "# SM_COUNT PARTITION  (SMs in the analysis; tasks)\n",
            d->compute_capability / 10, d->compute_capability % 10, d->gc.min_sms, d->gc.step_sms);
    for (size_t i = 0; i < d->n_parts; i++) {
        const rt_deploy_part *p = &d->parts[i];
        fprintf(out, "%" PRId64 " ", p->sms);
        put_quoted(out, p->name, Q_SHELL_COMMENT);
        fprintf(out, "  # SMs %" PRId64 "-%" PRId64 "; ", p->first_sm, p->last_sm);
        put_tasks(out, p, info->ts, Q_SHELL_COMMENT);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}


static void j_green(jw *w, const rt_deploy *d, const rt_deploy_part *p)
{
    jw_key(w, "green_context");
    if (!d->has_gc_rule) {
        jw_null(w);
        return;
    }
    jw_object_begin(w);
    jw_kint(w, "sm_count", p->sms);
    jw_kbool(w, "legal", p->gc_legal);
    jw_key(w, "nearest_legal_sms");
    jw_array_begin(w);
    if (p->gc_below)
        jw_int(w, p->gc_below);
    if (p->gc_above)
        jw_int(w, p->gc_above);
    jw_array_end(w);
    jw_object_end(w);
}

static void j_part(jw *w, const rt_deploy *d, const rt_deploy_part *p, const rt_taskset *ts,
                   bool masks)
{
    char hex[40], nvt[64];
    deploy_write_mask_hex(d, p->disable, hex);
    snprintf(nvt, sizeof nvt, "nvtaskset -t %" PRId64 "-%" PRId64, p->first_tpc, p->last_tpc);
    jw_object_begin(w);
    jw_kstr(w, "name", p->name);
    jw_kint(w, "first_sm", p->first_sm);
    jw_kint(w, "last_sm", p->last_sm);
    jw_kint(w, "sms", p->sms);
    jw_key(w, "tpcs");
    jw_object_begin(w);
    jw_kint(w, "first", p->first_tpc);
    jw_kint(w, "last", p->last_tpc);
    jw_object_end(w);
    jw_key(w, "tasks");
    jw_array_begin(w);
    for (size_t k = 0; k < p->n_tasks; k++)
        jw_str(w, ts->tasks[p->tasks[k]].name);
    jw_array_end(w);
    jw_kstr(w, "libsmctrl_disable_mask", masks ? hex : NULL);
    jw_kstr(w, "nvtaskset", nvt);
    j_green(w, d, p);
    jw_object_end(w);
}

int deploy_write_json(const rt_deploy *d, const rt_deploy_info *info, FILE *out)
{
    bool masks = d->tpcs <= RT_DEPLOY_MAX_TPCS;
    char cc[32];
    snprintf(cc, sizeof cc, "%d.%d", d->compute_capability / 10, d->compute_capability % 10);
    jw w;
    jw_init(&w, out, 2);
    jw_object_begin(&w);
    report_json_head(&w, 1, info->tool_version, info->ts, info->gpu);
    jw_kstr(&w, "layout", info->searched ? "search" : "given");
    jw_kbool(&w, "schedulable", info->schedulable);
    jw_key(&w, "gpu");
    jw_object_begin(&w);
    jw_kstr(&w, "name", info->gpu->name);
    jw_kint(&w, "sms", d->sms);
    jw_kint(&w, "partition_granularity", d->granularity);
    jw_kint(&w, "tpcs", d->tpcs);
    jw_kstr(&w, "compute_capability", d->compute_capability ? cc : NULL);
    jw_object_end(&w);
    jw_key(&w, "libsmctrl");
    if (masks) {
        jw_object_begin(&w);
        jw_kstr(&w, "function", d->wide ? "libsmctrl_set_stream_mask_ext"
                                         : "libsmctrl_set_stream_mask");
        jw_kint(&w, "mask_bits", d->wide ? 128 : 64);
        jw_object_end(&w);
    } else {
        jw_null(&w);
    }
    jw_key(&w, "green_contexts");
    if (d->has_gc_rule) {
        jw_object_begin(&w);
        jw_kint(&w, "min_sms", d->gc.min_sms);
        jw_kint(&w, "step_sms", d->gc.step_sms);
        jw_object_end(&w);
    } else {
        jw_null(&w);
    }
    jw_key(&w, "partitions");
    jw_array_begin(&w);
    for (size_t i = 0; i < d->n_parts; i++)
        j_part(&w, d, &d->parts[i], info->ts, masks);
    jw_array_end(&w);
    jw_object_end(&w);
    if (putc('\n', out) == EOF)
        return -1;
    return jw_finish(&w);
}

/* A task's name as one shell word: as it is when every byte is a plain word character and it
 * does not start with '-', else in single quotes (a quote inside as '\''). It is never the first
 * word of a line, so the shell never reads it as an assignment, a reserved word or a builtin
 * (PATH=x, if, exit): it is an argument that chrt hands to execvp(3), a program's name. Names
 * hold no control character (the loader refuses them), so the line stays one line. */
static void put_shell_word(FILE *out, const char *s)
{
    bool plain = *s != '\0' && *s != '-';
    for (const char *c = s; *c && plain; c++)
        plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                strchr("_.,:/+@%-", *c) != NULL;
    if (plain) {
        fputs(s, out);
        return;
    }
    fputc('\'', out);
    for (const char *c = s; *c; c++)
        if (*c == '\'')
            fputs("'\\''", out);
        else
            fputc(*c, out);
    fputc('\'', out);
}

/* "nvtaskset -t FIRST-LAST -- " before the command of a task with GPU steps (nothing
 * otherwise), and its partition for the comment in *part (NULL: none). */
static void put_partition_prefix(FILE *out, const rt_deploy *d, const rt_layout *l, size_t task,
                                 const rt_deploy_part **part)
{
    *part = NULL;
    size_t p = task < l->n_tasks ? l->task_part[task] : SIZE_MAX;
    if (p >= d->n_parts)
        return;
    *part = &d->parts[p];
    fprintf(out, "nvtaskset -t %" PRId64 "-%" PRId64 " -- ", (*part)->first_tpc,
            (*part)->last_tpc);
}

static void put_partition_note(FILE *out, const rt_deploy_part *part)
{
    if (!part)
        return;
    fputs("; partition ", out);
    put_quoted(out, part->name, Q_SHELL_COMMENT);
    fprintf(out, ": SMs %" PRId64 "-%" PRId64, part->first_sm, part->last_sm);
}

int deploy_write_launch(const rt_deploy *d, const rt_deploy_info *info, const rt_layout *l,
                        const rt_launch_plan *p, FILE *out)
{
    fprintf(out, "# Launch lines of the analysed whole system, written by rtgpu-analyze %s: do "
                 "not edit.\n", info->tool_version);
    put_header(out, d, info, "# ", Q_SHELL_COMMENT);
    fprintf(out,
            "# One line per task, core and priority of its CPU steps (docs/system.md sec. 6):\n"
            "# taskset -c CORE pins the thread to the core, chrt -f PRIO runs it under SCHED_FIFO\n"
            "# at PRIO. The %zu distinct priority numbers of the CPU steps are ranked: the\n"
            "# highest (smallest number) runs at %d, each next one a level below, so every core\n"
            "# orders its steps as the analysis did. A task with GPU steps starts under nvtaskset\n"
            "# -t FIRST-LAST, its partition's TPC range (libsmctrl's tool, as --emit-partitions\n"
            "# nvtaskset writes it), whose -- ends its options. The command is the task's\n"
            "# name, never the first word of a line: install the program that runs the task\n"
            "# under that name on the PATH, or put the program and its arguments in its place.\n"
            "# A task with several lines has CPU steps on several cores or at several\n"
            "# priorities: its program must run each line's steps with that line's settings (a\n"
            "# thread per line, or sched_setaffinity(2) and sched_setscheduler(2) before those\n"
            "# steps). A task without CPU steps gets one line under chrt -o 0 (the default\n"
            "# time-sharing policy, whatever the shell running this file has): its host thread\n"
            "# is not part of the analysis.\n",
            p->n_levels, RT_FIFO_TOP);
    if (d->compute_capability >= 90)
        put_lines(out, "# ", hopper_note);
    size_t li = 0;
    for (size_t i = 0; i < info->ts->n_tasks; i++) {
        const char *name = info->ts->tasks[i].name;
        const rt_deploy_part *part;
        if (li >= p->n_lines || p->lines[li].task != i) {
            fputs("chrt -o 0 ", out);
            put_partition_prefix(out, d, l, i, &part);
            put_shell_word(out, name);
            fputs("  # task ", out);
            put_quoted(out, name, Q_SHELL_COMMENT);
            fputs(": no CPU step", out);
            put_partition_note(out, part);
            fputc('\n', out);
            continue;
        }
        for (; li < p->n_lines && p->lines[li].task == i; li++) {
            const rt_launch_line *ln = &p->lines[li];
            fprintf(out, "taskset -c %zu chrt -f %d ", ln->core, ln->fifo);
            put_partition_prefix(out, d, l, i, &part);
            put_shell_word(out, name);
            fputs("  # task ", out);
            put_quoted(out, name, Q_SHELL_COMMENT);
            fputs(ln->n == 1 ? ", step " : ", steps ", out);
            for (size_t k = 0; k < ln->n; k++)
                fprintf(out, "%s%zu", k ? ", " : "", p->steps[ln->first + k] + 1);
            fprintf(out, ": core %zu, priority %" PRId64, ln->core, ln->priority);
            put_partition_note(out, part);
            fputc('\n', out);
        }
    }
    return ferror(out) ? -1 : 0;
}

/* deploy_write: format a computed rt_deploy as one of the four --emit-partitions files.
 *
 * Names and paths come from the user's files and command line, so every one is written quoted
 * and escaped for where it lands: a C string literal (\\, \", \?, and every byte outside printable
 * ASCII as a 3-digit octal escape), a C comment (control bytes escaped, "* /" broken so the
 * comment cannot end early), a shell comment (control bytes escaped, so no line break). */
#include "report/deploy_write.h"

#include <inttypes.h>
#include <jansson.h>
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

/* "0x" and 16 or 32 hex digits: the low half, or both halves when the GPU has > 64 TPCs. */
static void mask_hex(const rt_deploy *d, rt_tpc_mask m, char out[40])
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

/* The provenance lines every text form starts with, each after prefix (" * " or "# "). */
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
    fprintf(out, "%sLayout: %s; the analysis finds it %s\n", prefix, origin(info),
            info->schedulable ? "schedulable" : "NOT schedulable (a deadline is missed)");
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

/* ---- JSON ------------------------------------------------------------------------------ */

static json_t *j_input(const char *path, const unsigned char *sha)
{
    char hex[65];
    sha_hex(sha, hex);
    return json_pack("{s:s?,s:s}", "path", path, "sha256", hex);
}

static json_t *j_green(const rt_deploy *d, const rt_deploy_part *p)
{
    if (!d->has_gc_rule)
        return json_null();
    json_t *near = json_array();
    if (near && p->gc_below && json_array_append_new(near, json_integer(p->gc_below)) != 0)
        json_array_clear(near);
    if (near && p->gc_above && json_array_append_new(near, json_integer(p->gc_above)) != 0)
        json_array_clear(near);
    return json_pack("{s:I,s:b,s:o*}", "sm_count", (json_int_t)p->sms, "legal", p->gc_legal,
                     "nearest_legal_sms", near);
}

static json_t *j_part(const rt_deploy *d, const rt_deploy_part *p, const rt_taskset *ts,
                      bool masks)
{
    char hex[40], nvt[64];
    mask_hex(d, p->disable, hex);
    snprintf(nvt, sizeof nvt, "nvtaskset -t %" PRId64 "-%" PRId64, p->first_tpc, p->last_tpc);
    json_t *tasks = json_array();
    for (size_t k = 0; tasks && k < p->n_tasks; k++)
        if (json_array_append_new(tasks, json_string(ts->tasks[p->tasks[k]].name)) != 0) {
            json_decref(tasks);
            tasks = NULL;
        }
    return json_pack("{s:s,s:I,s:I,s:I,s:{s:I,s:I},s:o,s:o,s:s,s:o}", "name", p->name,
                     "first_sm", (json_int_t)p->first_sm, "last_sm", (json_int_t)p->last_sm,
                     "sms", (json_int_t)p->sms, "tpcs", "first", (json_int_t)p->first_tpc,
                     "last", (json_int_t)p->last_tpc, "tasks", tasks,
                     "libsmctrl_disable_mask", masks ? json_string(hex) : json_null(),
                     "nvtaskset", nvt, "green_context", j_green(d, p));
}

int deploy_write_json(const rt_deploy *d, const rt_deploy_info *info, FILE *out)
{
    bool masks = d->tpcs <= RT_DEPLOY_MAX_TPCS;
    json_t *parts = json_array();
    for (size_t i = 0; parts && i < d->n_parts; i++)
        if (json_array_append_new(parts, j_part(d, &d->parts[i], info->ts, masks)) != 0) {
            json_decref(parts);
            parts = NULL;
        }
    char cc[32];
    snprintf(cc, sizeof cc, "%d.%d", d->compute_capability / 10, d->compute_capability % 10);
    json_t *gc = d->has_gc_rule ? json_pack("{s:I,s:I}", "min_sms", (json_int_t)d->gc.min_sms,
                                            "step_sms", (json_int_t)d->gc.step_sms)
                                : json_null();
    json_t *lib = masks ? json_pack("{s:s,s:i}", "function", d->wide ? "libsmctrl_set_stream_mask_ext"
                                                                     : "libsmctrl_set_stream_mask",
                                    "mask_bits", d->wide ? 128 : 64)
                        : json_null();
    json_t *root = json_pack(
        "{s:i,s:{s:s,s:s},s:{s:o,s:o},s:s,s:b,s:{s:s?,s:I,s:I,s:I,s:o},s:o,s:o,s:o}", "schema", 1,
        "tool", "name", "rtgpu-analyze", "version", info->tool_version, "inputs", "taskset",
        j_input(info->ts->path, info->ts->sha256), "gpu", j_input(info->gpu->path, info->gpu->sha256),
        "layout", info->searched ? "search" : "given", "schedulable", info->schedulable, "gpu",
        "name", info->gpu->name, "sms", (json_int_t)d->sms, "partition_granularity",
        (json_int_t)d->granularity, "tpcs", (json_int_t)d->tpcs, "compute_capability",
        d->compute_capability ? json_string(cc) : json_null(), "libsmctrl", lib,
        "green_contexts", gc, "partitions", parts);
    char *text = root ? json_dumps(root, JSON_INDENT(2)) : NULL;
    int rc = text && fputs(text, out) != EOF && fputc('\n', out) != EOF ? 0 : -1;
    free(text);
    json_decref(root);
    return rc;
}

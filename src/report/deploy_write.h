/* deploy_write: the four --emit-partitions files (docs/evidence.md sec. 4) of a computed rt_deploy:
 * JSON, a C header of libsmctrl masks, nvtaskset lines, green-context SM counts. They format
 * what analysis/deploy.c computed and check nothing: the caller refuses illegal layouts first. */
#ifndef RT_DEPLOY_WRITE_H
#define RT_DEPLOY_WRITE_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/deploy.h"
#include "analysis/layout.h"
#include "analysis/sysdeploy.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Where the layout comes from, for the files' headers (all borrowed). */
typedef struct rt_deploy_info {
    const rt_taskset *ts;      /* task names, path and SHA-256 */
    const rt_gpu *gpu;         /* path, name and SHA-256 */
    const char *tool_version;
    bool searched;             /* found by the search (else given in the task set) */
    bool schedulable;          /* the analysis verdict of this layout */
    const char *chains_failing; /* every deadline holds but chains fail: their words ("chain A
                                 * fails", chain_failing_words); else NULL */
} rt_deploy_info;

/* Mask m as "0x" and 16 hex digits (the low half), or 32 (both halves) when d is wide (more than
 * 64 TPCs), into out. */
void deploy_write_mask_hex(const rt_deploy *d, rt_tpc_mask m, char out[40]);
/* JSON object: per partition name, first_sm, sms, TPC range, libsmctrl mask, nvtaskset range
 * and green-context count with its legality. Returns 0, or -1 on a write error / out of memory. */
int deploy_write_json(const rt_deploy *d, const rt_deploy_info *info, FILE *out);
/* C header defining each partition's TPC-disable mask as a hex constant. 0 or -1. */
int deploy_write_libsmctrl(const rt_deploy *d, const rt_deploy_info *info, FILE *out);
/* One `nvtaskset -t FIRST-LAST COMMAND` line per partition. 0 or -1. */
int deploy_write_nvtaskset(const rt_deploy *d, const rt_deploy_info *info, FILE *out);
/* One SM count per partition and how to create the green contexts (needs d->has_gc_rule). */
int deploy_write_green_contexts(const rt_deploy *d, const rt_deploy_info *info, FILE *out);

/* The provenance lines the files start with (task set and GPU with their SHA-256, where the
 * layout comes from, the verdict), each after prefix ("# ", "-- "), names quoted for a comment
 * that ends at the line's end. */
void deploy_write_provenance(FILE *out, const rt_deploy *d, const rt_deploy_info *info,
                             const char *prefix);
/* --emit-launch (docs/system.md sec. 6): per line of p, `taskset -c CORE chrt -f PRIO
 * [nvtaskset -t FIRST-LAST] TASK`; a task with no CPU step one line without taskset and chrt.
 * p and d computed on layout l. 0 or -1. */
int deploy_write_launch(const rt_deploy *d, const rt_deploy_info *info, const rt_layout *l,
                        const rt_launch_plan *p, FILE *out);

#endif

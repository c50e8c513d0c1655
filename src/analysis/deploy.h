/* deploy: how an analysed layout is created on the GPU (docs/evidence.md sec. 4): TPC ranges,
 * libsmctrl TPC-disable masks, nvtaskset ranges and CUDA green-context SM counts with their
 * legality. Computes, never prints; the writers are in report/deploy_write.h. */
#ifndef RT_DEPLOY_H
#define RT_DEPLOY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/layout.h"
#include "taskset/gpu.h"

/* libsmctrl masks hold at most 128 TPCs (libsmctrl_set_stream_mask_ext takes a uint128_t). */
#define RT_DEPLOY_MAX_TPCS 128

/* A 128-bit TPC mask as two halves: bit i of (hi:lo) is TPC i. */
typedef struct rt_tpc_mask {
    uint64_t hi, lo;
} rt_tpc_mask;

/* Green contexts: a legal SM count c satisfies c >= min_sms and c % step_sms == 0. */
typedef struct rt_gc_rule {
    int64_t min_sms, step_sms;
} rt_gc_rule;

typedef struct rt_deploy_part {
    const char *name;          /* borrowed from the layout */
    int64_t first_sm, last_sm; /* SMs first_sm..last_sm, inclusive */
    int64_t sms;
    int64_t first_tpc, last_tpc;   /* TPCs first_tpc..last_tpc, inclusive (TPC = g SMs) */
    rt_tpc_mask disable;       /* libsmctrl: bit i set = TPC i disabled (all outside the range) */
    size_t *tasks;             /* owned: task indices, highest priority first */
    size_t n_tasks;
    bool gc_legal;             /* green contexts: sms is a legal count (false if no rule) */
    int64_t gc_below, gc_above;    /* nearest legal counts below / above sms, multiples of g
                                    * within the GPU; 0 where there is none */
} rt_deploy_part;

typedef struct rt_deploy {
    int64_t sms, granularity, tpcs;  /* N, g, N / g */
    bool wide;                 /* > 64 TPCs: 128-bit masks (libsmctrl_set_stream_mask_ext) */
    int compute_capability;    /* 75, 86, 87, 90; 0 if the GPU file does not say */
    bool has_gc_rule;          /* compute capability known: gc and the parts' gc_* are set */
    rt_gc_rule gc;
    size_t n_parts;
    rt_deploy_part *parts;     /* owned, in the layout's partition order */
} rt_deploy;

typedef enum {
    DEPLOY_OK = 0,
    DEPLOY_ENOMEM,      /* out of memory */
    DEPLOY_EUNALIGNED,  /* a partition is off the TPC grid, or leaves the GPU */
    DEPLOY_ETOOMANY     /* more than RT_DEPLOY_MAX_TPCS TPCs: no libsmctrl mask can express it */
} rt_deploy_status;

/* The green-context rule of a compute capability (NVIDIA driver API, "Green Contexts"): true and
 * *rule set for 6.x and above, false for 0 (unknown) or below 6.0. */
bool rt_deploy_gc_rule(int compute_capability, rt_gc_rule *rule);
/* Compute every form of layout l on GPU g into *d (freed with rt_deploy_fini, also after an
 * error). On DEPLOY_EUNALIGNED *bad is the offending partition's index. DEPLOY_ETOOMANY still
 * fills everything but the masks (zero), so green contexts remain usable. */
rt_deploy_status rt_deploy_compute(const rt_layout *l, const rt_gpu *g, rt_deploy *d,
                                   size_t *bad);
/* Free what d owns; d may be zeroed. */
void rt_deploy_fini(rt_deploy *d);

#endif

/* channels: the interference-channel register of an analysed layout (CAST-32A and AMC 20-193,
 * MCP_Resource_Usage_3; docs/evidence.md sec. 2): each channel through which one task's work can
 * delay another's on this platform, and what the analysis does with it, decided from the steps the
 * task set uses and the options. The report's words for each row are in report/html_register.c;
 * the decisions are here. */
#ifndef RT_CHANNELS_H
#define RT_CHANNELS_H

#include <stddef.h>

#include "analysis/options.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* The channels, in the register's row order. */
typedef enum rt_channel {
    RT_CH_SMS,              /* SMs and TPCs shared between partitions */
    RT_CH_MEMORY,           /* L2 and DRAM bandwidth between partitions */
    RT_CH_DISPATCH,         /* dispatch of the steps of one partition */
    RT_CH_COPY,             /* copy engines */
    RT_CH_CPU,              /* CPU cores */
    RT_CH_HOST_TRAFFIC,     /* CPU and copy traffic on DRAM against kernels */
    RT_CH_LAUNCH,           /* driver and launch path */
    RT_CH_OS,               /* host interrupts and the operating system */
    RT_CH_ACCELERATORS,     /* other accelerators (DLA, video engines) */
    RT_CH_COUNT
} rt_channel;

typedef enum rt_channel_status {
    RT_CHS_ELIMINATED,      /* cannot occur in the deployment the report records */
    RT_CHS_BOUNDED,         /* its delay is inside every bound of the report */
    RT_CHS_NOT_USED,        /* no step of the task set uses it */
    RT_CHS_ASSUMED,         /* not modelled: a stated assumption */
    RT_CHS_LAUNCH_ONLY      /* bounded by the GPU file's launch overhead only */
} rt_channel_status;

typedef struct rt_channels {
    rt_channel_status status[RT_CH_COUNT];
    size_t cpu_steps, copy_steps, gpu_steps;   /* steps of each kind over the task set */
    size_t cores_used, engines_used;           /* distinct cores, copy engines with a step */
} rt_channels;

/* The register of ts on gpu under options o, for a layout of disjoint partitions (every layout:
 * an input rule, and the search's), into *out. Returns 0, or -1 when out of memory. */
int rt_channels_compute(const rt_taskset *ts, const rt_gpu *gpu, const rt_options *o,
                        rt_channels *out);
/* "eliminated", "bounded", "not used", "not modelled: stated assumption", "launch overhead
 * only". */
const char *rt_channels_status_name(rt_channel_status s);

#endif

/* measurements: observed kernel times or job response times (a CSV file) to check against the
 * analysed bounds (docs/formats.md sec. 6, docs/calibration.md). */
#ifndef RT_MEASUREMENTS_H
#define RT_MEASUREMENTS_H

#include <stddef.h>
#include <stdint.h>

#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* Which of the two CSV layouts a file has; its header line decides. */
typedef enum { RT_MEAS_KERNELS, RT_MEAS_JOBS } rt_meas_kind;

/* A kernel that ran beside the observed one, on its own partition of sms SMs. */
typedef struct rt_meas_corunner {
    size_t kernel;          /* kernel index in the task set */
    int64_t sms;
} rt_meas_corunner;

/* One row "kernel,sms,corunners,time": kernel ran on sms SMs, with the co-runners on disjoint
 * partitions, and took time_ns. */
typedef struct rt_meas_kernel {
    size_t kernel;
    int64_t sms;
    size_t n_corunners;
    rt_meas_corunner *corunners;   /* owned, in file order */
    int64_t time_ns;               /* > 0 */
    long line;
} rt_meas_kernel;

/* One row "task,release,finish": a job of the task arrived at release and finished at finish
 * (timestamps of one clock, in whole ns; finish >= release). */
typedef struct rt_meas_job {
    size_t task;
    int64_t release_ns, finish_ns;
    int64_t response_ns;           /* finish - release */
    long line;
} rt_meas_job;

typedef struct rt_measurements {
    char *path;                    /* as given on the command line */
    unsigned char sha256[32];      /* of the file's bytes as read */
    rt_meas_kind kind;
    size_t n_kernels;
    rt_meas_kernel *kernels;       /* owned; RT_MEAS_KERNELS */
    size_t n_jobs;
    rt_meas_job *jobs;             /* owned; RT_MEAS_JOBS */
} rt_measurements;

/* Free the observations and everything they own; NULL is a no-op. */
void rt_measurements_free(rt_measurements *m);
/* "kernels" or "jobs". */
const char *rt_measurements_kind_name(rt_meas_kind k);

#endif

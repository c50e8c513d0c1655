/* taskset: the task-set input (kernels, tasks, optional fixed partitions) as plain records. */
#ifndef RT_TASKSET_H
#define RT_TASKSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

/* Optional launch configuration of a kernel (occupancy, leftover and mapping models). */
typedef struct rt_launch_cfg {
    int64_t grid[3], block[3];  /* dimensions; missing ones are 1 */
    int64_t registers;          /* per thread; -1 if not given */
    int64_t shared_memory;      /* bytes per block; -1 if not given */
    int64_t block_time_ns;      /* one block running alone (block-time); -1 if not given */
    long line;                  /* of the <launch> element */
} rt_launch_cfg;

/* A measured isolated point: the kernel on `sms` SMs; at least one of cycles and bandwidth. */
typedef struct rt_measured {
    int64_t sms;
    bool has_cycles, has_bw;
    double cycles;   /* > 0, if has_cycles */
    double bw_gbps;  /* >= 0, if has_bw */
    long line;
} rt_measured;

typedef struct rt_kernel {
    char *name;
    long line;
    bool has_cycles;        /* exactly one of has_cycles / has_time */
    double cycles;          /* Ck(N) when given as cycles */
    bool has_time;
    double time_ns;         /* Ck(N) as a duration; cycles = time_ns * clock_mhz / 1000 */
    double bw_gbps;         /* BWiso(k,N) >= 0 */
    bool has_kai;
    double kai;             /* given KAI >= 0 */
    bool has_instructions;
    double instructions;    /* > 0 when given */
    bool has_l2_accesses;
    double l2_accesses;     /* > 0 when given */
    bool has_launch;
    rt_launch_cfg launch;
    rt_measured *measured;  /* owned, file order */
    size_t n_measured;
} rt_kernel;

/* What a step runs on (docs/formats.md sec. 5, "Steps of a task"). */
typedef enum { RT_STEP_CPU, RT_STEP_COPY, RT_STEP_GPU } rt_step_kind;

/* One step of a task: a <cpu>, a <copy>, or a maximal run of consecutive <run>s (a GPU step). */
typedef struct rt_step {
    rt_step_kind kind;
    long line;              /* of its element; a GPU step: of its first <run> */
    int64_t core;           /* cpu: the core, >= 0 (checked against the GPU file's cores) */
    char *engine;           /* copy: owned engine name (rt_gpu_find_engine gives its index);
                             * NULL otherwise */
    bool has_bytes;         /* copy: exactly one of has_bytes / has_time (both valid) */
    int64_t bytes;          /* copy: bytes moved, >= 1 */
    bool has_time;
    int64_t time_ns;        /* copy: its given WCET, >= 1 */
    int64_t wcet_ns;        /* cpu: its WCET, >= 1; 0 for copy and GPU steps (computed later) */
    int64_t bcet_ns;        /* best case, >= 0 (default 0); GPU: the sum of its runs' bcet */
    bool has_priority;      /* the step's own priority (on a GPU step: given by its runs) */
    int64_t priority;       /* smaller = higher; meaningful when has_priority */
    size_t first_run;       /* GPU: its launches are runs[first_run .. first_run + n_runs - 1] */
    size_t n_runs;          /* GPU: >= 1; 0 otherwise */
} rt_step;

typedef struct rt_task {
    char *name;
    long line;
    int64_t period_ns;      /* > 0 */
    int64_t deadline_ns;    /* > 0; = period when not given */
    int64_t jitter_ns;      /* >= 0; 0 when not given */
    int64_t offset_ns;      /* phase of its first release, >= 0; 0 when not given (read by the
                             * chains under LET, docs/chains.md) */
    bool has_priority;
    int64_t priority;       /* smaller = higher; meaningful when has_priority */
    size_t *runs;           /* owned: kernel indices of every launch of every GPU step, in
                             * execution order; none (n_runs == 0) for a CPU task */
    long *run_lines;        /* owned: line of each <run> */
    size_t n_runs;
    int64_t *run_bcet_ns;   /* owned: bcet of each <run> (0 when not given); NULL: all 0 */
    rt_step *steps;         /* owned, execution order; a task of <run>s only has one GPU step.
                             * NULL (n_steps 0) in a task built in memory: one GPU step of all
                             * its runs */
    size_t n_steps;
} rt_task;

typedef struct rt_partition {
    char *name;
    long line;
    int64_t sms;            /* > 0 */
    bool has_first_sm;
    int64_t first_sm;       /* given, or packed in file order by the loader */
    size_t *tasks;          /* owned: task indices in file order */
    size_t n_tasks;
} rt_partition;

/* A kernel submitted by a <scenario> (docs/concurrency.md sec. 8). */
typedef struct rt_submit {
    size_t kernel;          /* kernel index; the kernel has a <launch> */
    int64_t at_ns;          /* submission time >= 0 */
    long line;
} rt_submit;

/* A <scenario>: kernels submitted to the whole GPU, read only by the placement model. */
typedef struct rt_scenario {
    char *name;
    long line;
    rt_submit *submits;     /* owned, file order; each kernel at most once */
    size_t n_submits;
} rt_scenario;

/* How the tasks of a chain pass data (docs/chains.md sec. 1). */
typedef enum {
    RT_COMM_IMPLICIT,       /* read when the first step starts, write when the last completes */
    RT_COMM_LET             /* read at the nominal release, write at the release + D */
} rt_comm;

/* A <chain>: a cause-effect chain of independently triggered tasks (docs/chains.md). */
typedef struct rt_chain {
    char *name;
    long line;
    rt_comm communication;  /* implicit when not given */
    bool has_max_reaction;  /* at least one of the two requirements is given */
    int64_t max_reaction_ns;    /* > 0, when has_max_reaction */
    bool has_max_age;
    int64_t max_age_ns;         /* > 0, when has_max_age */
    size_t *tasks;          /* owned: task indices, from the cause to the effect, each once */
    long *task_lines;       /* owned: line of each <task-ref> */
    size_t n_tasks;         /* >= 2 */
} rt_chain;

typedef struct rt_taskset {
    char *path;             /* as given on the command line (for diagnostics) */
    char *name;
    rt_kernel *kernels;
    size_t n_kernels;
    rt_task *tasks;
    size_t n_tasks;
    rt_partition *partitions;  /* empty when the file fixes none */
    size_t n_partitions;
    rt_scenario *scenarios;    /* owned, file order; empty when the file has none */
    size_t n_scenarios;
    rt_chain *chains;          /* owned, file order; empty when the file has none */
    size_t n_chains;
    unsigned char sha256[32];  /* of the file's bytes as read */
} rt_taskset;

/* Free a task set and everything it owns; NULL is a no-op. */
void rt_taskset_free(rt_taskset *ts);
/* Deep copy of a task set (kernels, tasks, partitions, scenarios, chains: nothing shared with ts); NULL
 * when out of memory. Caller frees with rt_taskset_free. */
rt_taskset *rt_taskset_copy(const rt_taskset *ts);
/* True if a task has a step other than a GPU step, or more than one step: the task set is a
 * whole system (docs/formats.md sec. 5), not GPU work alone. */
bool rt_taskset_has_system_steps(const rt_taskset *ts);
/* The first step that makes ts a whole system (a CPU or copy step, or the second GPU step of a
 * task), for a located message: its task in *task; NULL when there is none. */
const rt_step *rt_taskset_first_system_step(const rt_taskset *ts, const rt_task **task);
/* "implicit" or "let". */
const char *rt_taskset_comm_name(rt_comm c);
/* "cpu", "copy" or "gpu". */
const char *rt_taskset_step_kind_name(rt_step_kind k);
/* Index of the kernel / task with that name, or -1. */
long rt_taskset_find_kernel(const rt_taskset *ts, const char *name);
long rt_taskset_find_task(const rt_taskset *ts, const char *name);
/* Index of the scenario with that name, or -1. */
long rt_taskset_find_scenario(const rt_taskset *ts, const char *name);
/* For a name that names no kernel / task / scenario of ts: ` (did you mean "KALMAN"?)` with the
 * closest name (src/util/suggest.h: same but for case first, else the smallest edit distance),
 * quoted for a message, in buf (size >= 8), or "" when none is close. Returns buf. */
const char *rt_taskset_hint_kernel(const rt_taskset *ts, const char *name, char *buf, size_t size);
const char *rt_taskset_hint_task(const rt_taskset *ts, const char *name, char *buf, size_t size);
const char *rt_taskset_hint_scenario(const rt_taskset *ts, const char *name, char *buf,
                                     size_t size);

#endif

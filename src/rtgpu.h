/* rtgpu.h: the installed API of rtgpu (docs/architecture.md, "The installed API").
 *
 * Load a task set and a GPU file, analyse the task set's own layout or search one, read the
 * verdict and the per-task results (a whole system's steps and the cause-effect chains
 * included: the verdict and figures of rtgpu-analyze for the same inputs and options), free
 * everything. Every name starts with rtgpu_ (RTGPU_ for
 * macros and constants); every type is opaque; nothing here includes another rtgpu header.
 * Link with `pkg-config --cflags --libs rtgpu`. C11, and C++ through extern "C".
 *
 * Ownership: each *_new / *_load / rtgpu_analyse returns an object the caller frees with the
 * matching *_free (NULL is a no-op for every *_free). Strings returned by accessors are borrowed
 * from the object they were read from and live until that object is freed. Every function takes
 * NULL for any pointer and answers with nothing (NULL, 0, -1 or RTGPU_VERDICT_UNDECIDED): a
 * wrong call never crashes. The library never prints and never exits: what it has to say about
 * the inputs goes into a caller's rtgpu_diags list, with file and line. */
#ifndef RTGPU_H
#define RTGPU_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define RTGPU_API __attribute__((visibility("default")))
#else
#define RTGPU_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rtgpu_diags rtgpu_diags;      /* located messages about the inputs */
typedef struct rtgpu_taskset rtgpu_taskset;  /* a loaded task set file */
typedef struct rtgpu_gpu rtgpu_gpu;          /* a loaded GPU file */
typedef struct rtgpu_options rtgpu_options;  /* analysis options, defaults of rtgpu-analyze */
typedef struct rtgpu_result rtgpu_result;    /* the verdict and figures of one analysis */

/* The verdict, the exit status rtgpu-analyze gives for the same inputs and options. */
typedef enum {
    RTGPU_VERDICT_SCHEDULABLE = 0,   /* every deadline holds (search: a layout was found) */
    RTGPU_VERDICT_UNSCHEDULABLE = 1, /* a deadline can be missed (search: no layout passes) */
    RTGPU_VERDICT_INVALID = 2,       /* the inputs or options are invalid (see the diagnostics) */
    RTGPU_VERDICT_UNDECIDED = 3      /* not decided: budget, search limit, solver, no result */
} rtgpu_verdict;

typedef enum { RTGPU_ERROR = 0, RTGPU_WARNING = 1, RTGPU_NOTE = 2 } rtgpu_severity;

/* How the layout (partition sizes, task mapping) is chosen. */
typedef enum {
    RTGPU_LAYOUT_AUTO = 0,   /* the task set's own partitions if it has any, else search */
    RTGPU_LAYOUT_GIVEN = 1,  /* the task set's own partitions (invalid without any) */
    RTGPU_LAYOUT_SEARCH = 2  /* search partitions and mapping */
} rtgpu_layout_mode;

/* What the search optimises (docs/assignment.md). */
typedef enum {
    RTGPU_OBJECTIVE_MIN_SMS = 0,       /* fewest SMs (default) */
    RTGPU_OBJECTIVE_MAX_MIN_SLACK = 1  /* largest smallest relative slack */
} rtgpu_objective;

/* Where a GPU step may be preempted (docs/system.md sec. 4). */
typedef enum {
    RTGPU_PREEMPT_JOB = 0,     /* a partition runs a GPU step to its end (default) */
    RTGPU_PREEMPT_KERNEL = 1   /* a higher-priority GPU step may start between two kernels */
} rtgpu_preemption;

/* The kind of a step of a whole system (docs/system.md). */
typedef enum { RTGPU_STEP_CPU = 0, RTGPU_STEP_COPY = 1, RTGPU_STEP_GPU = 2 } rtgpu_step_kind;

/* A cause-effect chain's verdict (docs/chains.md). */
typedef enum {
    RTGPU_CHAIN_PASSES = 0,      /* every requirement it has holds */
    RTGPU_CHAIN_FAILS = 1,       /* a requirement fails, or has no bound */
    RTGPU_CHAIN_UNDECIDED = 2    /* the work budget ran out before a bound it needs */
} rtgpu_chain_status;

typedef enum {
    RTGPU_TASK_SCHEDULABLE = 0,  /* WCRT bounded and at most the deadline */
    RTGPU_TASK_MISS = 1,         /* decided: WCRT above the deadline, or unbounded */
    RTGPU_TASK_UNDECIDED = 2     /* the work budget ran out before this task was decided */
} rtgpu_task_status;

/* The library's version, e.g. "0.2.0" (static string). */
RTGPU_API const char *rtgpu_version(void);

/* New empty diagnostics list, or NULL on out of memory; free with rtgpu_diags_free. */
RTGPU_API rtgpu_diags *rtgpu_diags_new(void);
/* Free the list and its messages. */
RTGPU_API void rtgpu_diags_free(rtgpu_diags *d);
/* Number of diagnostics stored in d (errors past the first 50 are counted, not stored). */
RTGPU_API size_t rtgpu_diags_count(const rtgpu_diags *d);
/* Number of errors recorded in d, stored or not (0: the inputs were accepted). */
RTGPU_API size_t rtgpu_diags_errors(const rtgpu_diags *d);
/* Severity of diagnostic i (RTGPU_ERROR when i is out of range). */
RTGPU_API rtgpu_severity rtgpu_diag_severity(const rtgpu_diags *d, size_t i);
/* File of diagnostic i (borrowed from d), or NULL when it names none. */
RTGPU_API const char *rtgpu_diag_file(const rtgpu_diags *d, size_t i);
/* Line of diagnostic i in its file, 0 when none is known. */
RTGPU_API long rtgpu_diag_line(const rtgpu_diags *d, size_t i);
/* Message of diagnostic i (borrowed from d), without file, line or severity; NULL out of range. */
RTGPU_API const char *rtgpu_diag_message(const rtgpu_diags *d, size_t i);
/* "error", "warning" or "note" (static string). */
RTGPU_API const char *rtgpu_severity_name(rtgpu_severity s);

/* Load and check a task set file; NULL if it is invalid (errors in d) or out of memory.
 * d may be NULL (the messages are then lost). Free with rtgpu_taskset_free. */
RTGPU_API rtgpu_taskset *rtgpu_taskset_load(const char *path, rtgpu_diags *d);
/* Free a task set. */
RTGPU_API void rtgpu_taskset_free(rtgpu_taskset *ts);
/* Number of tasks in ts. */
RTGPU_API size_t rtgpu_taskset_tasks(const rtgpu_taskset *ts);

/* Load and check a GPU file; NULL if it is invalid (errors in d) or out of memory. d may be
 * NULL. Free with rtgpu_gpu_free. */
RTGPU_API rtgpu_gpu *rtgpu_gpu_load(const char *path, rtgpu_diags *d);
/* Free a GPU. */
RTGPU_API void rtgpu_gpu_free(rtgpu_gpu *gpu);

/* New options with rtgpu-analyze's defaults (layout auto, objective min-sms, time limit 60 s,
 * the default work budget, margin 0.2), or NULL on out of memory; free with rtgpu_options_free. */
RTGPU_API rtgpu_options *rtgpu_options_new(void);
/* Free options. */
RTGPU_API void rtgpu_options_free(rtgpu_options *o);
/* Set how the layout is chosen; 0, or -1 for an unknown mode (o unchanged). */
RTGPU_API int rtgpu_options_set_layout(rtgpu_options *o, rtgpu_layout_mode mode);
/* Set the search objective; 0, or -1 for an unknown objective (o unchanged). */
RTGPU_API int rtgpu_options_set_objective(rtgpu_options *o, rtgpu_objective objective);
/* Set the search's wall-clock limit in seconds (0: none; else at least 0.001 and at most 1e7);
 * 0, or -1 when out of range (o unchanged). Reaching it gives verdict UNDECIDED or a layout not
 * proven minimal, never a wrong verdict. */
RTGPU_API int rtgpu_options_set_time_limit(rtgpu_options *o, double seconds);
/* Set the work budget in units (1 to 2^62, as --budget); 0, or -1 when out of range. */
RTGPU_API int rtgpu_options_set_budget(rtgpu_options *o, uint64_t units);
/* Set the WCET margin, a fraction (0.2 = 20 %, 0 to 10); 0, or -1 when out of range. */
RTGPU_API int rtgpu_options_set_margin(rtgpu_options *o, double margin);
/* Set where GPU steps may be preempted (as --gpu-preemption); 0, or -1 for an unknown value. */
RTGPU_API int rtgpu_options_set_gpu_preemption(rtgpu_options *o, rtgpu_preemption p);

/* Analyse ts on gpu with o (NULL: the defaults): the task set's own layout or a searched one.
 * What the analysis says about the inputs goes into d (may be NULL). Returns the result (free
 * with rtgpu_result_free), also for invalid inputs (verdict INVALID); NULL only when ts or gpu
 * is NULL or memory ran out. */
RTGPU_API rtgpu_result *rtgpu_analyse(const rtgpu_taskset *ts, const rtgpu_gpu *gpu,
                                      const rtgpu_options *o, rtgpu_diags *d);
/* Free a result. */
RTGPU_API void rtgpu_result_free(rtgpu_result *r);
/* The verdict of r (RTGPU_VERDICT_UNDECIDED for NULL). */
RTGPU_API rtgpu_verdict rtgpu_result_verdict(const rtgpu_result *r);
/* 1 if r's layout was searched, 0 if it is the task set's own (or r is NULL). */
RTGPU_API int rtgpu_result_searched(const rtgpu_result *r);
/* Number of partitions of the analysed layout (0: none, e.g. no layout passes the search). */
RTGPU_API size_t rtgpu_result_partitions(const rtgpu_result *r);
/* Name of partition j (borrowed from r), NULL out of range. */
RTGPU_API const char *rtgpu_result_partition_name(const rtgpu_result *r, size_t j);
/* Size of partition j in SMs, -1 out of range. */
RTGPU_API int64_t rtgpu_result_partition_sms(const rtgpu_result *r, size_t j);
/* Number of tasks with results (the task set's tasks, in file order; 0 without a layout). */
RTGPU_API size_t rtgpu_result_tasks(const rtgpu_result *r);
/* Name of task i (borrowed from r), NULL out of range. */
RTGPU_API const char *rtgpu_result_task_name(const rtgpu_result *r, size_t i);
/* Partition index of task i (for rtgpu_result_partition_*), -1 out of range. */
RTGPU_API long rtgpu_result_task_partition(const rtgpu_result *r, size_t i);
/* Worst-case response time bound of task i in ns; -1 when unbounded, undecided or out of range. */
RTGPU_API int64_t rtgpu_result_task_wcrt_ns(const rtgpu_result *r, size_t i);
/* Relative deadline of task i in ns, -1 out of range. */
RTGPU_API int64_t rtgpu_result_task_deadline_ns(const rtgpu_result *r, size_t i);
/* Status of task i (RTGPU_TASK_UNDECIDED out of range). */
RTGPU_API rtgpu_task_status rtgpu_result_task_status(const rtgpu_result *r, size_t i);

/* Why the verdict is RTGPU_VERDICT_UNDECIDED, in words (borrowed from r): the work budget that
 * ran out (where, which tasks or which chain), the search that stopped at its limit, or the
 * analysis that could not finish; NULL for any other verdict. */
RTGPU_API const char *rtgpu_result_undecided_reason(const rtgpu_result *r);

/* A whole system's flows (docs/system.md sec. 3): the steps of task i, in order (0 for a task
 * set of GPU steps alone, whose task figures are those of its one GPU step, or out of range). */
RTGPU_API size_t rtgpu_result_task_steps(const rtgpu_result *r, size_t i);
/* Kind of step k of task i (RTGPU_STEP_GPU out of range). */
RTGPU_API rtgpu_step_kind rtgpu_result_step_kind(const rtgpu_result *r, size_t i, size_t k);
/* The resource that serves it, as the reports name it ("core 1", a copy engine's name, a
 * partition's name; borrowed from r), NULL out of range. */
RTGPU_API const char *rtgpu_result_step_resource(const rtgpu_result *r, size_t i, size_t k);
/* Its best-case offset O from the task's nominal release, ns; -1 out of range. */
RTGPU_API int64_t rtgpu_result_step_offset_ns(const rtgpu_result *r, size_t i, size_t k);
/* Its release jitter J, ns; -1 out of range. */
RTGPU_API int64_t rtgpu_result_step_jitter_ns(const rtgpu_result *r, size_t i, size_t k);
/* Its worst-case completion R from the task's nominal release, ns; -1 when unbounded,
 * undecided or out of range. */
RTGPU_API int64_t rtgpu_result_step_wcrt_ns(const rtgpu_result *r, size_t i, size_t k);

/* The task set's cause-effect chains (docs/chains.md), file order (0 without a layout). */
RTGPU_API size_t rtgpu_result_chains(const rtgpu_result *r);
/* Name of chain c (borrowed from r), NULL out of range. */
RTGPU_API const char *rtgpu_result_chain_name(const rtgpu_result *r, size_t c);
/* Its binding maximum reaction time bound, ns; -1 when none exists or out of range. */
RTGPU_API int64_t rtgpu_result_chain_reaction_ns(const rtgpu_result *r, size_t c);
/* Its binding maximum data age bound, ns; -1 when none exists or out of range. */
RTGPU_API int64_t rtgpu_result_chain_age_ns(const rtgpu_result *r, size_t c);
/* The analysis that gave each binding bound: "davare", "durr_mrt", "durr_mda" or "let_exact"
 * (static strings); NULL when there is no bound or out of range. */
RTGPU_API const char *rtgpu_result_chain_reaction_analysis(const rtgpu_result *r, size_t c);
RTGPU_API const char *rtgpu_result_chain_age_analysis(const rtgpu_result *r, size_t c);
/* Its verdict (RTGPU_CHAIN_UNDECIDED out of range). */
RTGPU_API rtgpu_chain_status rtgpu_result_chain_status(const rtgpu_result *r, size_t c);

#ifdef __cplusplus
}
#endif

#endif

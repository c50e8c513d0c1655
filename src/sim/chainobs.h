/* chainobs: the observed maximum reaction time and maximum data age of a cause-effect chain
 * (docs/simulation.md, "Cause-effect chains"), from the read and write instants of the jobs of its
 * tasks, by the definitions of Gunzel et al. (ECRTS 2023, "On the equivalence of maximum
 * reaction time and maximum data age for cause-effect chains"), with the maximising job chain.
 * Pure: no simulator, no file; exact 64-bit integers. One streaming observer (chainobs_stream)
 * takes the instants as they happen and keeps only what is live; chainobs_compute feeds it whole
 * records in time order.
 *
 * A job reads its inputs at its read instant and writes its output at its write instant; a
 * write and a read at the same instant: the write comes first (the read sees it).
 *   - implicit communication (from syssim's job records): read = its first step's first start
 *     (syssim_job.first_start_ns), write = its last step's completion (last_end_ns);
 *   - LET: read = its nominal release phase + k*T, write = that + D (chainobs_let_jobs).
 * For the chain (tau_1, ..., tau_n):
 *   - reaction time: an external activity just after the read of job m of tau_1 is first read by
 *     J_1 = job m+1 of tau_1; J_(i+1) is the first job of tau_(i+1) that reads at or after the
 *     write of J_i (immediate forward job chain); its length is write(J_n) - read(job m of
 *     tau_1) (the supremum over activities in that interval). MRT = the largest length.
 *   - data age: an actuation just before the write of job m >= 1 of tau_n still uses the output
 *     of J_n = job m-1; J_(i-1) is the last job of tau_(i-1) that writes at or before the read of
 *     J_i (immediate backward job chain); its length is write(job m of tau_n) - read(J_1).
 *     MDA = the largest length.
 *
 * Only job chains that the records decide count, as the simulated window is finite:
 *   - a forward chain counts when every job it needs is recorded and its J_1 reads at or after
 *     the first read of every task of the chain (before that the chain would be the start-up of
 *     the system, where the periodic jobs before time 0 that a running system has are missing:
 *     the LET analysis of Gunzel et al. leaves these out the same way); the enumeration stops at
 *     the first forward chain whose next job is not recorded;
 *   - a backward chain counts when it has a job on every task (none writes early enough: the
 *     incomplete chains of the start-up are skipped) and every hop is decided: when the job
 *     found is the last recorded one of its task, a job that was not recorded could have written
 *     before the read, unless that read is before the task's unrecorded_from_ns.
 * So incomplete chains at both ends of the window are skipped, never guessed. */
#ifndef RT_CHAINOBS_H
#define RT_CHAINOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One job: its read and write instants (ns, >= 0, read <= write). */
typedef struct chainobs_job {
    int64_t read_ns, write_ns;
} chainobs_job;

/* One task's recorded jobs, in release order (jobs 0 .. n_jobs-1, reads and writes each
 * nondecreasing: a task's jobs pass its steps in order), and the earliest instant at which a job
 * that is not recorded can read or write: the nominal release of job n_jobs (phase + n_jobs*T,
 * as a job never reads before its release). Borrowed. */
typedef struct chainobs_task {
    const chainobs_job *jobs;
    size_t n_jobs;
    int64_t unrecorded_from_ns;
} chainobs_task;

/* One maximum and the job chain that gives it (the first one, in enumeration order, on a tie). */
typedef struct chainobs_max {
    bool found;                /* at least one job chain counted */
    uint64_t chains;           /* how many counted */
    int64_t length_ns;         /* to_ns - from_ns */
    int64_t from_ns;           /* MRT: the read of job jobs[0]-1 of tau_1; MDA: read of J_1 */
    int64_t to_ns;             /* MRT: the write of J_n; MDA: the write of job jobs[n-1]+1 */
    size_t *jobs;              /* owned, one per chain position: the job index of J_1 .. J_n */
    chainobs_job *at;          /* owned, one per chain position: those jobs' read and write */
} chainobs_max;

typedef struct chainobs_result {
    chainobs_max mrt, mda;
} chainobs_result;

enum { CHAINOBS_OK = 0, CHAINOBS_ENOMEM = -1, CHAINOBS_EINVAL = -2, CHAINOBS_ERANGE = -3 };

/* The streaming observer of one chain: it takes the jobs' read and write instants as they
 * happen, in time order, and holds only the job chains still under way (memory follows what is
 * live, not the run's length); its maxima are those of chainobs_compute over the same jobs. */
typedef struct chainobs_stream chainobs_stream;

/* A new observer of the chain chain[0 .. n-1] (indices into tasks 0 .. n_tasks-1; a task may
 * appear more than once), for runs in which task i records n_jobs[i] jobs in all, the first one
 * not recorded able to read or write from unrecorded_from[i] on (chainobs_task). CHAINOBS_OK with
 * it in *out (free with chainobs_stream_free), CHAINOBS_EINVAL or CHAINOBS_ENOMEM. */
int chainobs_stream_new(const size_t *chain, size_t n, size_t n_tasks, const uint64_t *n_jobs,
                        const int64_t *unrecorded_from, chainobs_stream **out);
/* Job `job` of task `task` reads (write false) or writes at t: instants never decrease from one
 * call to the next; a task's reads, and its writes, come in job order, each job's read before its
 * write. Events of tasks outside the chain are ignored. CHAINOBS_OK, or the first error
 * (CHAINOBS_EINVAL: an event out of order; CHAINOBS_ENOMEM), which every later call returns. */
int chainobs_stream_event(chainobs_stream *s, size_t task, uint64_t job, bool write, int64_t t);
/* The maxima over every event given, into out (free with chainobs_result_fini): CHAINOBS_OK or
 * the stream's error (out then holds nothing). Call once. */
int chainobs_stream_finish(chainobs_stream *s, chainobs_result *out);
/* Free an observer; NULL is a no-op. */
void chainobs_stream_free(chainobs_stream *s);
/* Give s every read and write of jobs 0 .. n_jobs[i]-1 of each task i of its chain, job_of(ctx,
 * i, k) being job k's instants, in time order. CHAINOBS_OK or the stream's error. */
int chainobs_feed(chainobs_stream *s, size_t n_tasks,
                  chainobs_job (*job_of)(const void *ctx, size_t task, size_t k), const void *ctx,
                  const uint64_t *n_jobs);

/* The maxima of the chain chain[0 .. n-1] (indices into tasks[0 .. n_tasks-1]; a task may
 * appear more than once) over the recorded jobs (above), by the streaming observer fed in time
 * order. CHAINOBS_EINVAL: n == 0, an index out of range, a negative instant, a read after its
 * write, or reads or writes that decrease; out then holds nothing to free. Free out with
 * chainobs_result_fini. */
int chainobs_compute(const chainobs_task *tasks, size_t n_tasks, const size_t *chain, size_t n,
                     chainobs_result *out);
/* Free what chainobs_compute put in r; safe on a zeroed result. */
void chainobs_result_fini(chainobs_result *r);
/* LET job k of a task (phase >= 0, period > 0, deadline >= 0): read phase + k*T, write that +
 * D. CHAINOBS_OK, CHAINOBS_EINVAL or CHAINOBS_ERANGE (an instant beyond int64). */
int chainobs_let_job(int64_t phase, int64_t period, int64_t deadline, uint64_t k,
                     chainobs_job *out);
/* LET jobs 0 .. n-1 of a task (phase >= 0, period > 0, deadline >= 0): read phase + k*T, write
 * that + D, into out[0 .. n-1]; *unrecorded_from gets phase + n*T. CHAINOBS_OK, CHAINOBS_EINVAL
 * or CHAINOBS_ERANGE (an instant beyond int64). */
int chainobs_let_jobs(int64_t phase, int64_t period, int64_t deadline, size_t n,
                      chainobs_job *out, int64_t *unrecorded_from);

#endif

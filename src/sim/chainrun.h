/* chainrun: the cause-effect chains of a simulation (docs/simulation.md, "Cause-effect chains"):
 * the horizon that covers them, and per chain the observed maximum reaction time and data age
 * (chainobs) from the job records of a whole-system run (syssim) or of a run of GPU steps alone
 * (sim) under implicit communication, or from the nominal LET instants, with the witness job
 * chains' instants, beside the binding bounds. */
#ifndef RT_CHAINRUN_H
#define RT_CHAINRUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/chain.h"
#include "sim/chainobs.h"
#include "sim/sim.h"
#include "sim/syssim.h"
#include "taskset/taskset.h"

/* One chain observed. */
typedef struct chainrun_chain {
    chainobs_result obs;       /* owned: the maxima and the witnesses' job indices */
    chainobs_job *mrt_jobs;    /* owned, when obs.mrt.found: read and write of each witness job */
    chainobs_job *mda_jobs;    /* owned, when obs.mda.found */
    bool mrt_exceeded;         /* observed MRT > the binding MRT bound (when there is one) */
    bool mda_exceeded;
} chainrun_chain;

enum { CHAINRUN_OK = 0, CHAINRUN_ENOMEM = -1, CHAINRUN_ERANGE = -2, CHAINRUN_EINVAL = -3 };

/* The smallest horizon that covers every chain of ts: for each, 2 x the lcm of its periods +
 * its largest offset + the sum over its tasks of (T + D), and never below base. INT64_MAX when
 * a chain's sum leaves int64. base when ts has no chain. */
int64_t chainrun_horizon(const rt_taskset *ts, int64_t base);
/* Observe every chain of ts in res (a SYSSIM_OK run of ts with job_records and the tasks'
 * offsets as phases) against bounds[ts->n_chains] (chain_analyse_all): into a new array of
 * ts->n_chains in *out (free with chainrun_free). CHAINRUN_OK, or an error with *out NULL. */
int chainrun_observe(const rt_taskset *ts, const syssim_result *res, const chain_result *bounds,
                     chainrun_chain **out);
/* The same for a run of the GPU-only simulator (sim_run with job_records and phase_ns = the
 * tasks' offsets): a job reads at its start and writes at its finish (implicit), each rounded to
 * the nearest whole ns (exact under --exec wcet). */
int chainrun_observe_sim(const rt_taskset *ts, const sim_result *res, const chain_result *bounds,
                         chainrun_chain **out);
/* The chains of a whole-system run observed while it runs (memory follows the job chains under
 * way, not the run's length; docs/simulation.md, "Cause-effect chains"). Made before syssim_run
 * for ts simulated with the phases phase[i] up to horizon: CHAINRUN_OK with it in *out, or an
 * error (CHAINRUN_ERANGE: an instant beyond int64). */
typedef struct chainrun_stream chainrun_stream;
int chainrun_stream_new(const rt_taskset *ts, const int64_t *phase, int64_t horizon,
                        chainrun_stream **out);
/* syssim_options.job_event, with ctx the stream: 0, or the stream's error (the run stops). */
int chainrun_stream_event(void *ctx, size_t task, uint64_t job, bool write, int64_t t);
/* After a SYSSIM_OK run: every chain against bounds[ts->n_chains], as chainrun_observe gives it
 * from the run's job records (a LET chain from the nominal instants of the jobs the run
 * released), into a new array in *out (free with chainrun_free); CHAINRUN_OK, or an error with
 * *out NULL. */
int chainrun_stream_finish(chainrun_stream *cs, const chain_result *bounds, chainrun_chain **out);
/* The stream's first error (CHAINRUN_OK: none): why a run that it stopped stopped. */
int chainrun_stream_error(const chainrun_stream *cs);
/* Free a stream; NULL is a no-op. */
void chainrun_stream_free(chainrun_stream *cs);
/* The first chain with an exceeded metric: true with its index in *chain and whether it is the
 * data age (else the reaction time) in *mda. */
bool chainrun_exceeded(const chainrun_chain *c, size_t n, size_t *chain, bool *mda);
/* Free an array of n from chainrun_observe; NULL is a no-op. */
void chainrun_free(chainrun_chain *c, size_t n);

#endif

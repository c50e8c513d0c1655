/* workers: --jobs N, N worker processes (fork), each with its own engine; worker k takes the
 * k-th, the (k+N)-th, ... point left. Each sends its outcomes through its own pipe, and this
 * process reads them in point order, so the output is the same bytes as with one process. A
 * worker that is ahead blocks on its full pipe (back-pressure), so memory stays bounded. Workers
 * end with _exit: they never run the parent's exit handlers or flush its buffers. */
#include "explore/workers.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explore/fdio.h"

/* One run's points and where their outcomes go. */
typedef struct crew {
    const xp_spec *s;
    const xp_run_opts *o;
    int jobs;                 /* o->jobs, at least 1 */
    const workers_sink *sink;
} crew;

/* What a worker sends per point. xp_outcome.status points into the program's constant strings,
 * which the forked parent shares; when xp_outcome.chains is not NULL, the n_chains results of
 * the base task set's chains follow the message (the parent points chains at its own copy). */
typedef struct wmsg {
    uint64_t point;
    xp_outcome out;
} wmsg;

/* Never returns: the worker ends with _exit (said, so that no analyser follows the parent's
 * path after a worker's frees). */
static _Noreturn void worker(const crew *c, int k, int fd)
{
    int jobs = c->jobs;
    size_t n_chains = c->s->ts ? c->s->ts->n_chains : 0;
    xp_engine *e = xp_engine_new(c->s);
    if (!e)
        _exit(3);
    uint64_t rank = 0;
    wmsg m;
    for (uint64_t p = c->o->shard - 1; p < c->s->n_points; p += c->o->shards) {
        if (c->sink->done(c->sink->ctx, p))
            continue;
        if (rank++ % (uint64_t)jobs != (uint64_t)k)
            continue;
        memset(&m, 0, sizeof m);
        m.point = p;
        if (xp_engine_eval(e, p, &m.out) != XP_OK)
            _exit(3);
        if (fdio_write_all(fd, &m, sizeof m) != 0 ||
            (m.out.chains &&
             fdio_write_all(fd, m.out.chains, n_chains * sizeof *m.out.chains) != 0))
            _exit(4);
    }
    xp_engine_free(e);
    _exit(0);
}

static void stop_workers(pid_t *pids, int n)
{
    for (int k = 0; k < n; k++)
        if (pids[k] > 0)
            kill(pids[k], SIGTERM);
}

/* Wait for every worker; -1 (recorded in d) if one did not end with status 0. */
static int reap(rt_diags *d, pid_t *pids, int n, bool quiet)
{
    int bad = 0;
    for (int k = 0; k < n; k++) {
        int st;
        if (pids[k] <= 0)
            continue;
        while (waitpid(pids[k], &st, 0) < 0 && errno == EINTR)
            ;
        if (!quiet && !(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
            if (WIFSIGNALED(st))
                rt_diag_error(d, NULL, 0, "worker %d was killed by signal %d", k + 1, WTERMSIG(st));
            else
                rt_diag_error(d, NULL, 0, "worker %d failed (exit status %d%s)", k + 1,
                              WEXITSTATUS(st), WEXITSTATUS(st) == 3 ? ": out of memory" : "");
            bad = -1;
        }
    }
    return bad;
}

int workers_run(const xp_spec *s, const xp_run_opts *o, const workers_sink *sink, rt_diags *d)
{
    int jobs = o->jobs > 1 ? o->jobs : 1, rc = XP_RUN_OK;
    const crew c = { .s = s, .o = o, .jobs = jobs, .sink = sink };
    size_t n_chains = s->ts ? s->ts->n_chains : 0;
    pid_t *pids = calloc((size_t)jobs, sizeof *pids);
    int *fds = malloc((size_t)jobs * sizeof *fds);
    chain_result *chains = calloc(n_chains ? n_chains : 1, sizeof *chains);
    if (!pids || !fds || !chains) {
        free(pids);
        free(fds);
        free(chains);
        return XP_RUN_ENOMEM;
    }
    for (int k = 0; k < jobs; k++)
        fds[k] = -1;
    fflush(NULL);
    for (int k = 0; k < jobs && rc == XP_RUN_OK; k++) {
        int pfd[2];
        if (pipe(pfd) != 0) {
            rt_diag_error(d, NULL, 0, "cannot start worker %d: %s", k + 1, strerror(errno));
            rc = XP_RUN_EWORKER;
            break;
        }
        pid_t pid = fork();
        if (pid == 0) {
            /* the worker keeps only its own pipe's write end */
            close(pfd[0]);
            for (int j = 0; j < k; j++)
                close(fds[j]);
            free(fds);
            free(pids);
            free(chains);
            worker(&c, k, pfd[1]);
        }
        close(pfd[1]);
        if (pid < 0) {
            close(pfd[0]);
            rt_diag_error(d, NULL, 0, "cannot start worker %d: %s", k + 1, strerror(errno));
            rc = XP_RUN_EWORKER;
            break;
        }
        pids[k] = pid;
        fds[k] = pfd[0];
    }
    uint64_t rank = 0;
    wmsg m;
    for (uint64_t p = o->shard - 1; p < s->n_points && rc == XP_RUN_OK; p += o->shards) {
        if (sink->done(sink->ctx, p))
            continue;
        int k = (int)(rank++ % (uint64_t)jobs);
        if (fdio_read_all(fds[k], &m, sizeof m) != 0 || m.point != p ||
            (m.out.chains && (n_chains == 0 ||
                              fdio_read_all(fds[k], chains, n_chains * sizeof *chains) != 0))) {
            rc = XP_RUN_EWORKER;
            break;
        }
        if (m.out.chains)
            m.out.chains = chains;
        rc = sink->emit(sink->ctx, p, &m.out);
    }
    if (rc != XP_RUN_OK)
        stop_workers(pids, jobs);
    for (int k = 0; k < jobs; k++)
        if (fds[k] >= 0)
            close(fds[k]);
    /* a worker's failure is what stopped the run: say which; after another failure, the
     * workers were stopped on purpose */
    if (reap(d, pids, jobs, rc != XP_RUN_OK && rc != XP_RUN_EWORKER) != 0 || rc == XP_RUN_EWORKER) {
        if (rc == XP_RUN_OK || rc == XP_RUN_EWORKER) {
            if (rt_diag_errors(d) == 0)
                rt_diag_error(d, NULL, 0, "a worker process ended early");
            rc = XP_RUN_EWORKER;
        }
    }
    free(pids);
    free(fds);
    free(chains);
    return rc;
}

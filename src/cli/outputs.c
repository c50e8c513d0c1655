/* outputs: commit every output of a run only when all have been produced. Each output is written
 * to its rt_atomic_stream as it is rendered; nothing appears at a target until the last one is
 * rendered. Then all are flushed, so a write error (a device such as /dev/full is written in
 * place, a full disk) is found while nothing is committed yet, and only then are they committed
 * one by one. What remains is a failure inside a commit itself (fsync, link, rename) of the k-th,
 * which leaves the first k-1 in place. */
#include "cli/outputs.h"

#include <errno.h>
#include <string.h>

#include "cli/args.h"

int cli_outputs_error(const cli_outputs *outs, const char *what, const char *path, int err)
{
    fprintf(stderr, "%s: error: cannot write %s to %s: %s\n", outs->prog, what, cli_args_shown(path),
            strerror(err ? err : EIO));
    return 2;
}

FILE *cli_outputs_open(cli_outputs *outs, const char *what, const char *path)
{
    if (outs->n == CLI_OUTPUTS_MAX) {   /* a fixed set of options: never reached */
        cli_outputs_error(outs, what, path, EMFILE);
        return NULL;
    }
    cli_output *o = &outs->o[outs->n];
    if (rt_atomicfile_open(&o->st, path) != 0) {
        cli_outputs_error(outs, what, path, errno);
        return NULL;
    }
    o->what = what;
    o->path = path;
    outs->n++;
    return o->st.f;
}

void cli_outputs_abort(cli_outputs *outs)
{
    for (size_t i = 0; i < outs->n; i++)
        rt_atomicfile_abort(&outs->o[i].st);
    outs->n = 0;
}

int cli_outputs_commit(cli_outputs *outs)
{
    for (size_t i = 0; i < outs->n; i++) {
        cli_output *o = &outs->o[i];
        errno = 0;
        if (fflush(o->st.f) != 0 || ferror(o->st.f)) {
            int err = errno;
            cli_outputs_abort(outs);
            return cli_outputs_error(outs, o->what, o->path, err);
        }
    }
    size_t n = outs->n;
    outs->n = 0;
    for (size_t i = 0; i < n; i++) {
        cli_output *o = &outs->o[i];
        if (rt_atomicfile_commit(&o->st) != 0) {
            int err = errno;
            for (size_t j = i + 1; j < n; j++)
                rt_atomicfile_abort(&outs->o[j].st);
            return cli_outputs_error(outs, o->what, o->path, err);
        }
    }
    return 0;
}

/* runcmd: run the CLI under test with arguments, capture exit status, stdout and stderr. */
#ifndef RT_TEST_RUNCMD_H
#define RT_TEST_RUNCMD_H

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct runcmd_out {
    int status;   /* exit status, or 128 + signal, or -1 if it could not run */
    char *out;    /* captured standard output (owned, NUL-terminated) */
    char *err;    /* captured standard error (owned) */
} runcmd_out;

static inline const char *runcmd_bin(void)
{
    const char *b = getenv("RTGPU_BIN");
    return b ? b : "build/rtgpu-analyze";
}

static inline char *runcmd_slurp(FILE *f)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    rewind(f);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            char *nb = realloc(buf, cap * 2);
            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
    }
    buf[n] = '\0';
    return buf;
}

/* runcmd with the limit `resource` (RLIMIT_FSIZE, RLIMIT_AS; -1: none) set to lim in the
 * child; SIGXFSZ is ignored there, so a write past RLIMIT_FSIZE fails with EFBIG. */
static inline runcmd_out runcmd_rlimit(char *const argv[], unsigned timeout_s, int resource,
                                       rlim_t lim);

/* Run RTGPU_BIN with argv (NULL-terminated, argv[0] ignored), killed after timeout_s seconds. */
static inline runcmd_out runcmd(char *const argv[], unsigned timeout_s)
{
    return runcmd_rlimit(argv, timeout_s, -1, 0);
}

static inline runcmd_out runcmd_rlimit(char *const argv[], unsigned timeout_s, int resource,
                                       rlim_t lim)
{
    runcmd_out r = {-1, NULL, NULL};
    FILE *fo = tmpfile(), *fe = tmpfile();
    if (!fo || !fe)
        goto done;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        goto done;
    if (pid == 0) {
        dup2(fileno(fo), 1);
        dup2(fileno(fe), 2);
        alarm(timeout_s);
        if (resource >= 0) {
            struct rlimit rl = { lim, lim };
            signal(SIGXFSZ, SIG_IGN);
            if (setrlimit(resource, &rl) != 0)
                _exit(126);
        }
        char *args[64], bin[4096];
        size_t n = 0;
        snprintf(bin, sizeof bin, "%s", runcmd_bin());
        args[n++] = bin;
        for (size_t i = 1; argv[i] && n < 63; i++)
            args[n++] = argv[i];
        args[n] = NULL;
        execv(args[0], args);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        ;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = runcmd_slurp(fo);
    r.err = runcmd_slurp(fe);
done:
    if (fo)
        fclose(fo);
    if (fe)
        fclose(fe);
    return r;
}

static inline void runcmd_free(runcmd_out *r)
{
    free(r->out);
    free(r->err);
}

#endif

/* runcmd: run one of the commands under test with arguments and a deadline, capture exit status,
 * stdout and stderr. */
#ifndef RT_TEST_RUNCMD_H
#define RT_TEST_RUNCMD_H

#include <CUnit/CUnit.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* RT_TEST_ASAN: built with AddressSanitizer, whose shadow memory needs terabytes of address
 * space (a test that sets RLIMIT_AS skips itself then, and under valgrind: runcmd_rlimit_as_ok). */
#if defined(__SANITIZE_ADDRESS__)
#define RT_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RT_TEST_ASAN 1
#endif
#endif

/* Whether a test may run a command under RLIMIT_AS: not under AddressSanitizer nor valgrind
 * (valgrind itself does not start within a small address space; it is seen by its preload
 * library in LD_PRELOAD). */
static inline bool runcmd_rlimit_as_ok(void)
{
#ifdef RT_TEST_ASAN
    return false;
#else
    const char *preload = getenv("LD_PRELOAD");
    return !(preload && strstr(preload, "vgpreload"));
#endif
}

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

/* In a forked child: the signals a test sends or a deadline raises act by default, whatever the
 * test runner inherited (a background job of a non-interactive shell, or nohup, starts with
 * SIGINT or SIGHUP ignored, and an ignored signal stays ignored across fork and exec); then
 * the child ends by SIGALRM after deadline_s seconds at the latest. */
static inline void runcmd_child_deadline(unsigned deadline_s)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGPIPE };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    alarm(deadline_s);
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

/* The path of tool (rtgpu-analyze, rtgpu-simulate, rtgpu-explore): the file of that name in the
 * directory of RTGPU_BIN (build/ by default). */
static inline void runcmd_tool_path(const char *tool, char *out, size_t size)
{
    const char *b = runcmd_bin();
    const char *slash = strrchr(b, '/');
    snprintf(out, size, "%.*s%s", slash ? (int)(slash - b + 1) : 0, b, tool);
}

/* Run tool (see runcmd_tool_path; NULL: RTGPU_BIN itself) with argv (NULL-terminated, argv[0]
 * ignored), killed after timeout_s seconds, with the limit `resource` (RLIMIT_FSIZE, RLIMIT_AS;
 * -1: none) set to lim in the child; SIGXFSZ is ignored there, so a write past RLIMIT_FSIZE
 * fails with EFBIG. */
static inline runcmd_out runcmd_tool_rlimit(const char *tool, char *const argv[],
                                            unsigned timeout_s, int resource, rlim_t lim)
{
    runcmd_out r = {-1, NULL, NULL};
    char bin[4096];
    if (tool)
        runcmd_tool_path(tool, bin, sizeof bin);
    else
        snprintf(bin, sizeof bin, "%s", runcmd_bin());
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
        runcmd_child_deadline(timeout_s);
        if (resource >= 0) {
            struct rlimit rl = { lim, lim };
            signal(SIGXFSZ, SIG_IGN);
            if (setrlimit(resource, &rl) != 0)
                _exit(126);
        }
        char *args[64];
        size_t n = 0;
        args[n++] = bin;
        for (size_t i = 1; argv[i] && n < 63; i++)
            args[n++] = argv[i];
        args[n] = NULL;
        execv(args[0], args);
        _exit(127);
    }
    int st = 0;
    pid_t w;
    while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
        ;
    if (w != pid)
        goto done;
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

/* runcmd_tool_rlimit without a limit. */
static inline runcmd_out runcmd_tool(const char *tool, char *const argv[], unsigned timeout_s)
{
    return runcmd_tool_rlimit(tool, argv, timeout_s, -1, 0);
}

/* Run RTGPU_BIN (rtgpu-analyze) with argv, killed after timeout_s seconds. */
static inline runcmd_out runcmd(char *const argv[], unsigned timeout_s)
{
    return runcmd_tool(NULL, argv, timeout_s);
}

/* runcmd under the limit resource = lim (see runcmd_tool_rlimit). */
static inline runcmd_out runcmd_rlimit(char *const argv[], unsigned timeout_s, int resource,
                                       rlim_t lim)
{
    return runcmd_tool_rlimit(NULL, argv, timeout_s, resource, lim);
}

static inline void runcmd_free(runcmd_out *r)
{
    free(r->out);
    free(r->err);
}

/* The whole file at path, NUL-terminated (owned), or NULL if it cannot be opened. */
static inline char *runcmd_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *t = runcmd_slurp(f);
    fclose(f);
    return t;
}

/* Write text to path (a fixture the test makes); the test stops when it cannot. */
static inline void runcmd_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    CU_ASSERT_EQUAL(fclose(f), 0);
}

/* text holds line as a whole line (between line starts and ends). */
static inline bool runcmd_has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; p && (p = strstr(p, line)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
            return true;
    return false;
}

/* Assert that tool (NULL: rtgpu-analyze) with argv exits 2 with want in its standard error,
 * leaves the file input as it was and does not create absent. */
static inline void runcmd_assert_refused(const char *tool, char *const argv[], const char *input,
                                         const char *absent, const char *want)
{
    char *before = runcmd_read_file(input);
    runcmd_out r = runcmd_tool(tool, argv, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, want));
    char *after = runcmd_read_file(input);
    CU_ASSERT_FATAL(before && after);
    CU_ASSERT_STRING_EQUAL(before, after);
    CU_ASSERT_EQUAL(access(absent, F_OK), -1);
    free(before);
    free(after);
    runcmd_free(&r);
}

#endif

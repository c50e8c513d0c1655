/* Tests of the output files (util/atomicfile.c through the commands) and of the command-line
 * numbers: -o onto a read-only file is refused and leaves it as it was; a replaced file keeps its
 * mode; empty and impossible paths exit 2 with a message; SIGKILL at 8 moments of a 0.9 MB -o
 * write never shows a name other than the target in the directory, and the target is either the
 * old file or the complete new one; SIGTERM leaves no temporary; numbers are plain decimals. */
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runcmd.h"
#include "suites.h"

#define TS "tests/data/cli/tiny.xml"
#define GPU "tests/data/cli/tiny-gpu.xml"

/* A fresh directory under /tmp (or $TMPDIR). */
static void make_dir(char *buf, size_t size)
{
    const char *t = getenv("TMPDIR");
    snprintf(buf, size, "%s/rtgpu-output-XXXXXX", t ? t : "/tmp");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(buf));
}

/* The number of entries of dir other than "." , ".." and keep (NULL: none kept). */
static int others_in(const char *dir, const char *keep)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && !(keep && !strcmp(e->d_name, keep)))
            n++;
    closedir(d);
    return n;
}

static void write_text(const char *path, const char *text, mode_t mode)
{
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    fclose(f);
    CU_ASSERT_EQUAL(chmod(path, mode), 0);
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    char p[4096];
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* ---- -o onto existing files, bad paths ------------------------------------------------ */

static void test_readonly_refused_mode_kept(void)
{
    char dir[4096], ro[4200], rw[4200];
    make_dir(dir, sizeof dir);
    snprintf(ro, sizeof ro, "%s/readonly.txt", dir);
    snprintf(rw, sizeof rw, "%s/mode640.txt", dir);
    /* a file no one may write: refused, content and mode unchanged, exit 2 with a message */
    write_text(ro, "old\n", 0444);
    runcmd_out r = runcmd((char *[]){ "x", TS, "--gpu", GPU, "-o", ro, NULL }, 30);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cannot write report to"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "Permission denied"));
    runcmd_free(&r);
    char *text = runcmd_read_file(ro);
    CU_ASSERT_STRING_EQUAL(text ? text : "", "old\n");
    free(text);
    struct stat st;
    CU_ASSERT_EQUAL(stat(ro, &st), 0);
    CU_ASSERT_EQUAL(st.st_mode & 0777, 0444);
    /* a file with mode 0640 is replaced and keeps 0640 (not the umask's 0644 or 0666) */
    write_text(rw, "old\n", 0640);
    r = runcmd((char *[]){ "x", TS, "--gpu", GPU, "-o", rw, NULL }, 30);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    CU_ASSERT_EQUAL(stat(rw, &st), 0);
    CU_ASSERT_EQUAL(st.st_mode & 0777, 0640);
    text = runcmd_read_file(rw);
    CU_ASSERT_PTR_NOT_NULL(text && strstr(text, "SCHEDULABLE"));
    free(text);
    CU_ASSERT_EQUAL(others_in(dir, NULL), 2); /* the two files, no temporary beside them */
    remove_dir(dir);
}

static void expect_exit2(char *const argv[], const char *phrase)
{
    runcmd_out r = runcmd(argv, 30);
    CU_ASSERT_EQUAL(r.status, 2);
    bool has = r.err && strstr(r.err, phrase);
    if (!has)
        fprintf(stderr, "\n  expected \"%s\" in: %s\n", phrase, r.err ? r.err : "(nothing)");
    CU_ASSERT(has);
    runcmd_free(&r);
}

static void test_bad_paths(void)
{
    char dir[4096], p[4200], lnk[4200];
    make_dir(dir, sizeof dir);
    expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "-o", "", NULL }, "-o needs a file name");
    expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "--write-lp", "", NULL },
                 "--write-lp needs a file name");
    snprintf(p, sizeof p, "%s/no-such-dir/r.txt", dir);
    expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "-o", p, NULL }, "No such file or directory");
    expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "-o", dir, NULL }, "Is a directory");
    snprintf(lnk, sizeof lnk, "%s/dangling", dir);
    CU_ASSERT_EQUAL(symlink("nowhere", lnk), 0);
    expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "-o", lnk, NULL }, "cannot write report");
    CU_ASSERT_EQUAL(others_in(dir, "dangling"), 0);
    remove_dir(dir);
}

/* A task-set path that is not UTF-8 (Linux names are bytes): the JSON report still comes out,
 * the bad byte written as U+FFFD (before the report was streamed, this failed as "out of
 * memory", exit 3). */
static void test_path_not_utf8(void)
{
    char dir[4096], ts[4200];
    make_dir(dir, sizeof dir);
    snprintf(ts, sizeof ts, "%s/t\xff.xml", dir);
    char *text = runcmd_read_file(TS);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    write_text(ts, text, 0644);
    free(text);
    runcmd_out r = runcmd((char *[]){ "x", ts, "--gpu", GPU, "--format", "json", NULL }, 30);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "/t\xef\xbf\xbd.xml\""));
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL(j); /* valid JSON (jansson refuses invalid UTF-8) */
    json_decref(j);
    runcmd_free(&r);
    remove_dir(dir);
}

/* ---- numbers ------------------------------------------------------------------------ */

static runcmd_out run_as(const char *name, char *const argv[])
{
    return runcmd_tool(name, argv, 30);
}

static void test_numbers_plain_decimal(void)
{
    static char *const bad_real[] = { "0x10", " 5", "5 ", "+5", "-5", "1e1", ".5", "5.",
                                            "", "inf", "nan", "5,0", "99999999999999999999999" };
    static char *const bad_count[] = { "0x10", " 3", "3 ", "+3", "-3", "3.0", "1e3", "",
                                             "0", "18446744073709551616" };
    for (size_t i = 0; i < sizeof bad_real / sizeof bad_real[0]; i++) {
        char *v = bad_real[i];
        expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "--time-limit", v, NULL },
                     "expected a plain decimal number");
        expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "--margin", v, NULL },
                     "expected a plain decimal number");
    }
    for (size_t i = 0; i < sizeof bad_count / sizeof bad_count[0]; i++) {
        char *v = bad_count[i];
        expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "--combination-cap", v, NULL },
                     "expected a whole number");
        expect_exit2((char *[]){ "x", TS, "--gpu", GPU, "--max-iterations", v, NULL },
                     "expected a whole number");
    }
    /* the plain forms are taken: leading zeros are decimal, not octal */
    runcmd_out r = runcmd((char *[]){ "x", TS, "--gpu", GPU, "--margin", "0.20", "--time-limit",
                                      "5", "--combination-cap", "010", "-q", NULL }, 30);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    /* rtgpu-simulate: --seed (0 allowed, up to 2^64 - 1) and --job-cap */
    static char *const bad_seed[] = { "0x10", " 1", "+1", "-1", "18446744073709551616", "" };
    for (size_t i = 0; i < sizeof bad_seed / sizeof bad_seed[0]; i++) {
        r = run_as("rtgpu-simulate", (char *[]){ "x", TS, "--gpu", GPU, "--release", "random",
                                                 "--seed", bad_seed[i], NULL });
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "--seed"));
        runcmd_free(&r);
    }
    r = run_as("rtgpu-simulate", (char *[]){ "x", TS, "--gpu", GPU, "--release", "random",
                                             "--seed", "18446744073709551615", "--job-cap", "20",
                                             "-q", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = run_as("rtgpu-simulate", (char *[]){ "x", TS, "--gpu", GPU, "--job-cap", "0x20", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    runcmd_free(&r);
    /* rtgpu-explore sweep: --jobs and --shard I/N */
    static char *const bad_shard[] = { " 1/2", "1/ 2", "+1/2", "1/+2", "1/0x2", "0/2", "3/2",
                                             "1/2 ", "1/", "/2", "1/99999999999999999999999" };
    for (size_t i = 0; i < sizeof bad_shard / sizeof bad_shard[0]; i++) {
        r = run_as("rtgpu-explore", (char *[]){ "x", "sweep", "examples/explore/acceptance.xml",
                                                "--shard", bad_shard[i], NULL });
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "--shard"));
        runcmd_free(&r);
    }
    static char *const bad_jobs[] = { " 2", "0x2", "+2", "0", "1025", "2.0", "" };
    for (size_t i = 0; i < sizeof bad_jobs / sizeof bad_jobs[0]; i++) {
        r = run_as("rtgpu-explore", (char *[]){ "x", "sweep", "examples/explore/acceptance.xml",
                                                "--jobs", bad_jobs[i], NULL });
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "--jobs"));
        runcmd_free(&r);
    }
}

/* ---- killed during a large -o write -------------------------------------------------- */

/* A task set whose JSON report is about a megabyte: n kernels with launches on a GPU of sms SMs
 * (its kernel table has n * sms rows, its launch mapping n * sms counts). */
static void write_large_inputs(const char *dir, char *ts, char *gpu, size_t size, int n, int sms)
{
    snprintf(gpu, size, "%s/gpu.xml", dir);
    snprintf(ts, size, "%s/ts.xml", dir);
    FILE *f = fopen(gpu, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpu name=\"wide\" sms=\"%d\" "
               "clock-mhz=\"1000\" l2-banks=\"64\" bw-nominal-gbps=\"1000\" "
               "bw-effective-gbps=\"900\" partition-granularity=\"1\">\n  <sm threads=\"1024\" "
               "blocks=\"16\" warps=\"32\" registers=\"65536\" shared-memory=\"65536\"/>\n"
               "</gpu>\n", sms);
    fclose(f);
    f = fopen(ts, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<taskset name=\"wide\">\n");
    for (int i = 0; i < n; i++)
        fprintf(f, "  <kernel name=\"K%d\" cycles=\"%d\" bw-gbps=\"%d\" kai=\"1\"><launch "
                   "grid=\"%d\" block=\"128\" shared-memory=\"0\"/></kernel>\n",
                i, 1000 + i, 1 + i % 50, 64 + i);
    for (int i = 0; i < n; i++)
        fprintf(f, "  <task name=\"t%d\" period=\"1s\"><run kernel=\"K%d\"/></task>\n", i, i);
    for (int p = 0; p < 2; p++) {
        fprintf(f, "  <partition name=\"P%d\" sms=\"%d\">\n", p, sms / 2);
        for (int i = p; i < n; i += 2)
            fprintf(f, "    <task-ref name=\"t%d\"/>\n", i);
        fprintf(f, "  </partition>\n");
    }
    fprintf(f, "</taskset>\n");
    fclose(f);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Run the analysis with -o target in out_dir, send sig after delay_s (or never when < 0), while
 * watching out_dir: the number of times a name other than "report.json" was seen. *took is
 * the run's wall time. */
static int run_watched(char *const argv[], const char *out_dir, double delay_s, int sig,
                       double *took)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        runcmd_child_deadline(300);
        execv(argv[0], argv);
        _exit(127);
    }
    if (pid < 0)
        return -1;
    int foreign = 0, st = 0;
    bool sent = false;
    double t0 = now_s();
    for (;;) {
        int o = others_in(out_dir, "report.json");
        foreign += o > 0 ? 1 : 0;
        if (waitpid(pid, &st, WNOHANG) == pid)
            break;
        if (!sent && delay_s >= 0 && now_s() - t0 >= delay_s) {
            kill(pid, sig);
            sent = true;
        }
    }
    *took = now_s() - t0;
    foreign += others_in(out_dir, "report.json") > 0 ? 1 : 0;
    return foreign;
}

/* Every name in dir but keep holds exactly `complete` (and is removed); false if one does not. */
static bool only_complete_copies(const char *dir, const char *keep, const char *complete)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool ok = true;
    for (struct dirent *e; (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, keep))
            continue;
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        char *got = runcmd_read_file(path);
        ok &= got && !strcmp(got, complete);
        free(got);
        unlink(path);
    }
    closedir(d);
    return ok;
}

/* The target holds exactly `complete` (the uninterrupted run's report) or `old` (NULL: absent). */
static bool target_old_or_complete(const char *target, const char *old, const char *complete)
{
    char *got = runcmd_read_file(target);
    bool ok = got ? (!strcmp(got, complete) || (old && !strcmp(got, old))) : old == NULL;
    free(got);
    return ok;
}

static void test_kill_during_write(void)
{
    char in_dir[4096], out_dir[4096], ts[4200], gpu[4200], target[4200], bin[4096];
    make_dir(in_dir, sizeof in_dir);
    make_dir(out_dir, sizeof out_dir);
    write_large_inputs(in_dir, ts, gpu, sizeof ts, 16, 192);
    snprintf(target, sizeof target, "%s/report.json", out_dir);
    snprintf(bin, sizeof bin, "%s", runcmd_bin());
    char *argv[] = { bin, ts, "--gpu", gpu, "--format", "json", "-o", target, NULL };
    /* the whole report, uninterrupted; SOURCE_DATE_EPOCH makes every run's bytes the same */
    setenv("SOURCE_DATE_EPOCH", "0", 1);
    double full = 0;
    CU_ASSERT_EQUAL(run_watched(argv, out_dir, -1, 0, &full), 0);
    char *complete = runcmd_read_file(target);
    CU_ASSERT_FATAL(complete && strlen(complete) > 500000); /* about 0.9 MB */
    const char *old = "old report\n";
    /* SIGKILL at 8 moments across the run, with and without an old report in place (small
     * enough for the suite under valgrind, where each run is some 40 times slower) */
    for (int k = 0; k < 8; k++) {
        bool with_old = k % 2;
        unlink(target);
        if (with_old)
            write_text(target, old, 0644);
        double took = 0;
        int foreign = run_watched(argv, out_dir, full * k / 7.0, SIGKILL, &took);
        /* a new report is linked in under its own name: no other name, ever. Replacing an old
         * one, the complete report has a second name for the two system calls between linkat
         * and rename (linkat cannot replace; docs/report.md "Output safety"): a busy machine
         * can show it to the watcher, and only a SIGKILL landing exactly there can leave it,
         * complete. */
        if (!with_old)
            CU_ASSERT_EQUAL(foreign, 0);
        if (with_old && others_in(out_dir, "report.json") > 0) {
            CU_ASSERT(only_complete_copies(out_dir, "report.json", complete));
        } else {
            CU_ASSERT_EQUAL(others_in(out_dir, "report.json"), 0);
        }
        CU_ASSERT(target_old_or_complete(target, with_old ? old : NULL, complete));
    }
    /* SIGTERM in the middle: no temporary left either */
    unlink(target);
    double took = 0;
    CU_ASSERT_EQUAL(run_watched(argv, out_dir, full / 2, SIGTERM, &took), 0);
    CU_ASSERT_EQUAL(others_in(out_dir, "report.json"), 0);
    CU_ASSERT(target_old_or_complete(target, NULL, complete));
    unsetenv("SOURCE_DATE_EPOCH");
    free(complete);
    remove_dir(out_dir);
    remove_dir(in_dir);
}

void test_output_register(void)
{
    CU_pSuite s = CU_add_suite("output files and numbers", NULL, NULL);
    CU_add_test(s, "-o: read-only refused, mode kept", test_readonly_refused_mode_kept);
    CU_add_test(s, "-o and --write-lp: bad paths exit 2 with a message", test_bad_paths);
    CU_add_test(s, "JSON report of a path that is not UTF-8", test_path_not_utf8);
    CU_add_test(s, "numbers are plain decimals in all three commands", test_numbers_plain_decimal);
    CU_add_test(s, "SIGKILL during a large -o write: target old or complete, nothing else",
                test_kill_during_write);
}

/* Tests of the rtgpu-simulate command: help, usage errors, the paper-kernels example over one
 * hyperperiod (text, JSON summary, JSON trace, CSV trace, -o, --job-cap, --trace-cap) and Davis et al.'s CAN
 * example through the binary. The binary is rtgpu-simulate beside the one the suite is given in
 * RTGPU_BIN (build/rtgpu-analyze by default; tests/runcmd.h).
 * A run that exceeds a bound (exit 3) cannot be produced from valid inputs; tests/test_sim.c
 * covers it at library level. Runs are few and short (the suite also runs under valgrind). */
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture_simcli.h"
#include "runcmd.h"

void test_sim_cli_register(void);

#define PK_TS "examples/tasksets/paper-kernels.xml"
#define PK_GPU "examples/gpus/rtx2060.xml"
#define DAVIS_TS "tests/data/sim/davis.xml"
#define GPU_1GHZ "tests/data/sim/gpu-1ghz.xml"

/* ---- help and usage errors --------------------------------------------------------------- */

static void test_sim_cli_help(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", "--help", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Usage: rtgpu-simulate TASKSET.xml --gpu GPU.xml"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "--release synchronous|random"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "--exec wcet|dynamic"));
    CU_ASSERT_STRING_EQUAL(r.err, "");
    runcmd_free(&r);
    r = fx_simcmd((char *[]){ "x", "--version", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT(r.out && strstr(r.out, "rtgpu-simulate " RTGPU_VERSION));
    runcmd_free(&r);
}

static void expect_usage_error(char *const argv[], const char *phrase)
{
    runcmd_out r = fx_simcmd(argv);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, phrase));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--help"));
    runcmd_free(&r);
}

static void test_sim_cli_usage_errors(void)
{
    expect_usage_error((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--release", "foo", NULL },
                       "--release");
    expect_usage_error((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--horizon", "0", NULL },
                       "--horizon");
    expect_usage_error((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--exec", "x", NULL }, "--exec");
    expect_usage_error((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--seed", "-1", NULL }, "--seed");
    expect_usage_error((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--job-cap", "0", NULL },
                       "--job-cap");
    /* an option of rtgpu-analyze only */
    expect_usage_error((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--windows", "synchronous", NULL },
                       "windows");
}

/* ---- the paper-kernels example over one hyperperiod ---------------------------------------- */

/* paper-kernels has no partitions: rtgpu-simulate runs the same search as rtgpu-analyze, then
 * simulates the layout found. Periods 5, 5, 5, 50, 50, 20, 50, 10 ms (vadd, saxpy, copy,
 * raytrace, dxtc, conv, mvt, pf), no jitter: the default horizon is the hyperperiod, 100 ms, and
 * under synchronous release a task of period T has its jobs at 0, T, 2T, ... < 100 ms:
 * 100 / T of them: 20, 20, 20, 2, 2, 5, 2, 10, 81 in all. */
static const char *const pk_names[8] = { "vadd", "saxpy", "copy", "raytrace", "dxtc", "conv",
                                         "mvt", "pf" };
static const json_int_t pk_jobs[8] = { 20, 20, 20, 2, 2, 5, 2, 10 };
#define PK_JOBS 81

static void test_sim_cli_paper_text(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", PK_TS, "--gpu", PK_GPU, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "NO DEADLINE MISS; NO OBSERVED RESPONSE ABOVE ITS BOUND "
                                         "(81 jobs simulated over 100 ms"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "BOUND EXCEEDED"));
    CU_ASSERT_PTR_NULL(strstr(r.err, "DEFECT"));
    for (size_t t = 0; t < 8; t++)
        CU_ASSERT_PTR_NOT_NULL(strstr(r.out, pk_names[t]));
    runcmd_free(&r);
}

/* The summary's keys, values and per-task counts (jobs per task as above unless capped). */
static void check_summary(const json_t *j, bool capped)
{
    CU_ASSERT_EQUAL(fx_jint(j, "schema"), 2);
    const json_t *tool = json_object_get(j, "tool");
    CU_ASSERT_TRUE_FATAL(json_is_object(tool));
    CU_ASSERT_STRING_EQUAL(fx_jstr(tool, "name"), "rtgpu-simulate");
    CU_ASSERT_STRING_EQUAL(fx_jstr(tool, "version"), RTGPU_VERSION);
    const json_t *o = json_object_get(j, "options");
    CU_ASSERT_TRUE_FATAL(json_is_object(o));
    static const char *const okeys[] = { "release", "seed", "exec", "margin", "windows",
                                         "interference", "priorities", "job_cap" };
    for (size_t i = 0; i < sizeof okeys / sizeof *okeys; i++)
        CU_ASSERT_PTR_NOT_NULL(json_object_get(o, okeys[i]));
    CU_ASSERT_STRING_EQUAL(fx_jstr(o, "windows"), "worst-case");
    CU_ASSERT_EQUAL(fx_jint(j, "horizon_ns"), 100000000);
    CU_ASSERT_TRUE(json_is_boolean(json_object_get(j, "capped")));
    CU_ASSERT_EQUAL(json_is_true(json_object_get(j, "capped")), capped);
    CU_ASSERT_TRUE(json_is_false(json_object_get(j, "bound_exceeded")));
    const json_t *tasks = json_object_get(j, "tasks");
    CU_ASSERT_TRUE_FATAL(json_is_array(tasks));
    CU_ASSERT_EQUAL_FATAL(json_array_size(tasks), 8);
    json_int_t sum = 0;
    for (size_t t = 0; t < 8; t++) {
        const json_t *k = json_array_get(tasks, t);
        CU_ASSERT_STRING_EQUAL(fx_jstr(k, "name"), pk_names[t]);
        CU_ASSERT_EQUAL(fx_jstr(k, "partition")[0], 'P');
        json_int_t n = fx_jint(k, "jobs");
        sum += n;
        if (!capped)
            CU_ASSERT_EQUAL(n, pk_jobs[t]);
        json_int_t R = fx_jint(k, "wcrt_ns");
        CU_ASSERT(R > 0);
        CU_ASSERT_EQUAL(fx_jint(k, "missed_jobs"), 0);
        const json_t *mx = json_object_get(k, "observed_max_ns"),
                     *mn = json_object_get(k, "observed_min_ns"),
                     *me = json_object_get(k, "observed_mean_ns");
        if (n == 0) {
            CU_ASSERT_TRUE(json_is_null(mx) && json_is_null(mn) && json_is_null(me));
            continue;
        }
        CU_ASSERT_TRUE_FATAL(json_is_number(mx) && json_is_number(mn) && json_is_number(me));
        CU_ASSERT(json_number_value(mn) > 0);
        CU_ASSERT(json_number_value(mn) <= json_number_value(me));
        CU_ASSERT(json_number_value(me) <= json_number_value(mx));
        CU_ASSERT(json_number_value(mx) <= (double)R);
    }
    CU_ASSERT_EQUAL(fx_jint(j, "jobs_simulated"), capped ? 10 : PK_JOBS);
    CU_ASSERT_EQUAL(sum, capped ? 10 : PK_JOBS);
}

/* --format json --trace -o FILE: the file is written whole (nothing on stdout, no temporary
 * left beside it); the summary has the spec's keys; the trace has one job record per job and
 * one launch record per launch (each task of paper-kernels has one run). */
static void check_trace(const json_t *trace)
{
    CU_ASSERT_TRUE_FATAL(json_is_array(trace));
    size_t jobs = 0, launches = 0;
    json_int_t next[8] = { 0 };
    for (size_t i = 0; i < json_array_size(trace); i++) {
        const json_t *e = json_array_get(trace, i);
        const char *kind = fx_jstr(e, "kind");
        const char *task = fx_jstr(e, "task");
        size_t t = 0;
        while (t < 8 && strcmp(pk_names[t], task) != 0)
            t++;
        CU_ASSERT_FATAL(t < 8);
        if (strcmp(kind, "job") == 0) {
            jobs++;
            CU_ASSERT_EQUAL(fx_jint(e, "job"), next[t]);   /* a task's jobs finish in order */
            next[t]++;
            json_int_t act = fx_jint(e, "activation_ns"), rel = fx_jint(e, "release_ns"),
                       start = fx_jint(e, "start_ns"), fin = fx_jint(e, "finish_ns");
            CU_ASSERT_EQUAL(act, rel);   /* synchronous: no jitter applied */
            CU_ASSERT(rel <= start && start < fin);
            CU_ASSERT_EQUAL(fx_jint(e, "response_ns"), fin - act);
            CU_ASSERT_EQUAL(fx_jstr(e, "partition")[0], 'P');
            CU_ASSERT_TRUE(json_is_false(json_object_get(e, "miss")));
        } else if (strcmp(kind, "launch") == 0) {
            launches++;
            CU_ASSERT_EQUAL(fx_jint(e, "run"), 1);
            CU_ASSERT(fx_jint(e, "job") >= 0);
            CU_ASSERT(strlen(fx_jstr(e, "kernel")) > 0);
            CU_ASSERT(fx_jint(e, "start_ns") < fx_jint(e, "finish_ns"));
            CU_ASSERT_TRUE(json_is_array(json_object_get(e, "co_runners")));
        } else {
            CU_FAIL("a trace record of an unknown kind");
        }
    }
    CU_ASSERT_EQUAL(jobs, PK_JOBS);
    CU_ASSERT_EQUAL(launches, PK_JOBS);
    for (size_t t = 0; t < 8; t++)
        CU_ASSERT_EQUAL(next[t], pk_jobs[t]);
}

static void test_sim_cli_paper_json_trace_file(void)
{
    char dir[] = "/tmp/rtgpu-simcli-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/sim.json", dir);
    runcmd_out r = fx_simcmd((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--format", "json", "--trace",
                                      "-o", path, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    runcmd_free(&r);
    FILE *f = fopen(path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char *text = runcmd_slurp(f);
    fclose(f);
    json_t *j = fx_parse_json(text, NULL);
    free(text);
    if (j) {
        check_summary(j, false);
        const json_t *o = json_object_get(j, "options");
        CU_ASSERT_STRING_EQUAL(fx_jstr(o, "release"), "synchronous");
        CU_ASSERT_STRING_EQUAL(fx_jstr(o, "exec"), "wcet");
        CU_ASSERT_EQUAL(fx_jint(o, "seed"), 1);
        CU_ASSERT_EQUAL(fx_jint(o, "job_cap"), 1000000);
        check_trace(json_object_get(j, "trace"));
        json_decref(j);
    }
    /* only the file itself is left in the directory */
    DIR *d = opendir(dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        n++;
        CU_ASSERT_STRING_EQUAL(e->d_name, "sim.json");
        CU_ASSERT_PTR_NULL(strstr(e->d_name, ".tmp."));
    }
    closedir(d);
    CU_ASSERT_EQUAL(n, 1);
    unlink(path);
    rmdir(dir);
}

/* CSV: the header line, then one "job," row per job and one "launch," row per launch, every
 * row with the header's 12 fields. */
static void test_sim_cli_paper_csv(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--format", "csv", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    static const char header[] = "kind,task,job,run,kernel,partition,activation_ns,release_ns,"
                                 "start_ns,finish_ns,response_ns,co_runners\n";
    CU_ASSERT_EQUAL(strncmp(r.out, header, strlen(header)), 0);
    size_t jobs = 0, launches = 0, other = 0, bad_fields = 0;
    for (char *line = r.out, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        CU_ASSERT_PTR_NOT_NULL_FATAL(nl);   /* every line ends with a newline */
        size_t commas = 0;
        for (char *c = line; c < nl; c++)
            commas += *c == ',';
        bad_fields += commas != 11;
        if (strncmp(line, "job,", 4) == 0)
            jobs++;
        else if (strncmp(line, "launch,", 7) == 0)
            launches++;
        else
            other++;
    }
    CU_ASSERT_EQUAL(jobs, PK_JOBS);
    CU_ASSERT_EQUAL(launches, PK_JOBS);
    CU_ASSERT_EQUAL(other, 1);   /* the header */
    CU_ASSERT_EQUAL(bad_fields, 0);
    /* the first vadd job: activated and released at 0 */
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\njob,\"vadd\",0,,,"));
    runcmd_free(&r);
}

/* --job-cap 10, with random releases and dynamic execution: capped, 10 jobs, and the options
 * are echoed in the summary. */
static void test_sim_cli_job_cap(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--format", "json",
                                      "--job-cap", "10", "--release", "random", "--seed", "7",
                                      "--exec", "dynamic", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_t *j = fx_parse_json(r.out, r.err);
    runcmd_free(&r);
    if (!j)
        return;
    check_summary(j, true);
    CU_ASSERT_TRUE(json_is_true(json_object_get(j, "capped")));
    CU_ASSERT_EQUAL(fx_jint(j, "jobs_simulated"), 10);
    const json_t *o = json_object_get(j, "options");
    CU_ASSERT_STRING_EQUAL(fx_jstr(o, "release"), "random");
    CU_ASSERT_STRING_EQUAL(fx_jstr(o, "exec"), "dynamic");
    CU_ASSERT_EQUAL(fx_jint(o, "seed"), 7);
    CU_ASSERT_EQUAL(fx_jint(o, "job_cap"), 10);
    CU_ASSERT_TRUE(json_is_null(json_object_get(j, "trace")));   /* null without --trace */
    json_decref(j);
}

/* ---- Davis et al.'s example through the binary ------------------------------------------- */

/* tests/data/sim/davis.xml: C's second job (#1, arrived 3500, runs 6000-7000) has the largest
 * response, 3500, equal to the analysed R_C; its first has 3000. */
/* A write error names the file it was writing (it said "cannot write the output"): /dev/full
 * is written in place and every write fails with ENOSPC; exit 2. */
static void test_sim_cli_write_error(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "-o", "/dev/full", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err &&
                           strstr(r.err, "cannot write /dev/full: No space left on device"));
    runcmd_free(&r);
}

static void test_sim_cli_davis(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", DAVIS_TS, "--gpu", GPU_1GHZ, "--margin", "0",
                                      "--format", "json", "--trace", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_t *j = fx_parse_json(r.out, r.err);
    runcmd_free(&r);
    if (!j)
        return;
    CU_ASSERT_EQUAL(fx_jint(j, "horizon_ns"), 17500);
    CU_ASSERT_EQUAL(fx_jint(j, "jobs_simulated"), 7 + 5 + 5);
    const json_t *c = json_array_get(json_object_get(j, "tasks"), 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_STRING_EQUAL(fx_jstr(c, "name"), "C");
    CU_ASSERT_EQUAL(fx_jint(c, "wcrt_ns"), 3500);
    CU_ASSERT_EQUAL(fx_jint(c, "observed_max_ns"), 3500);
    CU_ASSERT_EQUAL(fx_jint(c, "observed_min_ns"), 2500);
    const json_t *trace = json_object_get(j, "trace");
    json_int_t worst = -1, worst_job = -1, first = -1;
    for (size_t i = 0; i < json_array_size(trace); i++) {
        const json_t *e = json_array_get(trace, i);
        if (strcmp(fx_jstr(e, "kind"), "job") != 0 || strcmp(fx_jstr(e, "task"), "C") != 0)
            continue;
        json_int_t resp = fx_jint(e, "response_ns"), k = fx_jint(e, "job");
        if (k == 0)
            first = resp;
        if (k == 1) {
            CU_ASSERT_EQUAL(fx_jint(e, "activation_ns"), 3500);
            CU_ASSERT_EQUAL(fx_jint(e, "start_ns"), 6000);
            CU_ASSERT_EQUAL(fx_jint(e, "finish_ns"), 7000);
        }
        if (resp > worst) {
            worst = resp;
            worst_job = k;
        }
    }
    CU_ASSERT_EQUAL(first, 3000);
    CU_ASSERT_EQUAL(worst, 3500);
    CU_ASSERT_EQUAL(worst_job, 1);
    json_decref(j);
}

/* --trace-cap: Davis's example has 7 + 5 + 5 = 17 jobs of one launch each over its hyperperiod
 * (17500 ns): a CSV trace with --trace-cap 17 is whole (exit 0); at 16 the run stops with exit 2
 * and the message, and -o leaves no file; a JSON --trace likewise; the text summary writes no
 * trace, so --trace-cap 1 does not stop it. */
static void test_sim_cli_trace_cap(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", DAVIS_TS, "--gpu", GPU_1GHZ, "--margin", "0",
                                      "--format", "csv", "--trace-cap", "17", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char dir[] = "/tmp/rtgpu-simcap-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/trace.csv", dir);
    r = fx_simcmd((char *[]){ "x", DAVIS_TS, "--gpu", GPU_1GHZ, "--margin", "0", "--format", "csv",
                           "--trace-cap", "16", "-o", path, NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "rtgpu-simulate: error: the trace has more "
                                           "than 16 launches; stopped (--trace-cap N raises"));
    runcmd_free(&r);
    struct stat sb;
    CU_ASSERT_NOT_EQUAL(stat(path, &sb), 0);   /* nothing written */
    DIR *dd = opendir(dir);
    CU_ASSERT_PTR_NOT_NULL_FATAL(dd);
    int entries = 0;
    for (struct dirent *e; (e = readdir(dd));)
        entries += e->d_name[0] != '.';
    closedir(dd);
    CU_ASSERT_EQUAL(entries, 0);   /* no temporary file left either */
    CU_ASSERT_EQUAL(rmdir(dir), 0);
    r = fx_simcmd((char *[]){ "x", DAVIS_TS, "--gpu", GPU_1GHZ, "--margin", "0", "--format", "json",
                           "--trace", "--trace-cap", "16", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "more than 16 launches"));
    runcmd_free(&r);
    r = fx_simcmd((char *[]){ "x", DAVIS_TS, "--gpu", GPU_1GHZ, "--margin", "0", "--trace-cap", "1",
                           NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
}

/* rtx2060-interference-miss (its header works the bounds by hand): one partition per task, so
 * under --exec wcet each job takes its WCET: copy 1.8243 ms > D 0.8 ms, saxpy 1.5032 ms > D 1 ms;
 * the default horizon is the hyperperiod 2 ms, one job each: both jobs miss, neither exceeds
 * its bound R = WCET. The headline says both; exit 0, or 1 under --fail-on-miss. */
static void test_sim_cli_miss_headline(void)
{
    static char ts[] = "examples/tasksets/rtx2060-interference-miss.xml";
    static const char head[] = "DEADLINE MISSES: copy 1 of 1 jobs, saxpy 1 of 1 jobs; no "
                               "response above its bound (2 jobs simulated over 2 ms";
    runcmd_out r = fx_simcmd((char *[]){ "x", ts, "--gpu", PK_GPU, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT(strncmp(r.out, head, sizeof head - 1) == 0);
    runcmd_free(&r);
    r = fx_simcmd((char *[]){ "x", ts, "--gpu", PK_GPU, "--fail-on-miss", NULL });
    CU_ASSERT_EQUAL(r.status, 1);
    runcmd_free(&r);
    r = fx_simcmd((char *[]){ "x", PK_TS, "--gpu", PK_GPU, "--fail-on-miss", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    /* -q: the headline is the whole output, one line. */
    r = fx_simcmd((char *[]){ "x", ts, "--gpu", PK_GPU, "-q", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT(strncmp(r.out, head, sizeof head - 1) == 0);
    const char *nl = strchr(r.out, '\n');
    CU_ASSERT(nl && nl[1] == '\0');
    runcmd_free(&r);
}

void test_sim_cli_register(void)
{
    CU_pSuite s = CU_add_suite("sim_cli", NULL, NULL);
    CU_add_test(s, "--help and --version", test_sim_cli_help);
    CU_add_test(s, "usage errors exit 2", test_sim_cli_usage_errors);
    CU_add_test(s, "paper-kernels: text summary", test_sim_cli_paper_text);
    CU_add_test(s, "paper-kernels: JSON summary and trace through -o",
                test_sim_cli_paper_json_trace_file);
    CU_add_test(s, "paper-kernels: CSV trace", test_sim_cli_paper_csv);
    CU_add_test(s, "--job-cap, random releases, dynamic execution", test_sim_cli_job_cap);
    CU_add_test(s, "Davis et al. 2007: the second job is the worst", test_sim_cli_davis);
    CU_add_test(s, "--trace-cap stops a trace, exit 2, no file", test_sim_cli_trace_cap);
    CU_add_test(s, "a layout that misses: the headline says so, --fail-on-miss exits 1, -q prints it alone",
                test_sim_cli_miss_headline);
    CU_add_test(s, "a write error names the file", test_sim_cli_write_error);
}

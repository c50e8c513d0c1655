/* Bad inputs through the CLI: every file in tests/data/bad/MANIFEST, plus a FIFO, a directory,
 * a missing path and an oversized file, must give exit status 2, nothing on standard output,
 * and a located message with the manifest's key phrase on standard error. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MANIFEST "tests/data/bad/MANIFEST"
#define GOOD_TASKSET "tests/data/good/taskset.xml"
#define GOOD_GPU "tests/data/good/gpu.xml"
#define TIMEOUT_MS 20000

static char tmpdir[64];

static const char *cli_path(void)
{
    const char *bin = getenv("RTGPU_BIN");
    return bin && *bin ? bin : "build/rtgpu-analyze";
}

/* Record one assertion; a failure's message names the case. */
static void expect(int ok, const char *what, const char *file)
{
    char msg[512];
    snprintf(msg, sizeof msg, "%.150s: %.340s", file, what);
    CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, __LINE__, msg, __FILE__, "", CU_FALSE);
}

static void fail(const char *what, const char *file)
{
    expect(0, what, file);
}

/* Whole contents of a small file (caller frees), "" if unreadable. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = calloc(1, 1 << 16);
    if (f && buf)
        buf[fread(buf, 1, (1 << 16) - 1, f)] = '\0';
    if (f)
        fclose(f);
    return buf;
}

/* Wait for pid at most TIMEOUT_MS; kill it if it hangs. Returns the wait status or -1. */
static int wait_bounded(pid_t pid)
{
    struct timespec tick = {0, 10 * 1000 * 1000};
    int status = 0;
    for (int ms = 0; ms < TIMEOUT_MS; ms += 10) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            return status;
        if (r < 0 && errno != EINTR)
            return -1;
        nanosleep(&tick, NULL);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    return -1;
}

typedef struct run_result {
    int exit_code;   /* -1: did not exit normally in time */
    char *out, *err; /* owned */
} run_result;

/* Run the CLI on a task set and a GPU file, capturing both output streams. */
static int run_cli(const char *taskset, const char *gpu, run_result *res)
{
    char out_path[128], err_path[128];
    snprintf(out_path, sizeof out_path, "%s/stdout", tmpdir);
    snprintf(err_path, sizeof err_path, "%s/stderr", tmpdir);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    char *argv[] = {(char *)(uintptr_t)cli_path(), (char *)(uintptr_t)taskset, "--gpu",
                    (char *)(uintptr_t)gpu, NULL};
    pid_t pid;
    int rc = posix_spawn(&pid, cli_path(), &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int status = wait_bounded(pid);
    res->exit_code = status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    res->out = slurp(out_path);
    res->err = slurp(err_path);
    unlink(out_path);
    unlink(err_path);
    return 0;
}

/* Run one case and check exit 2, empty stdout, the location and the phrase on stderr. */
static void check_case(const char *taskset, const char *gpu, const char *bad_path, long line,
                       const char *phrase)
{
    run_result r = {0, NULL, NULL};
    if (run_cli(taskset, gpu, &r) != 0) {
        fail("cannot run the CLI (set RTGPU_BIN)", bad_path);
        return;
    }
    char loc[400], what[600];
    if (line > 0)
        snprintf(loc, sizeof loc, "%s:%ld: ", bad_path, line);
    else
        snprintf(loc, sizeof loc, "%s: ", bad_path);
    snprintf(what, sizeof what, "exit status %d, expected 2", r.exit_code);
    expect(r.exit_code == 2, what, bad_path);
    expect(r.out && r.out[0] == '\0', "standard output is not empty", bad_path);
    snprintf(what, sizeof what, "no \"%.200s\" on stderr: %.300s", loc, r.err ? r.err : "");
    expect(r.err && strstr(r.err, loc), what, bad_path);
    snprintf(what, sizeof what, "no \"%.200s\" on stderr: %.300s", phrase, r.err ? r.err : "");
    expect(r.err && strstr(r.err, phrase), what, bad_path);
    free(r.out);
    free(r.err);
}

/* One manifest line: "<file> <role> <line> <phrase...>". 0 on success. */
static int manifest_case(char *lineb)
{
    char file[200], role[200];
    long line;
    int used = 0;
    if (sscanf(lineb, "%199s %199s %ld %n", file, role, &line, &used) != 3 || !lineb[used])
        return -1;
    char *phrase = lineb + used;
    phrase[strcspn(phrase, "\n")] = '\0';
    char bad[300], companion[300];
    snprintf(bad, sizeof bad, "tests/data/bad/%s", file);
    if (strcmp(role, "gpu") == 0) {
        check_case(GOOD_TASKSET, bad, bad, line, phrase);
    } else if (strcmp(role, "taskset") == 0) {
        check_case(bad, GOOD_GPU, bad, line, phrase);
    } else if (strncmp(role, "taskset=", 8) == 0) {
        snprintf(companion, sizeof companion, "tests/data/%s", role + 8);
        check_case(bad, companion, bad, line, phrase);
    } else {
        return -1;
    }
    return 0;
}

static void test_manifest(void)
{
    FILE *f = fopen(MANIFEST, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char lineb[1024];
    int cases = 0;
    while (fgets(lineb, sizeof lineb, f)) {
        if (lineb[0] == '#' || lineb[0] == '\n')
            continue;
        if (manifest_case(lineb) != 0)
            fail("malformed manifest line", lineb);
        cases++;
    }
    fclose(f);
    CU_ASSERT(cases >= 100);
}

/* A FIFO must be refused at once, not opened and read (which would block). */
static void test_fifo(void)
{
    char fifo[128];
    snprintf(fifo, sizeof fifo, "%s/pipe.xml", tmpdir);
    CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0600), 0);
    check_case(fifo, GOOD_GPU, fifo, 0, "is a FIFO (named pipe), not a regular file: every "
               "input is read whole from a regular file, so that the report's sha256 names "
               "exactly what was analysed; save it to a file first");
    check_case(GOOD_TASKSET, fifo, fifo, 0, "is a FIFO (named pipe), not a regular file");
    unlink(fifo);
}

static void test_directory(void)
{
    check_case(tmpdir, GOOD_GPU, tmpdir, 0, "is a directory, not a file");
    check_case(GOOD_TASKSET, "tests/data", "tests/data", 0, "is a directory, not a file");
}

static void test_missing(void)
{
    check_case("tests/data/bad/no-such-file.xml", GOOD_GPU, "tests/data/bad/no-such-file.xml", 0,
               "cannot open file: No such file or directory");
    check_case(GOOD_TASKSET, "tests/data/bad/no-such-gpu.xml", "tests/data/bad/no-such-gpu.xml",
               0, "cannot open file: No such file or directory");
}

/* 16 MiB + 1 byte (a valid file followed by zeros: the size is refused before any reading). */
static void test_oversized(void)
{
    char big[128];
    snprintf(big, sizeof big, "%s/big.xml", tmpdir);
    int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    CU_ASSERT_FATAL(fd >= 0);
    CU_ASSERT_EQUAL(ftruncate(fd, (off_t)16 * 1024 * 1024 + 1), 0);
    close(fd);
    check_case(big, GOOD_GPU, big, 0, "file is larger than 16 MiB");
    unlink(big);
}

/* Write text of n attributes a0="0" a1="1" ... into f. */
static void write_attributes(FILE *f, long n)
{
    for (long i = 0; i < n; i++)
        fprintf(f, " a%ld=\"%ld\"", i, i);
}

/* 200,000 attributes on one element (2.3 MB; libxml2's duplicate check alone took over 100 s):
 * refused by the linear scan before parsing, at the element's line. */
static void test_attributes_many(void)
{
    char big[128];
    snprintf(big, sizeof big, "%s/attributes.xml", tmpdir);
    FILE *f = fopen(big, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("<?xml version=\"1.0\"?>\n<taskset>\n  <kernel name=\"K\"", f);
    write_attributes(f, 200000);
    fputs("/>\n</taskset>\n", f);
    CU_ASSERT_EQUAL(fclose(f), 0);
    check_case(big, GOOD_GPU, big, 3, "element <kernel> has more than 256 attributes");
    unlink(big);
}

/* What is not an attribute is not counted: 300 of them inside a comment, a processing
 * instruction and a CDATA section, and '=' and '>' inside a quoted value, beside a good task set
 * (the CLI gets past the scan: the schema then refuses the CDATA text, at line 5). */
static void test_attributes_not_counted(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/decoy.xml", tmpdir);
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("<?xml version=\"1.0\"?>\n<taskset name=\"a=b>c\">\n<!-- <kernel", f);
    write_attributes(f, 300);
    fputs("> -->\n<?pi", f);
    write_attributes(f, 300);
    fputs("?>\n<kernel name=\"K\" time=\"1ms\" bw-gbps=\"1\" kai=\"0.1\"><![CDATA[<x", f);
    write_attributes(f, 300);
    fputs(">]]></kernel>\n</taskset>\n", f);
    CU_ASSERT_EQUAL(fclose(f), 0);
    run_result r = {0, NULL, NULL};
    CU_ASSERT_EQUAL_FATAL(run_cli(path, GOOD_GPU, &r), 0);
    CU_ASSERT_EQUAL(r.exit_code, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err);
    CU_ASSERT(r.err && !strstr(r.err, "attributes"));
    CU_ASSERT(r.err && strstr(r.err, ":5: "));
    free(r.out);
    free(r.err);
    unlink(path);
}

static int suite_init(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rtgpu-badinput-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int suite_fini(void)
{
    return rmdir(tmpdir);
}

void test_badinput_register(void);
void test_badinput_register(void)
{
    CU_pSuite s = CU_add_suite("badinput (CLI)", suite_init, suite_fini);
    CU_add_test(s, "tests/data/bad/MANIFEST", test_manifest);
    CU_add_test(s, "FIFO", test_fifo);
    CU_add_test(s, "directory", test_directory);
    CU_add_test(s, "missing file", test_missing);
    CU_add_test(s, "file over 16 MiB", test_oversized);
    CU_add_test(s, "200,000 attributes on one element", test_attributes_many);
    CU_add_test(s, "attributes in comments, PIs, CDATA, values: not counted", test_attributes_not_counted);
}

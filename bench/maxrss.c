/* maxrss: run a command and print its peak resident memory and times, from getrusage.
 *
 * usage: maxrss COMMAND [ARG...]
 * Prints one line "maxrss_kb=N wall_s=W user_s=U exit=E" on standard error; the command's own
 * output goes where maxrss's does. Exit status: the command's. */
/* wait4; the reserved name is glibc's feature-test macro
 * NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: maxrss COMMAND [ARG...]\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("maxrss: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror("maxrss: exec");
        _exit(127);
    }
    int st = 0;
    struct rusage ru;
    if (wait4(pid, &st, 0, &ru) != pid) {
        perror("maxrss: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    int rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    fprintf(stderr, "maxrss_kb=%ld wall_s=%.3f user_s=%.3f exit=%d\n", ru.ru_maxrss,
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
            (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6, rc);
    return rc;
}

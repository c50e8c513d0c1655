/* rusage: run a command and print its CPU seconds (user + system) and maximum resident set size
 * (getrusage of the child), for bench/bench_budget.sh.
 *
 * usage: rusage COMMAND [ARG...]     prints "cpu_s=X.XX maxrss_mb=Y exit=Z" on stderr */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: rusage COMMAND [ARG...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0)
        return 2;
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int st = 0;
    if (waitpid(pid, &st, 0) < 0)
        return 2;
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
        return 2;
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    fprintf(stderr, "cpu_s=%.2f maxrss_mb=%.1f exit=%d\n", cpu, (double)ru.ru_maxrss / 1024.0,
            code);
    return code;
}
